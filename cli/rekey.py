"""`waybill i18n rekey PACK`: carry translations over a change of message ids.

When a pack's message ids change (a decision is given a name with `as`, or
the id scheme of spec/messages.py changes), every catalogue keyed by the old
ids would fall back to English. The pack's ``locales/en.ftl`` still says,
for each old id, where its message is declared (``# file:line``) and its
English; the pack's messages now say the same for the new ids. A message
found at the same place with the same English under a new id is the same
message: its key is renamed in every other catalogue of the pack, then
``en.ftl`` is written afresh. Messages that moved or were reworded keep
their old key (`waybill check` then reports them, as for any stale key).
"""

from __future__ import annotations

import os
import re

from waybill.compiler.catalogues import read_catalogue

from .i18n import catalogue_path, extract, message_pattern, pack_messages, where_of, write_catalogue

_WHERE = re.compile(r"# (\S+:\d+)$")
_ENTRY = re.compile(r"([A-Za-z][A-Za-z0-9_-]*) = (.*)$")


def _read(path: str, folder: str) -> str:
    """A catalogue's text (read as `waybill check` reads one: bounded, never
    through a link out of the pack); a refusal is a CompileError saying why."""
    from waybill.api import CompileError
    text, problems = read_catalogue(path, folder)
    if text is None:
        why = problems[0].message if problems else "it cannot be read"
        raise CompileError(f"error: {path}: not rekeyed: {why}")
    return text


def _english_entries(text: str) -> dict[str, tuple]:
    """id -> (where, first line of its English) of an English catalogue."""
    out: dict[str, tuple] = {}
    where = None
    for line in text.splitlines():
        w = _WHERE.match(line)
        if w:
            where = w.group(1)
            continue
        e = _ENTRY.match(line)
        if e:
            out[e.group(1)] = (where, e.group(2))
            where = None
    return out


def renames(pack: str) -> dict[str, str]:
    """old id -> new id for each message of ``pack`` whose id changed since
    its ``en.ftl`` was written (same place, same English, a new id)."""
    from waybill.api import CompileError
    ir, msgs, folder = pack_messages(pack)
    path = catalogue_path(folder, "en")
    if not os.path.isfile(path):
        raise CompileError(f"error: {pack} has no {os.path.join('locales', 'en.ftl')}: there is nothing to carry over "
                           f"(`waybill i18n extract {pack}` writes one)")
    old = _english_entries(_read(path, os.path.realpath(folder)))
    new_ids = {m.id for m in msgs}
    by_key: dict[tuple, list] = {}
    for m in msgs:
        by_key.setdefault((where_of(ir, m.at), message_pattern(m).split("\n")[0]), []).append(m.id)
    old_by_key: dict[tuple, list] = {}
    for mid, key in old.items():
        old_by_key.setdefault(key, []).append(mid)
    out = {}
    for key, olds in old_by_key.items():
        gone = [i for i in olds if i not in new_ids]
        fresh = [i for i in by_key.get(key, []) if i not in old]
        if len(gone) == 1 and len(fresh) == 1:      # only an unambiguous match is carried over
            out[gone[0]] = fresh[0]
    return out


def rekey(pack: str) -> tuple[dict[str, str], list[str]]:
    """Rename changed ids in the pack's catalogues and rewrite its en.ftl;
    (the renames, the catalogues changed)."""
    table = renames(pack)
    _, _, folder = pack_messages(pack)
    changed = []
    locales = os.path.join(folder, "locales")
    inside = os.path.realpath(folder)
    if table:
        key = re.compile(r"^(" + "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)) + r")(?= =)",
                         re.M)
        ref = re.compile(r"\{ *(" + "|".join(re.escape(k) for k in table) + r") *\}")
        for name in sorted(os.listdir(locales)):
            if not name.endswith(".ftl") or name == "en.ftl":
                continue
            path = os.path.join(locales, name)
            text = _read(path, inside)
            new = ref.sub(lambda m: "{ " + table[m.group(1)] + " }", key.sub(lambda m: table[m.group(1)], text))
            if new != text:
                write_catalogue(path, new, inside)
                changed.append(path)
    path, _, wrote = extract(pack)
    if wrote:
        changed.append(path)
    return table, changed


__all__ = ["renames", "rekey"]
