"""Catalogues of player-facing text: `waybill i18n extract|coverage` and the
catalogue checks of `waybill check` (E8xx/W8xx).

A pack's catalogues are Project Fluent files in its folder,
``locales/<lang>.ftl``. English (``en.ftl``) is the source and is written by
``extract`` from the content: one message per player-facing string, its id
derived from the declaration (``runtime/text.py`` documents the scheme),
in declaration order, with a comment saying where it is declared. Other
languages are written by translators from it; ``coverage`` counts what
they miss (the game shows English there).
"""

from __future__ import annotations

import os
import re
from typing import Any

from waybill.compiler import compile_pack
from waybill.dsl.diagnostics import Diagnostic, Report, Span
from waybill.runtime.text import ENGINE_DIR, Message, messages

HEADER = ("# {pack}: the English catalogue (the source of every translation).\n"
          "# Written by `waybill i18n extract {pack}`: edit the .wb files, not this file.\n"
          "# Ids are derived from the declarations (see runtime/text.py); a translation\n"
          "# keeps the ids and the { $variables }, and may select on them:\n"
          "#   { $count ->\n#       [one] ...\n#      *[other] ...\n#   }\n\n")


# --- writing Fluent ------------------------------------------------------------------

def _literal(s: str) -> str:
    return '{"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"}'


def ftl_text(s: str) -> str:
    """English text as a Fluent pattern: braces and the characters Fluent
    reads specially (at the start of a line, or leading/trailing blanks) are
    quoted as string literals; several lines are indented."""
    if s == "":
        return _literal("")
    lines = s.split("\n")
    out = []
    for i, line in enumerate(lines):
        line = line.replace("{", "\x00").replace("}", "\x01")
        line = line.replace("\x00", _literal("{")).replace("\x01", _literal("}"))
        m = re.match(r"^[ \t]+", line)
        if m:
            line = _literal(m.group(0)) + line[m.end():]
        m = re.search(r"[ \t]+$", line)
        if m:
            line = line[:m.start()] + _literal(m.group(0))
        if line[:1] in ("[", "*", "."):
            line = _literal(line[0]) + line[1:]
        if line == "" and 0 < i < len(lines) - 1:
            line = _literal("")
        out.append(line)
    if len(out) == 1:
        return out[0]
    if out[0] == "":
        out[0] = _literal("")
    if out[-1] == "":
        out[-1] = _literal("")
    return "\n    ".join([""] + out)


def message_pattern(msg: Message) -> str:
    """The Fluent pattern of a message: its text, each hole as `{ $var }`."""
    if type(msg.text) is str:
        return ftl_text(msg.text)
    text = "".join(p if type(p) is str else "\x02" + msg._var(p) + "\x03" for p in msg.text.get("parts") or [])
    return ftl_text(text).replace("\x02", "{ $").replace("\x03", " }")


def _where(ir: dict, at: Any) -> str | None:
    if type(at) is list and len(at) == 3:
        files = ir.get("files") or []
        f = files[at[0]] if type(at[0]) is int and 0 <= at[0] < len(files) else None
        if f:
            return f"{_rel(f)}:{at[1]}"
    return None


def _rel(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def to_ftl(ir: dict, msgs: list[Message], pack: str) -> str:
    out = [HEADER.replace("{pack}", pack)]
    for msg in msgs:
        where = _where(ir, msg.at)
        if where:
            out.append(f"# {where}\n")
        out.append(f"{msg.id} = {message_pattern(msg)}\n")
        for name, text in msg.attrs.items():
            out.append(f"    .{name} = {ftl_text(text)}\n".replace("\n    ", "\n        ", text.count("\n")))
    return "".join(out)


# --- a pack's messages ------------------------------------------------------------------

def pack_messages(pack: str) -> tuple[dict, list[Message], str]:
    """The IR, the messages and the folder of a pack: the pack as it is, then
    the messages that only its variants add (in variant-name order)."""
    from waybill.errors import CompileError
    result = compile_pack(pack)
    if result.ir is None:
        raise CompileError(f"{pack} does not compile:\n" + result.report.render(), result.report)
    ir = result.ir
    own = _own_messages(ir)
    seen = {m.id for m in own}
    for v in sorted(result.program.variants if result.program else []):
        vr = compile_pack(pack, [v])
        if vr.ir is None:
            continue
        for m in _own_messages(vr.ir):
            if m.id not in seen:
                seen.add(m.id)
                own.append(m)
    return ir, own, pack_folder(ir)


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


def catalogue_path(folder: str, lang: str) -> str:
    return os.path.join(folder, "locales", f"{lang}.ftl")


def extract(pack: str, out: str | None = None) -> tuple[str, int, bool]:
    """Write the pack's English catalogue; (path, messages, changed)."""
    ir, msgs, folder = pack_messages(pack)
    text = to_ftl(ir, msgs, ir["pack"]["id"])
    path = out or catalogue_path(folder, "en")
    old = None
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
    if old != text:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    return path, len(msgs), old != text


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


def coverage(pack: str, lang: str) -> dict:
    """{total, translated, missing: [...]} of a language's catalogue of a pack."""
    ir, msgs, folder = pack_messages(pack)
    want = expected_ids(msgs)
    path = catalogue_path(folder, lang)
    have = ftl_ids(path) if os.path.isfile(path) else {}
    missing = [k for k in want if k not in have]
    return {"pack": ir["pack"]["id"], "lang": lang, "file": _rel(path), "total": len(want),
            "translated": len(want) - len(missing), "missing": missing}


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
    from waybill.runtime.text import ENGINE_IDS
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
                from waybill.dsl.diagnostics import suggest
                _diag(report, path, text, span.start, span.end, "error", "E802",
                      f"unknown message `{key}`: the pack has no such text",
                      suggest(key, want) or "run `waybill i18n extract PACK` and compare")
                continue
            _check_pattern(report, path, text, key, pattern, want[key])
    missing = [k for k in want if k not in have]
    if missing:
        code, sev = ("E803", "error") if english else ("W801", "warning")
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        end = len(text)
        _diag(report, path, text, end, end + 1, sev, code,
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
