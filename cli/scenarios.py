"""Running scenarios: tests written as content.

A scenario arranges a position (`before setup` runs ahead of the game's
setup, `given` right after it, with `me` the first player; choices the setup
asks for take their first option, choices `given` asks are answered by the
steps), takes actions by their labels (`do`, `answer`, `pass`, `pass until`,
`play until`), fixes dice (`force`, also inside the blocks), rearranges
between steps (a later `given`) and asserts (`expect` a condition, a log
line, the end of the game and its winner, the dice rolled, or that a choice
is or is not offered). A failure names the step as `file:line:col` with what
was expected and what was found.
"""

from __future__ import annotations

from dataclasses import dataclass

from waybill.api import compile_pack
from waybill.api import Game, Rules, WaybillError
from waybill.runtime.engine import interpreter
from waybill.runtime.engine.decisions import ask_of
from waybill.runtime.engine.access import text_of
from waybill.runtime.engine.exprs import compile_expr

from waybill.api import CompileError

# `pass until` / `play until` give up after this many actions.
UNTIL_LIMIT = 1000
# The labels `pass` takes when no choice is labelled "pass" itself.
PASS_LABELS = ("pass", "done", "no")
FIRST_PLAYER = {"op": "call", "fn": "player", "args": [0]}


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


@dataclass
class Progress:
    """What the runner remembers between steps."""
    # where in the log the last step that acted began: `expect rolled` counts from there
    since: int = 0
    since_line: int | None = None


def run_pack(pack: str, own: bool = False) -> list[Outcome]:
    """Run every scenario of a pack (a shipped name or a folder): those of
    the packs it extends too, unless `own` (then only the pack's own). A
    scenario the pack redeclares runs once, as the pack writes it."""
    base = compile_pack(pack)
    if base.ir is None:
        raise CompileError(f"{pack} does not compile:\n{base.report.render()}", base.report)
    mine = own_scenarios(base.program) if own else None
    by_variants: dict[tuple, list[dict]] = {}
    for sc in base.scenarios or []:
        if mine is not None and sc["id"] not in mine:
            continue
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


def own_scenarios(program) -> set[str]:
    """The names of the scenarios the pack itself declares (not its base packs)."""
    name = program.pack.name if program and program.pack else None
    return {s.name for s in (program.scenarios if program else []) if s.pack == name}


def _outcome(pack: str, sc: dict, failure: str | None) -> Outcome:
    return Outcome(pack, sc["id"], sc["name"], sc["file"], sc["line"], sc["column"], failure)


def run_scenario(pack: str, ir: dict, sc: dict) -> Outcome:
    try:
        game = start(ir, sc)
        progress, forces = Progress(), sc.get("forces") or []
        for i, step in enumerate(sc["steps"]):
            try:
                run_step(game, step, progress, forces, i)
            except WaybillError as exc:
                raise StepFailed(step["at"], f"the game stopped with an error: {exc}") from None
    except StepFailed as exc:
        return _outcome(pack, sc, str(exc))
    except WaybillError as exc:
        return _outcome(pack, sc, f"{sc['file']}:{sc['line']}:{sc['column']}: the game stopped with an error: {exc}")
    return _outcome(pack, sc, None)


# ---- the game a scenario plays ------------------------------------------------
# The scenario's blocks run as procedures of these names: `before setup` is
# called first thing in the setup, `given` last; a `given` between steps and
# the procedure calls of an `expect` get one procedure per step. The names
# are what an error inside a block says it was in.
BEFORE = "the scenario's `before setup`"
GIVEN = "the scenario's `given`"


def _step_procedure(step: dict, index: int) -> str:
    return f"the `{'given' if step['kind'] == 'given' else 'expect'}` of step {index + 1}"

# A pause is a decision the runner posts to itself, so that it can act in the
# middle of a block: fix dice where a `force` stands, or take back control
# where a block ends. The runner never answers a pause: it clears it and runs
# on, so the game's decisions and log stay as if there had been none. No
# content prompt starts with NUL.
PAUSE = "\x00scenario:"


def _pause(tag: str) -> dict:
    return {"do": "may", "by": FIRST_PLAYER, "prompt": PAUSE + tag, "body": [], "else": []}


def _procedure(pid: str, body: list, end: bool = False) -> dict:
    """A scenario block as a procedure: `me` is the first player; `force`
    markers become pauses; `end` pauses at the end (blocks run between steps)."""
    bind_me = {"do": "let", "name": "me", "value": FIRST_PLAYER}
    lowered = [_pause(f"force:{s['index']}") if s.get("do") == "scenario_force" else s for s in body]
    return {"id": pid, "params": [], "body": [bind_me] + lowered + ([_pause("end")] if end else []), "at": None}


def scenario_ir(ir: dict, sc: dict) -> dict:
    """The pack's IR with the scenario's blocks as procedures, the setup
    calling `before setup` first and `given` last."""
    procedures = [_procedure(BEFORE, sc.get("before") or []), _procedure(GIVEN, sc["given"])]
    for i, step in enumerate(sc["steps"]):
        if step["kind"] == "given":
            procedures.append(_procedure(_step_procedure(step, i), step["body"], end=True))
        elif step.get("probe"):
            procedures.append(_procedure(_step_procedure(step, i), step["probe"], end=True))
    call = {"do": "call", "args": [], "into": None, "at": None}
    out = dict(ir)
    out["procedures"] = list(ir.get("procedures") or []) + procedures
    out["setup"] = [{**call, "proc": BEFORE}] + list(ir["setup"]) + [{**call, "proc": GIVEN}]
    return out


def start(ir: dict, sc: dict) -> Game:
    """A game whose setup begins with `before setup` and ends with `given`."""
    game = Game.new(Rules.from_ir(scenario_ir(ir, sc)), players=sc["players"], seed=sc["seed"])
    forces = sc.get("forces") or []
    given_code = f"proc:{GIVEN}"
    while True:
        tag = _pause_tag(game)
        if tag is not None:
            _force_at_pause(game, tag, forces)
        # Choices the setup asks for (a driver, a starting card, ...) take
        # their first option, so that `given` runs on a finished setup and can
        # then arrange whatever the scenario needs. Choices `given` itself
        # asks (a damage to assign, ...) are answered by the scenario's steps.
        elif (game.pending is not None and any(fr["kind"] == "setup" for fr in game.state.stack)
              and not any(fr["code"] == given_code for fr in game.state.stack)):
            game.apply(game.legal_actions()[0])
        else:
            return game


def _pause_tag(game: Game) -> str | None:
    pending = game.pending
    if pending is None or not str(pending.get("prompt", "")).startswith(PAUSE):
        return None
    return pending["prompt"][len(PAUSE):]


def _force_at_pause(game: Game, tag: str, forces: list) -> None:
    """Fix the dice of the `force` whose pause this is, and run on."""
    if not tag.startswith("force:"):
        raise WaybillError(f"a scenario pause {tag!r} outside its block")
    force = forces[int(tag[len("force:"):])]
    _force(game, force)
    _resume(game)


def _force(game: Game, step: dict) -> None:
    try:
        game.force_rolls(step["die"], step["faces"])
    except WaybillError as exc:
        raise StepFailed(step["at"], str(exc)) from None


def _resume(game: Game) -> None:
    st = game.state
    st.pending = None
    st.decision -= 1  # the pause was never a decision of the game
    interpreter.run(game.m)


def run_block(game: Game, step: dict, index: int, forces: list, what: str, copy: bool = False) -> dict:
    """Run the procedure of step `index` (a `given` between steps, the calls of
    an `expect`) to its end, on top of whatever decision is pending, and
    return its locals. The pending decision is then asked again. On a `copy`
    of the game, it runs even after the game is over (to read a result)."""
    st = game.state
    if st.over and not copy:
        raise StepFailed(step["at"], f"{what} cannot run: the game is over")
    st.over = False
    decision = st.decision
    st.pending = None
    frame = interpreter.push(game.m, f"proc:{_step_procedure(step, index)}", {}, "proc")
    interpreter.run(game.m)
    while (tag := _pause_tag(game)) is not None and tag != "end":
        _force_at_pause(game, tag, forces)
    if tag != "end":
        raise StepFailed(step["at"], f"{what} {_derailed(game)}")
    st.stack.pop()
    if not copy:
        _ask_again(game, decision)
    return frame["locals"]


def _ask_again(game: Game, decision: int) -> None:
    """Ask the held decision again, under its own number, so that its choices
    are those of the position a `given` arranged (an action it made possible
    is offered). A decision instruction is run again on every step of a
    multi-step decision, so this is how the game itself asks anew."""
    st = game.state
    st.pending, st.decision = None, decision - 1
    fr = st.stack[-1]
    fr["pc"] -= 1 + _picked_afresh(fr)
    interpreter.run(game.m)


def _picked_afresh(fr: dict) -> int:
    """1 when the held decision is a `choose ... from EXPR` (or `choose
    order`) that nothing has been picked in yet: its candidates were listed
    by the instruction before it (`pick_start`/`order_start`, which keep
    them in the locals `$<pc>c` and the picks so far in `$<pc>s`), so that
    instruction runs again and the list is the new position's. A pick of
    several already begun keeps its list: the picks made index into it."""
    k = fr["pc"] - 2
    loc = fr["locals"]
    if f"${k}q" in loc and all(a is None or a < 0 for a in loc.get(f"${k}a") or ()):
        for key in (f"${k}q", f"${k}a", f"${k}d"):     # a simultaneous decision no seat has answered
            loc.pop(key, None)
        return 1
    if f"${k}c" in loc and loc.get(f"${k}s") == []:
        for key in (f"${k}c", f"${k}s", f"${k}n"):
            loc.pop(key, None)
        return 1
    return 0


def _derailed(game: Game) -> str:
    """Why a block did not reach its end: the game ended, or it asked a decision."""
    if game.over:
        return f"ended the game ({_winner_text(game)})"
    p = game.pending
    return (f"asked {_seat(game, p['player'])} a decision ({p['prompt']!r}), which a scenario "
            f"cannot answer here; arrange the position without it")


# ---- steps ----------------------------------------------------------------------
def run_step(game: Game, step: dict, progress: Progress | None = None, forces: list | None = None,
             index: int = -1) -> None:
    """Run one step. `progress` carries what a step remembers for later ones;
    `forces` and `index` place the blocks of `given` and `expect` steps."""
    progress = progress if progress is not None else Progress()
    kind = step["kind"]
    if kind in ("do", "answer", "pass", "pass_until", "play_until"):
        progress.since, progress.since_line = len(game.log), step["at"][1]
    if kind in ("do", "answer", "pass"):
        _act(game, pick_action(game, step), forces)
    elif kind in ("pass_until", "play_until"):
        play_until(game, step, forces or [])
    elif kind == "force":
        _force(game, step)
    elif kind == "given":
        run_block(game, step, index, forces or [], "`given`")
    else:
        EXPECTATIONS[kind](game, step, progress, forces or [], index)


def pick_action(game: Game, step: dict) -> dict:
    at = step["at"]
    if game.over:
        raise StepFailed(at, "the game is already over")
    legal = game.legal_actions()
    if step.get("by") is not None:
        seat = _seat_index(evaluate(game, step["by"]))
        if legal and seat not in game.waiting:
            raise StepFailed(at, f"the decision belongs to {_seats(game, game.waiting)}, "
                                 f"not to {_seat(game, seat)}")
        legal = game.legal_actions(seat)       # (one of several seats of a simultaneous decision)
    want = "pass" if step["kind"] == "pass" else step["label"]
    labels = [a["label"] for a in legal]
    by_id = _by_id(game, legal, want)
    if by_id:
        return by_id[0]       # a message id (`action-drive`, `engine-pass`) or a view's option id
    exact = [a for a in legal if a["label"].lower() == want.lower()]
    if step["kind"] == "pass" and not exact:
        exact = _pass_options(legal)
    if exact and len({a["label"] for a in exact}) == 1:
        return exact[0]  # identical choices (two copies of one card) are interchangeable
    partial = [a for a in legal if _contains(want, a["label"])]
    if len(partial) == 1:
        return partial[0]
    if not partial:
        raise StepFailed(at, f"no legal action matches {want!r}; the choices are {labels}")
    raise StepFailed(at, f"{want!r} matches several choices: {[a['label'] for a in partial]}")


def _by_id(game: Game, legal: list[dict], want: str) -> list[dict]:
    """The choices named by id rather than words: the message id of their
    words (the same in every language) or the view's option id."""
    if "-" not in want and "#" not in want:
        return []
    from waybill.runtime.text.words import option_msgs
    msgs = option_msgs(game.m)
    want = game.rules.messages.legacy.get(want, want)     # an id from before names (`proc-x-ask2-opt1`)
    out = [a for a, mid in zip(legal, msgs) if mid == want]
    if not out and "#" in want and game.pending is not None:
        v = game.view(game.pending["player"], display=False)
        ids = [o.get("id") for o in (v["pending"] or {}).get("options") or []]
        out = [a for a, oid in zip(legal, ids) if oid == want]
    return out


def _act(game: Game, action: dict, forces: list | None) -> None:
    """Take an action; a `force` it reaches in `given` (after a decision
    `given` asked) fixes its dice there."""
    game.apply(action)
    while (tag := _pause_tag(game)) is not None:
        _force_at_pause(game, tag, forces or [])


def _pass_options(legal: list[dict]) -> list[dict]:
    return [a for a in legal if a["label"].lower() in PASS_LABELS]


def play_until(game: Game, step: dict, forces: list) -> None:
    """Take legal actions until the goal holds: `pass until` only passes;
    `play until` passes where it may and otherwise takes the first choice."""
    at, goal = step["at"], step["goal"]
    for _ in range(UNTIL_LIMIT):
        if evaluate(game, step["expr"]):
            return
        if game.over:
            raise StepFailed(at, f"the game ended before {goal} ({_winner_text(game)})")
        legal = game.legal_actions()
        passes = [a for a in legal if a["label"].lower() == "pass"] or _pass_options(legal)
        if passes:
            _act(game, passes[0], forces)
        elif step["kind"] == "play_until":
            _act(game, legal[0], forces)
        else:
            raise StepFailed(at, f"cannot pass until {goal}: the choices are {[a['label'] for a in legal]}, "
                                 f"{_decision_text(game)}; `play until` takes the first one where there is no pass")
    raise StepFailed(at, f"{goal} still does not hold after {UNTIL_LIMIT} actions")


# ---- expectations ---------------------------------------------------------------
def _fail(step: dict, text: str) -> None:
    message = step.get("message")
    raise StepFailed(step["at"], f"{message}: {text}" if message else text)


def expect_condition(game: Game, step: dict, progress: Progress, forces: list, index: int) -> None:
    local = run_block(game.clone(), step, index, forces, "a procedure called in `expect`", copy=True) \
        if step.get("probe") else {}
    if not evaluate(game, step["expr"], local):
        detail = ""
        if "left" in step:
            left, right = evaluate(game, step["left"], local), evaluate(game, step["right"], local)
            detail = f": left side is {show(game, left)}, right side is {show(game, right)}"
        raise StepFailed(step["at"], f"expected {step.get('message') or 'the condition'} to hold{detail}")


def expect_log(game: Game, step: dict, progress: Progress, forces: list, index: int) -> None:
    found = [line for line in game.messages() if step["text"].lower() in line.lower()]
    if step.get("negated") and found:
        _fail(step, f"expected no log line containing {step['text']!r}; found {found[0]!r}")
    if not step.get("negated") and not found:
        recent = game.messages()[-5:]
        _fail(step, f"expected a log line containing {step['text']!r}; the last lines are {recent}")


def expect_offered(game: Game, step: dict, progress: Progress, forces: list, index: int) -> None:
    """A choice of the pending decision matches the label; `for` and `by`
    also require that decision's prompt and player."""
    pending = game.pending
    want = _pattern_text(step["text"], step.get("part")) + _decision_filter(game, step)
    legal = game.legal_actions(_asked_seat(game, step))
    labels = [a["label"] for a in legal]
    found = [label for label in labels if _match(step["text"], step.get("part"), label)] \
        if _is_the_decision(game, step) else []
    if not found and not step.get("part") and _is_the_decision(game, step):
        found = [a["label"] for a in _by_id(game, legal, step["text"])]
    if step["kind"] == "expect_not_offered":
        if found:
            _fail(step, f"expected no choice matching {want}, but {found} offered")
        return
    if found:
        return
    if pending is None:
        _fail(step, f"expected a choice matching {want}; no decision is pending"
                    + (f" ({_winner_text(game)})" if game.over else ""))
    hint = ""
    if not step.get("part") and not any(_match(step["text"], False, label) for label in labels) \
            and any(_contains(step["text"], label) for label in labels):
        hint = f" (to match part of a label, write ~{_quote(step['text'])})"
    _fail(step, f"expected a choice matching {want}; the choices are {labels}, {_decision_text(game)}{hint}")


def _decision_filter(game: Game, step: dict) -> str:
    prompt, by = step.get("prompt"), step.get("by")
    text = f" for {_pattern_text(prompt['text'], prompt['part'])}" if prompt else ""
    if by is not None:
        text += f" by {_seat(game, _seat_index(evaluate(game, by)))}"
    return text


def _asked_seat(game: Game, step: dict) -> int | None:
    """The seat a step names with `by`, if the pending decision waits for it
    (one of several, in a simultaneous decision); else None: the decision's own."""
    by = step.get("by")
    if by is None:
        return None
    seat = _seat_index(evaluate(game, by))
    return seat if seat in game.waiting else None


def _is_the_decision(game: Game, step: dict) -> bool:
    pending = game.pending
    if pending is None:
        return False
    prompt, by = step.get("prompt"), step.get("by")
    seat = _asked_seat(game, step)
    asked = ask_of(pending, seat if seat is not None else pending["player"])
    if prompt and not _match(prompt["text"], prompt["part"], str(asked["prompt"])):
        return False
    return by is None or seat is not None


def expect_over(game: Game, step: dict, progress: Progress, forces: list, index: int) -> None:
    if step.get("negated") and game.over:
        _fail(step, f"expected the game not to be over; it ended ({_winner_text(game)})")
    if not step.get("negated") and not game.over:
        _fail(step, f"expected the game to be over; it goes on ({_decision_text(game)})")


def expect_winner(game: Game, step: dict, progress: Progress, forces: list, index: int) -> None:
    seat = evaluate(game, step["seat"])
    want = "no winner" if seat is None else f"the winner to be {_seat(game, _seat_index(seat))}"
    if not game.over:
        _fail(step, f"expected {want}, but the game is not over ({_decision_text(game)})")
    if (None if seat is None else _seat_index(seat)) != game.winner:
        _fail(step, f"expected {want}; the game ended with {_winner_text(game)}")


def expect_rolled(game: Game, step: dict, progress: Progress, forces: list, index: int) -> None:
    """Counts dice (`roll(d6, 2)` is two) since the last step that acted,
    or since the game began (setup included) before any such step."""
    faces = [f for e in game.log[progress.since:]
             if e.get("type") == "event" and e.get("event") == "rolled" and e["args"].get("die") == step["die"]
             for f in e["args"].get("faces", [])]
    count = step.get("count")
    held = len(faces) == count if count is not None else bool(faces)
    if held == bool(step.get("negated")):
        times = f"{count} time{'s' if count != 1 else ''}" if count is not None else "at least once"
        want = f"{step['die']} {'not ' if step.get('negated') else ''}to be rolled {times}"
        since = f"since the step at line {progress.since_line}" if progress.since_line else "since the game began"
        seen = f"{len(faces)} time{'s' if len(faces) != 1 else ''}" + (f" ({', '.join(map(str, faces))})"
                                                                       if faces else "")
        _fail(step, f"expected {want} {since}; it was rolled {seen}")


EXPECTATIONS = {
    "expect": expect_condition,
    "expect_log": expect_log,
    "expect_offered": expect_offered,
    "expect_not_offered": expect_offered,
    "expect_over": expect_over,
    "expect_winner": expect_winner,
    "expect_rolled": expect_rolled,
}


# ---- text -----------------------------------------------------------------------
def _match(want: str, part: bool | None, text: str) -> bool:
    """A whole text, case aside; with `~`, any part of it."""
    return _contains(want, text) if part else want.lower() == text.lower()


def _contains(want: str, label: str) -> bool:
    """A step names a choice by any part of its label, in any case."""
    return want.lower() in label.lower()


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _pattern_text(text: str, part: bool | None) -> str:
    return ("~" if part else "") + repr(text)


def _seat_index(value) -> int:
    return value.get("player") if isinstance(value, dict) else value


def _seat(game: Game, index: int) -> str:
    """A seat as the table names it and as a scenario writes it."""
    name = game.state.players[index] if isinstance(index, int) and 0 <= index < len(game.state.players) \
        else f"seat {index!r}"
    return f"{name} ({'me' if index == 0 else f'player({index})'})"


def _seats(game: Game, seats: list[int]) -> str:
    """Seats as a step's messages name them: one, or those of a simultaneous decision."""
    return " and ".join(_seat(game, s) for s in seats) or "no one"


def _decision_text(game: Game) -> str:
    p = game.pending
    if p is None:
        return "no decision is pending"
    return f"for {str(p['prompt'])!r} by {_seats(game, game.waiting)}"


def _winner_text(game: Game) -> str:
    return "no winner" if game.winner is None else f"{_seat(game, game.winner)} the winner"


def evaluate(game: Game, expr, local: dict | None = None) -> object:
    fn = compile_expr(expr, game.rules)
    return fn(game.m, {**(local or {}), "me": game.m.L.player_refs[0]})


def show(game: Game, value) -> str:
    if isinstance(value, (int, bool)) or value is None:
        return repr(value)
    return repr(text_of(game.m, value))
