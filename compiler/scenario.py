"""Lowering scenarios: the `given` and `before setup` blocks, the steps.

A scenario is lowered in the pack's scope, like a procedure: in its blocks
and expectations `me` is the first player. The runner (cli/scenarios.py)
reads the result; it is not part of the IR a game is played from, so its
shape is free to grow with the scenario format.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from waybill.dsl import ast
from waybill.dsl.diagnostics import suggest

from .scope import Scope

if TYPE_CHECKING:
    from .symbols import Symbol



class ScenarioLowering:
    """Mixed into the `Lowerer`: uses its `expr`, `stmt`, `error`, ..."""

    def scenario(self, s: Symbol) -> dict:
        """A scenario's blocks and steps. A scenario of variants that are not
        applied now is only outlined (no blocks, no steps): it may name what
        those variants add, so it is lowered when the pack is compiled with
        them (`waybill test`, `waybill check`)."""
        self.in_file(s.file)
        d: ast.ScenarioDecl = s.decl
        wanted = [v.replace("-", "_") for v in d.variants]
        for v in wanted:
            if v not in self.p.variants:
                self.error(d.name_span, "E207", f"scenario `{s.name}` names unknown variant `{v}`",
                           suggest(v, self.p.variants))
        outline = {"id": s.name, "name": d.title or s.name, "file": s.file, "line": d.name_span.line,
                   "column": d.name_span.column, "players": self.scenario_players(d), "seed": d.seed,
                   "variants": wanted, "before": [], "given": [], "steps": [], "forces": []}
        if not set(wanted) <= set(self.p.applied_variants):
            return outline
        forces: list = []
        before = self.scenario_block(d.before, s.file, forces)
        given = self.scenario_block(d.given, s.file, forces)
        steps = [self.scenario_step(st, s.file, forces) for st in d.steps]
        return {**outline, "before": before, "given": given, "steps": [st for st in steps if st], "forces": forces}

    def scenario_players(self, d: ast.ScenarioDecl) -> int:
        return d.players or (self.p.game.players[0] if self.p.game and self.p.game.players else 2)

    def scenario_block(self, items: list, file: str, forces: list) -> list:
        """Statements of a `given` or `before setup` block. A `force` in it
        becomes a marker the runner turns into a pause, so that the dice are
        fixed at that very point of the block (after the rolls before it)."""
        scope = self.scenario_scope()
        out: list = []
        for item in items:
            if isinstance(item, ast.ScenarioStep):
                forces.append(self.force(item, file))
                out.append({"do": "scenario_force", "index": len(forces) - 1})
                continue
            lowered = self.stmt(item, scope) if item is not None else None
            out.extend(lowered if isinstance(lowered, list) else [lowered] if lowered else [])
        return out

    def scenario_scope(self) -> Scope:
        return Scope()

    def force(self, st: ast.ScenarioStep, file: str) -> dict:
        self.known_die(st)
        return {"kind": "force", "at": [file, st.span.line, st.span.column], "die": st.name,
                "faces": [self.literal(v) for v in st.values]}

    def known_die(self, st: ast.ScenarioStep) -> None:
        if self.category(st.name) != "die":
            self.error(st.span, "E301", f"unknown die `{st.name}`",
                       suggest(st.name or "", [x.name for x in self.p.of("die")]))
        self.used.add(st.name)

    def scenario_step(self, st: ast.ScenarioStep, file: str, forces: list) -> dict | None:
        step = {"kind": st.kind, "at": [file, st.span.line, st.span.column]}
        if st.kind == "force":
            return self.force(st, file)
        if st.kind == "before_setup":
            self.error(st.span, "E406", "`before setup` comes after a step",
                       "move it above the scenario's first step: it runs before the game's setup")
            return None
        lower = getattr(self, "step_" + st.kind, None)
        extra = lower(st, file, forces) if lower else self.step_action(st)
        return {**step, **extra}

    # ---- one method per kind of step ----------------------------------------------
    def step_action(self, st: ast.ScenarioStep) -> dict:
        return {"label": st.label, "by": self.seat(st.by)}

    def seat(self, expr) -> object:
        return self.expr(expr, self.scenario_scope()) if expr is not None else None

    def step_given(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        return {"body": self.scenario_block(st.body, file, forces)}

    def step_pass_until(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        return {"goal": st.label, "expr": self.expr(st.test, self.scenario_scope())}

    step_play_until = step_pass_until

    def step_expect(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        """An expectation may call procedures: each call runs first, on a copy
        of the game (the `probe`), and the expression reads its result."""
        scope = self.scenario_scope()
        test, calls = self.hoist_procedure_calls(st.test, f"$expect{st.span.line}_{st.span.column}_")
        probe = []
        for temp, call in calls:
            lowered = self.call_stmt(call, scope, into=temp)
            lowered["at"] = self.at(call)
            probe.append(lowered)
            scope.add(temp)
        step = {"expr": self.expr(test, scope), "message": st.message, "probe": probe}
        if isinstance(test, ast.Binary):
            step["left"] = self.expr(test.left, scope)
            step["right"] = self.expr(test.right, scope)
        return step

    def hoist_procedure_calls(self, expr, prefix: str) -> tuple[object, list]:
        """`expr` with each call of a procedure (arguments first) replaced by a
        local named `prefix + n`, and the (local, call) pairs in calling order."""
        calls: list = []

        def walk(node):
            if isinstance(node, list):
                return [walk(x) for x in node]
            if not isinstance(node, ast.Node) or _binds(node):
                return node
            changed = {f.name: walk(getattr(node, f.name)) for f in dataclasses.fields(node)
                       if f.name != "span"}
            node = dataclasses.replace(node, **changed)
            if isinstance(node, ast.Call) and self.category(node.fn) == "procedure":
                temp = f"{prefix}{len(calls)}"
                calls.append((temp, node))
                return ast.Name(node.span, temp)
            return node
        return walk(expr), calls

    def step_expect_log(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        return {"text": st.label, "negated": st.negated, "message": st.message}

    def step_expect_offered(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        prompt = {"text": st.prompt.text, "part": st.prompt.part} if st.prompt else None
        return {"text": st.pattern.text, "part": st.pattern.part, "prompt": prompt, "by": self.seat(st.by),
                "message": st.message}

    step_expect_not_offered = step_expect_offered

    def step_expect_over(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        return {"negated": st.negated, "message": st.message}

    def step_expect_winner(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        return {"seat": self.seat(st.test), "message": st.message}

    def step_expect_rolled(self, st: ast.ScenarioStep, file: str, forces: list) -> dict:
        self.known_die(st)
        return {"die": st.name, "count": st.count, "negated": st.negated, "message": st.message}


def _binds(node) -> bool:
    """`each x in ...`: a call under it depends on `x`, so it cannot run ahead
    of the expression (it stays an E309)."""
    return isinstance(node, ast.Aggregate) and node.var is not None
