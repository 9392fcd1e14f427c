"""Rules text from the IR: what a card's code does, in plain English.

The gallery prints it next to a card's printed `text`, so a reader can see
whether the two agree (the linter in `lint_text.py` compares the numbers).
It reads the lowered IR only, never the source. Each primitive and each
statement has a one-line English template below; a primitive without one
is still written readably from its signature in the primitive table
(`gain(counter: $, amount: 2)`), so a new primitive never breaks a page.

Names are made readable (`combat_dice` -> "combat dice"), and an amount of
a counter with a `display` ("$") is written the way the rulebook writes it.
"""

from __future__ import annotations

from waybill.spec.signatures import PRIMITIVES

# One English template per primitive; `{param}` is the argument rendered as
# text, `{param?...}` appears only when the argument was given (not its default).
PRIMITIVE_TEMPLATES: dict[str, str] = {
    "gain": "{who?{who} }gain{who?s} {amount:counter}",
    "lose": "{who?{who} }lose{who?s} {amount:counter}",
    "pay": "{who?{who} }pay{who?s} {amount:counter}",
    "move": "move {piece} to {to}{position?, {position}}",
    "move_all": "move everything in {source} to {to}",
    "draw": "draw {n} from {source} into {to}",
    "shuffle": "shuffle {zone}",
    "roll": "{who?{who} }roll{who?s} {n} {die} {n?dice}",
    "create": "put a new {entity} into {to}",
    "destroy": "remove {piece} from the game",
    "reveal": "reveal {piece}{to? to {to}}",
    "start_round": "begin a new round",
    "start_turn": "begin the turn of {who}",
    "win": "{who} wins the game",
    "end_game": "the game ends",
}

# Operators as words. Each statement of the IR (`do`) has its English form in
# the `s_<do>` method of the same name below (a test keeps them complete).
OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
       ">=": "is at least", "and": "and", "or": "or", "in": "is in", "not in": "is not in",
       "+": "+", "-": "-", "*": "×", "/": "÷", "%": "mod"}
_PREC = {"or": 1, "and": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "in": 3, "not in": 3,
         "+": 4, "-": 4, "*": 5, "/": 5, "%": 5}
MAX_DEPTH = 12  # nesting shown before "..."


def words(name: object) -> str:
    """An identifier as words: `combat_dice` -> "combat dice"."""
    return str(name).replace("_", " ").strip()


class Renderer:
    """Renders abilities, statements and expressions of one IR document."""

    def __init__(self, ir: dict | None = None):
        ir = ir or {}
        self.counters = {c["id"]: c for c in ir.get("counters", [])}
        self.names: dict[str, str] = {}
        for section in ("zones", "entities", "spaces", "regions"):
            for item in ir.get(section, []):
                if item.get("name") and item["name"] != item["id"]:
                    self.names[item["id"]] = item["name"]

    # ---- abilities ----------------------------------------------------------------
    def entity(self, ent: dict) -> list[str]:
        """One line per ability of an entity."""
        return [self.ability(a) for a in ent.get("abilities", [])]

    def ability(self, a: dict) -> str:
        kind = a.get("type")
        if kind == "action":
            head = f"Action: {a.get('name') or words(a.get('id'))}"
            if a.get("limit"):
                head += f" (at most {a['limit']['count']} per {a['limit']['per']})"
            parts = []
            reqs = [self.expr(r.get("expr")) for r in a.get("require") or []]
            if reqs:
                parts.append("Requires " + "; ".join(reqs) + ".")
            effect = self.block(a.get("effect") or [])
            if effect:
                parts.append(_sentence(effect))
            return head + (". " + " ".join(parts) if parts else ".")
        if kind == "trigger":
            head = f"When {words(a.get('event'))}"
            if a.get("where") is not None:
                head += f" (if {self.expr(a['where'])})"
            return head + ": " + _sentence(self.block(a.get("effect") or []) or "nothing")
        if kind == "modifier":
            args = ["any" if x is None else self.expr(x) for x in a.get("args") or []]
            target = words(a.get("quantity"))
            if len(args) == 1 and args[0] != "any":
                target = f"{_possessive(args[0])} {target}"
            elif len(args) > 1:
                target += f" ({', '.join(args)})"
            op = a.get("op")
            value = self.expr(a.get("value"))
            change = f"becomes {value}" if op == "=" else f"{op}{value}" if op in "+-" else f"{op} {value}"
            text = f"{_cap(target)} {change}"
            if a.get("where") is not None:
                text += f" while {self.expr(a['where'])}"
            return text + "."
        if kind == "replace":
            head = f"Instead of {words(a.get('target'))}"
            if a.get("where") is not None:
                head += f" (if {self.expr(a['where'])})"
            return head + ": " + _sentence(self.block(a.get("effect") or []) or "nothing")
        return _structured(a)

    # ---- statements ---------------------------------------------------------------
    def block(self, stmts: list, depth: int = 0) -> str:
        if depth > MAX_DEPTH:
            return "..."
        out = [t for t in (self.stmt(s, depth) for s in stmts if isinstance(s, dict)) if t]
        return "; ".join(out)

    def stmt(self, s: dict, depth: int = 0) -> str:
        do = s.get("do")
        method = getattr(self, "s_" + str(do), None)
        return method(s, depth) if method else _structured(s)

    def s_prim(self, s: dict, depth: int) -> str:
        name = s.get("name")
        sig = PRIMITIVES.get(name)
        args = s.get("args") or []
        if sig is None:
            return f"{words(name)}({', '.join(self.expr(a) for a in args)})"
        values = {p.name: (args[i] if i < len(args) else p.default) for i, p in enumerate(sig.params)}
        given = {p.name: values[p.name] is not None and values[p.name] != p.default for p in sig.params}
        template = PRIMITIVE_TEMPLATES.get(name)
        if template is None:
            text = f"{words(name)}(" + ", ".join(f"{p.name}: {self.expr(values[p.name])}"
                                                for p in sig.params if given[p.name] or p.required) + ")"
        else:
            text = _fill(template, lambda key: self._prim_arg(key, values), given)
        if s.get("into"):
            text += f" (as {words(s['into'])})"
        return text

    def _prim_arg(self, key: str, values: dict) -> str:
        name, _, how = key.partition(":")
        value = values.get(name)
        if how == "counter":
            return self.amount(value, values.get("counter"))
        return self.expr(value)

    def amount(self, value, counter) -> str:
        """`3` of a counter: "$3" for a counter displayed as "$", else "3 gold"."""
        c = self.counters.get(counter) if isinstance(counter, str) else None
        shown = self.expr(value)
        display = (c or {}).get("display")
        if display and not display.strip().isalpha():
            return f"{display}{shown}" if isinstance(value, int) else f"{display}({shown})"
        return f"{shown} {display or (c or {}).get('name') or self.expr(counter)}"

    def s_call(self, s: dict, depth: int) -> str:
        args = ", ".join(self.expr(a) for a in s.get("args") or [])
        text = f"{words(s.get('proc'))}" + (f" ({args})" if args else "")
        return text + (f" (as {words(s['into'])})" if s.get("into") else "")

    def s_let(self, s: dict, depth: int) -> str:
        if s.get("name") == "_":
            return ""
        return f"let {words(s.get('name'))} be {self.expr(s.get('value'))}"

    def s_set(self, s: dict, depth: int) -> str:
        target, value = s.get("target"), s.get("value")
        if isinstance(value, dict) and value.get("op") == "bin" and value.get("l") == target and value.get("o") in "+-":
            verb = "add" if value["o"] == "+" else "subtract"
            prep = "to" if value["o"] == "+" else "from"
            return f"{verb} {self.expr(value.get('r'))} {prep} {self.expr(target)}"
        return f"set {self.expr(target)} to {self.expr(value)}"

    def s_if(self, s: dict, depth: int) -> str:
        text = f"if {self.expr(s.get('cond'))}, {self.block(s.get('then') or [], depth + 1) or 'nothing'}"
        if s.get("else"):
            text += f"; otherwise {self.block(s['else'], depth + 1)}"
        return text

    def s_for(self, s: dict, depth: int) -> str:
        where = f" where {self.expr(s['where'])}" if s.get("where") is not None else ""
        return f"for each {words(s.get('var'))} in {self.expr(s.get('in'))}{where}: " \
               f"{self.block(s.get('body') or [], depth + 1)}"

    def s_repeat(self, s: dict, depth: int) -> str:
        return f"{self.expr(s.get('count'))} times: {self.block(s.get('body') or [], depth + 1)}"

    def s_while(self, s: dict, depth: int) -> str:
        return f"while {self.expr(s.get('cond'))}: {self.block(s.get('body') or [], depth + 1)}"

    def s_choose(self, s: dict, depth: int) -> str:
        who = self._by(s)
        options = []
        for o in s.get("options") or []:
            when = f" (if {self.expr(o['when'])})" if o.get("when") is not None else ""
            options.append(f"“{o.get('label')}”{when}: {self.block(o.get('body') or [], depth + 1) or 'nothing'}")
        how = "any of" if s.get("mode") == "any" else "one of"
        return f"{who}choose{'s' if who else ''} {how} [" + " | ".join(options) + "]"

    def s_pick(self, s: dict, depth: int) -> str:
        who = self._by(s)
        count = ""
        if s.get("count") is not None:
            count = ("up to " if s.get("up_to") else "") + self.expr(s["count"]) + " "
        where = f" where {self.expr(s['where'])}" if s.get("where") is not None else ""
        return f"{who}choose{'s' if who else ''} {count}{words(s.get('into'))} from {self.expr(s.get('from'))}{where}"

    def s_amount(self, s: dict, depth: int) -> str:
        who = self._by(s)
        return f"{who}choose{'s' if who else ''} {words(s.get('into'))} from {self.expr(s.get('lo'))} " \
               f"to {self.expr(s.get('hi'))}"

    def s_order(self, s: dict, depth: int) -> str:
        who = self._by(s)
        return f"{who}put{'s' if who else ''} {self.expr(s.get('from'))} in an order"

    def s_may(self, s: dict, depth: int) -> str:
        who = self._by(s)
        text = f"{who or 'you '}may: {self.block(s.get('body') or [], depth + 1)}"
        if s.get("else"):
            text += f"; if not, {self.block(s['else'], depth + 1)}"
        return text

    def s_act(self, s: dict, depth: int) -> str:
        who = self._by(s)
        tags = ", ".join(words(t) for t in s.get("tags") or [])
        return f"{who}take{'s' if who else ''} {'an optional' if s.get('optional') else 'an'} action tagged {tags}"

    def s_emit(self, s: dict, depth: int) -> str:
        args = ", ".join(self.expr(v) for v in (s.get("args") or {}).values())
        return f"announce {words(s.get('event'))}" + (f" ({args})" if args else "")

    def s_require(self, s: dict, depth: int) -> str:
        return f"only if {self.expr(s.get('expr'))}"

    def s_log(self, s: dict, depth: int) -> str:
        return ""  # what the log says is not a rule

    def s_return(self, s: dict, depth: int) -> str:
        return "stop" if s.get("value") is None else f"the result is {self.expr(s['value'])}"

    def s_break(self, s: dict, depth: int) -> str:
        return "stop repeating"

    def s_table(self, s: dict, depth: int) -> str:
        return f"look up {self.expr(s.get('value'))} on {words(s.get('table'))}"

    def _by(self, s: dict) -> str:
        return f"{self.expr(s['by'])} " if s.get("by") is not None else ""

    # ---- expressions ---------------------------------------------------------------
    def expr(self, e, depth: int = 0) -> str:
        if depth > MAX_DEPTH:
            return "..."
        if e is None:
            return "none"
        if isinstance(e, bool):
            return "yes" if e else "no"
        if isinstance(e, int):
            return str(e)
        if isinstance(e, str):
            return self.names.get(e) or words(e) or "“”"
        if isinstance(e, list):
            return "[" + ", ".join(self.expr(x, depth + 1) for x in e) + "]"
        if not isinstance(e, dict):
            return str(e)
        op = e.get("op")
        sub = lambda x: self.expr(x, depth + 1)  # noqa: E731
        if op == "var":
            return {"me": "you", "self": "this card"}.get(e.get("name"), words(e.get("name")))
        if op == "ref":
            return self.names.get(e.get("id")) or words(e.get("id"))
        if op == "attr":
            of = e.get("of")
            if isinstance(of, dict) and of.get("op") == "var" and of.get("name") == "me":
                return f"your {self._attr_name(e.get('name'))}"
            return f"{sub(of)}'s {self._attr_name(e.get('name'))}"
        if op == "index":
            return f"{sub(e.get('of'))}[{sub(e.get('index'))}]"
        if op == "bin":
            o = e.get("o")
            left = self._operand(e.get("l"), o, depth)
            word = OPS.get(o, o)
            if left == "you" and word.startswith("is"):
                word = "are" + word[2:]
            return f"{left} {word} {self._operand(e.get('r'), o, depth)}"
            return f"{self._operand(e.get('l'), o, depth)} {OPS.get(o, o)} {self._operand(e.get('r'), o, depth)}"
        if op == "not":
            return f"not {sub(e.get('x'))}"
        if op == "neg":
            return f"-{sub(e.get('x'))}"
        if op == "list":
            return "[" + ", ".join(sub(x) for x in e.get("items") or []) + "]"
        if op == "range":
            return f"{sub(e.get('lo'))} to {sub(e.get('hi'))}"
        if op == "cond":
            return f"({sub(e.get('then'))} if {sub(e.get('if'))}, else {sub(e.get('else'))})"
        if op in ("call", "quantity"):
            name = e.get("fn") if op == "call" else e.get("id")
            args = ", ".join(sub(a) for a in e.get("args") or [] if a is not None)
            return f"{words(name)}" + (f"({args})" if args else "")
        if op == "agg":
            each = f"each {words(e['var'])} in " if e.get("var") else ""
            where = f" where {sub(e['where'])}" if e.get("where") is not None else ""
            value = f": {sub(e['value'])}" if e.get("value") is not None else ""
            where += f" by {sub(e['by'])}" if e.get("by") is not None else ""
            return f"{e.get('fn')}({each}{sub(e.get('in'))}{where}{value})"
        if op == "text":
            return "“" + "".join(p if isinstance(p, str) else "{" + sub(p) + "}" for p in e.get("parts") or []) + "”"
        return _structured(e)

    def _operand(self, x, parent: str, depth: int) -> str:
        text = self.expr(x, depth + 1)
        if isinstance(x, dict) and x.get("op") == "bin" and _PREC.get(x.get("o"), 0) < _PREC.get(parent, 0):
            return f"({text})"
        return text

    def _attr_name(self, name) -> str:
        c = self.counters.get(name)
        if c and c.get("display"):
            return c["display"]
        return words(name)


def render_entity(ent: dict, ir: dict | None = None) -> list[str]:
    """The rules text of an entity's abilities, one line per ability."""
    return Renderer(ir).entity(ent)


def _fill(template: str, value, given: dict, top: bool = True) -> str:
    """Fill `{key}` and `{key?text}` (text only when `key` was given) in a template."""
    out, i = [], 0
    while i < len(template):
        ch = template[i]
        if ch != "{":
            out.append(ch)
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(template) and depth:
            depth += {"{": 1, "}": -1}.get(template[j], 0)
            j += 1
        inner = template[i + 1:j - 1]
        if "?" in inner:
            key, _, text = inner.partition("?")
            if given.get(key) if key in given else bool(value(key)):
                out.append(_fill(text, value, given, top=False))
        else:
            out.append(value(inner))
        i = j
    return " ".join("".join(out).split()) if top else "".join(out)


def _possessive(name: str) -> str:
    return "your" if name == "you" else f"{name}'s"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return _cap(text) + ("" if text.endswith((".", "]", "”")) else ".")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _structured(node) -> str:
    """A readable structured form for what has no template."""
    if isinstance(node, dict):
        head = node.get("do") or node.get("op") or node.get("type") or "?"
        parts = [f"{k}: {_structured(v)}" for k, v in node.items() if k not in ("do", "op", "type", "at")]
        return f"{head}(" + ", ".join(parts) + ")"
    if isinstance(node, list):
        return "[" + ", ".join(_structured(x) for x in node) + "]"
    return str(node)


__all__ = ["PRIMITIVE_TEMPLATES", "Renderer", "render_entity", "words"]
