"""Running scenarios: tests written as content.

A scenario sets up a position (`given` runs right after the game's setup,
with `me` the first player; choices the setup asks for take their first
option, choices `given` asks are answered by the steps), takes actions by
their labels (`do`, `answer`, `pass`), fixes dice (`force`) and asserts
(`expect` a condition, a log line, or that a choice is or is not offered). A failure names the
step as `file:line:col` with what was expected and what was found.
"""

from __future__ import annotations

from dataclasses import dataclass

from waybill.compiler import compile_pack
from waybill.runtime import Game, Rules, WaybillError
from waybill.runtime.access import text_of
from waybill.runtime.exprs import compile_expr

from .errors import CompileError


@dataclass
class Outcome:
    pack: str
    id: str
    name: str
    file: str
    line: int
    column: int
    failure: str | None = None

    @property
    def passed(self) -> bool:
        return self.failure is None

    def render(self) -> str:
        if self.passed:
            return f"PASS {self.id}: {self.name}"
        return f"FAIL {self.id}: {self.name}\n  {self.failure}"


class StepFailed(Exception):
    def __init__(self, at: list, message: str):
        super().__init__(f"{at[0]}:{at[1]}:{at[2]}: {message}")


def run_pack(pack: str) -> list[Outcome]:
    """Run every scenario of a pack (a shipped name or a folder)."""
    base = compile_pack(pack)
    if base.ir is None:
        raise CompileError(f"{pack} does not compile:\n{base.report.render()}", base.report)
    by_variants: dict[tuple, list[dict]] = {}
    for sc in base.scenarios or []:
        by_variants.setdefault(tuple(sc["variants"]), []).append(sc)
    outcomes = []
    for variants, scenarios in by_variants.items():
        result = base if not variants else compile_pack(pack, list(variants))
        if result.ir is None:
            for sc in scenarios:
                outcomes.append(_outcome(pack, sc, f"the pack does not compile with variants {list(variants)}:\n"
                                                   + result.report.render()))
            continue
        lowered = {s["id"]: s for s in result.scenarios or []}
        for sc in scenarios:
            outcomes.append(run_scenario(pack, result.ir, lowered.get(sc["id"], sc)))
    return outcomes


def _outcome(pack: str, sc: dict, failure: str | None) -> Outcome:
    return Outcome(pack, sc["id"], sc["name"], sc["file"], sc["line"], sc["column"], failure)


def run_scenario(pack: str, ir: dict, sc: dict) -> Outcome:
    try:
        game = start(ir, sc)
        for step in sc["steps"]:
            run_step(game, step)
    except StepFailed as exc:
        return _outcome(pack, sc, str(exc))
    except WaybillError as exc:
        return _outcome(pack, sc, f"{sc['file']}:{sc['line']}:{sc['column']}: the game stopped with an error: {exc}")
    return _outcome(pack, sc, None)


# The scenario's `given` block runs as a procedure of this name, called at
# the end of the setup: the runner tells the setup's own choices (answered
# with their first option) from those `given` asks (left to the steps).
GIVEN = "__scenario_given"


def start(ir: dict, sc: dict) -> Game:
    """A game whose setup ends with the scenario's `given` block."""
    bind_me = {"do": "let", "name": "me", "value": {"op": "call", "fn": "player", "args": [0]}}
    given = {"id": GIVEN, "params": [], "body": [bind_me] + list(sc["given"]), "at": None}
    scenario_ir = dict(ir)
    scenario_ir["procedures"] = list(ir.get("procedures") or []) + [given]
    scenario_ir["setup"] = list(ir["setup"]) + [{"do": "call", "proc": GIVEN, "args": [], "into": None,
                                                  "at": None}]
    rules = Rules.from_ir(scenario_ir)
    game = Game.new(rules, players=sc["players"], seed=sc["seed"])
    # Choices the setup asks for (a driver, a starting card, ...) take their
    # first option, so that `given` runs on a finished setup and can then
    # arrange whatever the scenario needs. Choices `given` itself asks (a
    # damage to assign, ...) are answered by the scenario's steps.
    given_code = f"proc:{GIVEN}"
    while (game.pending is not None and any(fr["kind"] == "setup" for fr in game.state.stack)
           and not any(fr["code"] == given_code for fr in game.state.stack)):
        game.apply(game.legal_actions()[0])
    return game


def run_step(game: Game, step: dict) -> None:
    kind = step["kind"]
    at = step["at"]
    if kind in ("do", "answer", "pass"):
        game.apply(pick_action(game, step))
    elif kind == "force":
        try:
            game.force_rolls(step["die"], step["faces"])
        except WaybillError as exc:
            raise StepFailed(at, str(exc)) from None
    elif kind == "expect":
        if not evaluate(game, step["expr"]):
            detail = ""
            if "left" in step:
                left, right = evaluate(game, step["left"]), evaluate(game, step["right"])
                detail = f": left side is {show(game, left)}, right side is {show(game, right)}"
            raise StepFailed(at, f"expected {step.get('message') or 'the condition'} to hold{detail}")
    elif kind in ("expect_offered", "expect_not_offered"):
        labels = [a["label"] for a in game.legal_actions()]
        found = [label for label in labels if _matches(step["text"], label)]
        if kind == "expect_offered" and not found:
            raise StepFailed(at, f"expected a choice matching {step['text']!r}; the choices are {labels}")
        if kind == "expect_not_offered" and found:
            raise StepFailed(at, f"expected no choice matching {step['text']!r}, but {found} offered")
    elif kind == "expect_log":
        if not any(step["text"].lower() in line.lower() for line in game.messages()):
            recent = game.messages()[-5:]
            raise StepFailed(at, f"expected a log line containing {step['text']!r}; the last lines are {recent}")


def pick_action(game: Game, step: dict) -> dict:
    at = step["at"]
    if game.over:
        raise StepFailed(at, "the game is already over")
    legal = game.legal_actions()
    if step.get("by") is not None:
        who = evaluate(game, step["by"])
        seat = who.get("player") if isinstance(who, dict) else who
        if legal and legal[0]["player"] != seat:
            raise StepFailed(at, f"it is seat {legal[0]['player']}'s decision, not seat {seat}'s")
    want = "pass" if step["kind"] == "pass" else step["label"]
    labels = [a["label"] for a in legal]
    exact = [a for a in legal if a["label"].lower() == want.lower()]
    if step["kind"] == "pass" and not exact:
        exact = [a for a in legal if a["label"].lower() in ("pass", "done", "no")]
    if exact and len({a["label"] for a in exact}) == 1:
        return exact[0]  # identical choices (two copies of one card) are interchangeable
    partial = [a for a in legal if _matches(want, a["label"])]
    if len(partial) == 1:
        return partial[0]
    if not partial:
        raise StepFailed(at, f"no legal action matches {want!r}; the choices are {labels}")
    raise StepFailed(at, f"{want!r} matches several choices: {[a['label'] for a in partial]}")


def _matches(want: str, label: str) -> bool:
    """A step names a choice by any part of its label, in any case."""
    return want.lower() in label.lower()


def evaluate(game: Game, expr) -> object:
    fn = compile_expr(expr, game.rules)
    return fn(game.m, {"me": game.m.L.player_refs[0]})


def show(game: Game, value) -> str:
    if isinstance(value, (int, bool)) or value is None:
        return repr(value)
    return repr(text_of(game.m, value))
