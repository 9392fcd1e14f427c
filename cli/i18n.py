"""Catalogues of player-facing text: `waybill i18n extract|coverage` and the
catalogue checks of `waybill check` (E8xx/W8xx).

A pack's catalogues are Project Fluent files in its folder,
``locales/<lang>.ftl``. English (``en.ftl``) is the source and is written by
``extract`` from the content: one message per player-facing string, its id
derived from the declaration (``spec/messages.py`` documents the scheme),
in declaration order, with a comment saying where it is declared. Other
languages are written by translators from it; ``coverage`` counts what
they miss (the game shows English there).
"""

from __future__ import annotations

import os
import re
from typing import Any

from waybill.api import compile_pack
from waybill.compiler.catalogues import (CatalogueUnread, expected_ids, ftl_ids, pack_folder, pack_messages_of,
                                         check_catalogues, check_engine_catalogues, read_catalogue,
                                         bounded_parser)  # noqa: F401
from waybill.compiler.loader import display_path
from waybill.spec.messages import Message

HEADER = ("# {pack}: the English catalogue (the source of every translation).\n"
          "# Written by `waybill i18n extract {pack}`: edit the .wb files, not this file.\n"
          "# Ids are derived from the declarations (see spec/messages.py); a translation\n"
          "# keeps the ids and the { $variables }, and may select on them:\n"
          "#   { $count ->\n#       [one] ...\n#      *[other] ...\n#   }\n\n")


# --- writing Fluent ------------------------------------------------------------------

def _literal(s: str) -> str:
    return '{"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"}'


_BRACE = re.compile(r"[{}]")


def ftl_text(s: str) -> str:
    """English text as a Fluent pattern: braces and the characters Fluent
    reads specially (at the start of a line, or leading/trailing blanks) are
    quoted as string literals; several lines are indented."""
    if s == "":
        return _literal("")
    lines = s.split("\n")
    out = []
    for i, line in enumerate(lines):
        line = _BRACE.sub(lambda m: _literal(m.group()), line)  # one pass: what it writes is not read again
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
    """The Fluent pattern of a message: its text, each hole as `{ $var }`.
    The holes are marked in the text by characters from Unicode's private
    use area that the text itself does not hold, then filled in one pass."""
    if type(msg.text) is str:
        return ftl_text(msg.text)
    parts = msg.text.get("parts") or []
    used = "".join(p for p in parts if type(p) is str)
    mark = next(chr(c) for c in range(0xE000, 0xF900) if chr(c) not in used)
    names = [msg._var(p) for p in parts if type(p) is not str]
    text = "".join(p if type(p) is str else mark for p in parts)
    holes = iter(names)
    return re.sub(re.escape(mark), lambda _: "{ $" + next(holes) + " }", ftl_text(text))


def _where(ir: dict, at: Any) -> str | None:
    if type(at) is list and len(at) == 3:
        files = ir.get("files") or []
        f = files[at[0]] if type(at[0]) is int and 0 <= at[0] < len(files) else None
        if f:
            try:
                f = os.path.relpath(os.path.abspath(f), os.path.abspath(pack_folder(ir)))
            except ValueError:
                pass
            return f"{f}:{at[1]}"
    return None


def to_ftl(ir: dict, msgs: list[Message], pack: str) -> str:
    out = [re.sub(r"\{pack\}", lambda _: pack, HEADER)]  # one pass: a pack's name is not read again
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
    from waybill.api import CompileError
    result = compile_pack(pack)
    if result.ir is None:
        raise CompileError(f"{pack} does not compile:\n" + result.report.render(), result.report)
    ir = result.ir
    variant_irs = []
    for v in sorted(result.program.variants if result.program else []):
        vr = compile_pack(pack, [v])
        if vr.ir is not None:
            variant_irs.append(vr.ir)
    return ir, pack_messages_of(result, variant_irs), pack_folder(ir)


def catalogue_path(folder: str, lang: str) -> str:
    return os.path.join(folder, "locales", f"{lang}.ftl")


def extract(pack: str, out: str | None = None) -> tuple[str, int, bool]:
    """Write the pack's English catalogue; (path, messages, changed). The
    pack's own `locales/en.ftl` is written only inside the pack folder and
    never through a link; `out` (a path the user names) never through a link
    either. Raises CompileError (a clean refusal) when it may not be written."""
    ir, msgs, folder = pack_messages(pack)
    text = to_ftl(ir, msgs, ir["pack"]["id"])
    path = out or catalogue_path(folder, "en")
    inside = None if out else os.path.realpath(folder)
    old = _old_text(path, inside)
    if old != text:
        write_catalogue(path, text, inside)
    return path, len(msgs), old != text


def _old_text(path: str, folder: str | None) -> str | None:
    """What a catalogue about to be replaced holds (None: none, or not
    readable as one: it is replaced all the same, unless it is a link or not a
    regular file, which `write_catalogue` refuses)."""
    if not os.path.lexists(path) or os.path.islink(path):
        return None
    text, _ = read_catalogue(path, folder or os.path.realpath(os.path.dirname(os.path.abspath(path))))
    return text


def write_catalogue(path: str, text: str, folder: str | None) -> None:
    """Write a catalogue as a new file renamed into place (spec.files.replace_file):
    never through a link, never outside `folder` (the pack's, resolved) when
    given. A refusal is a CompileError naming the file and why."""
    from waybill.api import CompileError
    from waybill.spec.files import replace_file
    shown = display_path(path)
    try:
        parent = os.path.dirname(os.path.abspath(path))
        if folder is not None and os.path.lexists(parent) and not _within(os.path.realpath(parent), folder):
            raise CompileError(f"error: {shown}: not written: its folder is a link to somewhere outside the pack")
        if not os.path.lexists(parent):
            os.makedirs(parent)
        replace_file(path, text, folder)
    except OSError as exc:
        raise CompileError(f"error: {shown}: not written: {exc.strerror or exc}") from None


def _within(real: str, folder: str) -> bool:
    try:
        return os.path.commonpath([real, folder]) == folder
    except ValueError:
        return False


def coverage(pack: str, lang: str) -> dict:
    """{total, translated, missing: [...]} of a language's catalogue of a pack.
    Raises CompileError for a catalogue that may not or cannot be read."""
    from waybill.api import CompileError
    ir, msgs, folder = pack_messages(pack)
    want = expected_ids(msgs)
    path = catalogue_path(folder, lang)
    try:
        have = ftl_ids(path, folder) if os.path.lexists(path) else {}
    except CatalogueUnread as exc:
        raise CompileError(f"{exc}") from None
    missing = [k for k in want if k not in have]
    return {"pack": ir["pack"]["id"], "lang": lang, "file": display_path(path), "total": len(want),
            "translated": len(want) - len(missing), "missing": missing}


# --- other commands in a language ------------------------------------------------------

class _IR:
    """What `runtime.text.catalogue.catalogue` reads of rules: the IR's files."""

    def __init__(self, ir: dict):
        self.ir = ir


def ir_catalogue(ir: dict, lang: str) -> Any:
    from waybill.runtime.text.catalogue import Catalogue, pack_locale_dirs
    return Catalogue(lang, pack_locale_dirs(_IR(ir)))


def translated_entities(ir: dict, lang: str) -> list[dict]:
    """The IR's entities with their names and texts in ``lang``."""
    from waybill.spec.messages import name_id
    cat = ir_catalogue(ir, lang)
    out = []
    for e in ir.get("entities") or []:
        e = dict(e)
        mid = name_id("ent", e, e["id"])
        e["name"] = cat.get(mid, None, e.get("name") or e["id"])
        if e.get("text"):
            e["text"] = cat.get(mid + ".text", None, e["text"])
        out.append(e)
    return out


_ROW_PREFIX = {"counter": "counter", "resource": "counter", "zone": "zone", "space": "space", "region": "region",
               "action": "action", "variant": "variant", "invariant": "invariant"}


def translate_rows(pack: str, rows: list[dict], lang: str) -> list[dict]:
    """`waybill list` rows with their names in ``lang`` (the ids stay)."""
    from waybill.spec.messages import safe_id
    result = compile_pack(pack)
    if result.ir is None:
        return rows
    cat = ir_catalogue(result.ir, lang)
    out = []
    for r in rows:
        prefix = _ROW_PREFIX.get(r["kind"], "ent" if r["kind"] not in ("procedure", "quantity", "event", "kind",
                                                                         "table", "track", "die", "scenario",
                                                                         "board", "display") else None)
        if prefix and r.get("name") and r["name"] != r["id"]:
            r = {**r, "name": cat.get(f"{prefix}-{safe_id(r['id'])}", None, r["name"])}
        out.append(r)
    return out


def pseudo(source: str, dest: str, folder: str | None = None) -> int:
    """Write a pseudo-locale of an English catalogue: every text in capitals,
    ids, variables and selector keys kept (a screen still in lower case
    shows a string the catalogues miss). Returns the number of messages.
    `folder`: the pack's; the source is read only from it and the pseudo-locale
    written only into it (default: the source's pack, `locales/..`); never
    through a link. A refusal is a CompileError."""
    from waybill.api import CompileError
    folder = os.path.realpath(folder or os.path.dirname(os.path.dirname(os.path.abspath(source))))
    text, diags = read_catalogue(source, folder)
    if text is None:
        d = diags[0]
        raise CompileError(f"{d.file}:{d.span.line}:{d.span.column}: error[{d.code}]: {d.message}")
    out, n = pseudo_text(text)
    write_catalogue(dest, out, folder)
    return n


def pseudo_text(english: str) -> tuple[str, int]:
    """A pseudo-locale of an English catalogue's text, and its number of messages."""
    from fluent.syntax import FluentSerializer
    from fluent.syntax import ast as fa
    from fluent.syntax.visitor import Transformer

    class Upper(Transformer):
        def visit_TextElement(self, node):
            node.value = node.value.upper()
            return node

        def visit_StringLiteral(self, node):
            node.value = node.value.upper()
            return node

    res = bounded_parser(False).parse(english)
    Upper().visit(res)
    res.body = [e for e in res.body if not isinstance(e, (fa.Comment, fa.GroupComment, fa.ResourceComment, fa.Junk))]
    text = ("# A pseudo-locale: the English catalogue in capitals (`waybill i18n pseudo`).\n\n"
            + FluentSerializer().serialize(res))
    return text, sum(isinstance(e, fa.Message) for e in res.body)
