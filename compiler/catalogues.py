"""Catalogue checks of `waybill check` (E8xx/W8xx): each `locales/*.ftl`
of a pack (Project Fluent) against the messages of its content
(`spec/messages.py` derives their ids), and the engine's own catalogues.

- E801 a syntax error in a catalogue (Fluent's own message);
- E802 a message the pack does not have (a stale or mistyped id);
- W801 messages missing from a translation (English is shown for them);
- W803 messages missing from the English catalogue (run `waybill i18n extract`);
- E804 a `{ $variable }` the message does not receive;
- E805 a message given twice;
- E806 a selector without a default variant (`*[other]`);
- W802 a selector whose variants have no `other`.
"""

from __future__ import annotations

import os
from typing import Any

from waybill.dsl.diagnostics import Diagnostic, Report, Span, suggest
from waybill.compiler.loader import display_path as _rel
from waybill.spec.messages import ENGINE_DIR, ENGINE_IDS, Message, messages, safe_id


def _own_messages(ir: dict) -> list[Message]:
    """A pack's messages, without those an extended pack declares (the
    base pack's catalogue holds them)."""
    folder = pack_folder(ir)
    files = ir.get("files") or []
    mine = []
    for m in messages(ir):
        at = m.at
        if type(at) is list and type(at[0]) is int and 0 <= at[0] < len(files):
            f = os.path.abspath(files[at[0]])
            if not f.startswith(os.path.abspath(folder) + os.sep):
                continue
        elif m.id == "pack-name" or m.at is None:
            pass
        mine.append(m)
    return mine


def pack_folder(ir: dict) -> str:
    packs = [f for f in ir.get("files") or [] if os.path.basename(f) == "pack.wb"]
    return os.path.dirname(packs[-1]) if packs else "."


def pack_messages_of(result: Any, variant_irs: list) -> list[Message]:
    """A pack's messages: the pack as it is, its variants' names, then what
    only its variants add (in the order given)."""
    ir = result.ir
    out = _own_messages(ir)
    for name, v in sorted((result.program.variants if result.program else {}).items()):
        title = getattr(v.decl, "title", None)
        if title:
            out.append(Message(f"variant-{safe_id(name)}", title))
    seen = {m.id for m in out}
    for vir in variant_irs:
        for m in _own_messages(vir):
            if m.id not in seen:
                seen.add(m.id)
                out.append(m)
    return out


# --- reading catalogues -------------------------------------------------------------

def parse_ftl(path: str) -> tuple[Any, str]:
    from fluent.syntax import FluentParser
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    return FluentParser(with_spans=True).parse(text), text


def ftl_ids(path: str) -> dict[str, Any]:
    """The messages of a catalogue file by id (attributes as `id.attr`)."""
    from fluent.syntax import ast as fa
    res, _ = parse_ftl(path)
    out: dict[str, Any] = {}
    for e in res.body:
        if isinstance(e, fa.Message):
            if e.value is not None:
                out[e.id.name] = e.value
            for a in e.attributes:
                out[f"{e.id.name}.{a.id.name}"] = a.value
    return out


def expected_ids(msgs: list[Message]) -> dict[str, set]:
    """id (or id.attr) -> the variables it receives."""
    out: dict[str, set] = {}
    for m in msgs:
        out[m.id] = set(m.vars)
        for a in m.attrs:
            out[f"{m.id}.{a}"] = set()
    return out


# --- checking catalogues (waybill check) ------------------------------------------------

def _pos(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def _diag(report: Report, path: str, text: str, start: int, end: int, sev: str, code: str,
          msg: str, hint: str | None = None) -> None:
    line, col = _pos(text, start)
    eline, ecol = _pos(text, max(end, start + 1))
    if eline != line:
        ecol = col + 1
    report.add(Diagnostic(_rel(path), Span(line, col, line, ecol), sev, code, msg, hint))
    report.sources.setdefault(_rel(path), text)


def check_catalogues(ir: dict | None, report: Report, msgs: list[Message] | None = None,
                     folder: str | None = None) -> None:
    """E8xx/W8xx: every `locales/*.ftl` of the pack against the pack's messages."""
    if ir is None:
        return
    folder = folder or pack_folder(ir)
    loc = os.path.join(folder, "locales")
    if not os.path.isdir(loc):
        return
    want = expected_ids(msgs if msgs is not None else _own_messages(ir))
    for name in sorted(os.listdir(loc)):
        if name.endswith(".ftl"):
            check_catalogue(os.path.join(loc, name), want, report, english=name == "en.ftl")


def check_engine_catalogues(report: Report) -> None:
    want = {k: set(v) for k, v in ENGINE_IDS.items()}
    for name in sorted(os.listdir(ENGINE_DIR)):
        if name.endswith(".ftl"):
            check_catalogue(os.path.join(ENGINE_DIR, name), want, report, english=name == "en.ftl")


def check_catalogue(path: str, want: dict[str, set], report: Report, english: bool = False) -> None:
    from fluent.syntax import ast as fa
    try:
        res, text = parse_ftl(path)
    except (OSError, UnicodeDecodeError) as exc:
        report.add(Diagnostic(_rel(path), Span.point(1, 1), "error", "E801", f"cannot read the catalogue: {exc}"))
        return
    have: set = set()
    for e in res.body:
        if isinstance(e, fa.Junk):
            for a in e.annotations or [None]:
                start = a.span.start if a is not None and a.span else e.span.start
                if a is not None and a.code == "E0010":
                    _diag(report, path, text, start, start + 1, "error", "E806",
                          "a selector has no default variant", "mark the last variant `*[other]`")
                    continue
                msg = a.message if a is not None else "not a Fluent message"
                _diag(report, path, text, start, start + 1, "error", "E801", f"syntax error in the catalogue: {msg}",
                      "a message is `id = text`; a brace opens a placeable: write {\"{\"} for a brace")
            continue
        if not isinstance(e, (fa.Message, fa.Term)):
            continue
        if isinstance(e, fa.Term):
            continue
        base = e.id.name
        parts = ([(base, e.value, e.id.span)] if e.value is not None else []) + \
                [(f"{base}.{a.id.name}", a.value, a.id.span) for a in e.attributes]
        for key, pattern, span in parts:
            if key in have:
                _diag(report, path, text, span.start, span.end, "error", "E805",
                      f"message `{key}` is given twice in the catalogue")
            have.add(key)
            if key not in want:
                _diag(report, path, text, span.start, span.end, "error", "E802",
                      f"unknown message `{key}`: the pack has no such text",
                      suggest(key, want) or "run `waybill i18n extract PACK` and compare")
                continue
            _check_pattern(report, path, text, key, pattern, want[key])
    missing = [k for k in want if k not in have]
    if missing:
        code, sev = ("W803", "warning") if english else ("W801", "warning")
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        _diag(report, path, text, 0, 1, sev, code,
              f"{len(missing)} message(s) missing from the catalogue: {shown}",
              "run `waybill i18n extract PACK`" if english else
              "the game shows English for these (`waybill i18n coverage PACK --lang LANG`)")


def _check_pattern(report: Report, path: str, text: str, key: str, pattern: Any, vars_: set) -> None:
    from fluent.syntax import ast as fa
    from fluent.syntax.visitor import Visitor

    class V(Visitor):
        def visit_VariableReference(self, node):
            name = node.id.name
            if name not in vars_:
                known = ", ".join("$" + v for v in sorted(vars_)) or "none"
                _diag(report, path, text, node.span.start, node.span.end, "error", "E804",
                      f"`${name}` is not given to message `{key}` (it receives: {known})")

        def visit_SelectExpression(self, node):
            if not any(v.default for v in node.variants):
                _diag(report, path, text, node.span.start, node.span.end, "error", "E806",
                      f"a selector in `{key}` has no default variant", "mark one variant `*[other]`")
            elif not any(v.default and _key_name(v.key) == "other" for v in node.variants) and \
                    not any(_key_name(v.key) == "other" for v in node.variants):
                _diag(report, path, text, node.span.start, node.span.end, "warning", "W802",
                      f"a plural selector in `{key}` has no `other` variant", "add `*[other] ...`")
            self.generic_visit(node)

    V().visit(pattern)
    del fa


def _key_name(k: Any) -> str:
    return getattr(k, "name", None) or getattr(k, "value", "")
