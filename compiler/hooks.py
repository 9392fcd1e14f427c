"""`before NAME { ... }` and `after NAME { ... }`: steps around a procedure.

An expansion inserts a step into its base game without restating the base's
procedure: `after deal_hands { draw(bounty_deck, ...) }`. Every call of a
hooked procedure is lowered as a call of a generated procedure
`hooks-<name>` (ids with `-` cannot clash with a pack's names), whose body
is the before-steps, the call of the procedure itself (so that `instead of`
still replaces it), then the after-steps, and which returns what the
procedure returned. The procedure keeps its own id, body and message ids:
its translations stay valid. The steps see the procedure's parameters, and
the after-steps also `result`, the value it returned.

`before setup { ... }` runs ahead of the game's whole setup (a generated
procedure `hooks-setup`, called first); `after setup` is `extend setup`.
"""

from __future__ import annotations

from waybill.dsl import ast
from waybill.dsl.diagnostics import suggest

from .scope import Scope

PREFIX = "hooks-"


def hooked(lowerer) -> set[str]:
    """The procedures that have hooks: their calls go to `hooks-<name>`."""
    out = set()
    for h, _ in lowerer.p.hooks:
        s = lowerer.sym(h.target)
        if h.target != "setup" and s is not None and s.category == "procedure":
            out.add(h.target)
    return out


def lower_hooks(lowerer, ir: dict) -> None:
    by_target: dict[str, list[tuple[ast.Hook, str]]] = {}
    for h, file in lowerer.p.hooks:
        lowerer.in_file(file)
        if h.target != "setup":
            s = lowerer.sym(h.target)
            if s is None or s.category != "procedure":
                what = f"`{h.target}` is a {s.category}" if s is not None else f"`{h.target}` is not one"
                lowerer.error(h.target_span, "E307", f"`{h.when}` needs a procedure or `setup`; {what}",
                              suggest(h.target, [p.name for p in lowerer.p.of("procedure")]) or
                              "hooks go around a procedure the game calls (`before deal_hands { ... }`) "
                              "or around the setup (`before setup { ... }`)")
                continue
            lowerer.used.add(h.target)
        by_target.setdefault(h.target, []).append((h, file))
    for target, hooks in by_target.items():
        if target == "setup":
            ir["procedures"].append(_setup_hooks(lowerer, hooks))
            first = hooks[0][0]
            lowerer.in_file(hooks[0][1])
            ir["setup"].insert(0, {"do": "call", "proc": PREFIX + "setup", "args": [], "into": None,
                                   "at": lowerer.at(first)})
        else:
            ir["procedures"].append(_wrapper(lowerer, target, hooks))


def _setup_hooks(lowerer, hooks: list) -> dict:
    body: list = []
    for h, file in hooks:
        lowerer.in_file(file)
        body += lowerer.block(h.body, Scope())
    lowerer.in_file(hooks[0][1])
    return {"id": PREFIX + "setup", "params": [], "body": body, "at": lowerer.at(hooks[0][0])}


def _wrapper(lowerer, target: str, hooks: list) -> dict:
    decl = lowerer.sym(target).decl
    names = [p.name for p in decl.params]
    body: list = []
    for h, file in hooks:
        if h.when == "before":
            lowerer.in_file(file)
            body += lowerer.block(h.body, Scope(names))
    first, first_file = hooks[0]
    lowerer.in_file(first_file)
    result = "result" if "result" not in names else None
    body.append({"do": "call", "proc": target, "args": [{"op": "var", "name": n} for n in names],
                 "into": result, "at": lowerer.at(first)})
    for h, file in hooks:
        if h.when == "after":
            lowerer.in_file(file)
            body += lowerer.block(h.body, Scope(names + ([result] if result else [])))
    lowerer.in_file(first_file)
    body.append({"do": "return", "value": {"op": "var", "name": result} if result else None,
                 "at": lowerer.at(first)})
    return {"id": PREFIX + target, "params": lowerer.params(decl.params), "body": body, "at": lowerer.at(first)}
