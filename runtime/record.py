"""The record: a game's log, append-only and shared by clones.

The log is out of the cloned state. Entries live in *pages*, plain lists
(a full page holds the entries of one saved chunk, ``CHUNK`` of them);
full pages are sealed into ``Sealed`` nodes, each pointing at the one
before it, and shared by every clone. A state holds a ``Log``: the sealed
node before it and its own open page, which no other log shares. So
appending is a list append (no object per entry: every object a game keeps
is one the garbage collector walks again and again, bench/README.md,
2026-12-01, branch `frame`), and ``clone`` seals the full pages and copies
the open page (fewer than ``CHUNK`` entries). Two clones that append
different entries never see each other's, while everything before the fork
is shared. A page may grow past a chunk while a game plays on (an action
writes many entries); it is sealed, chunk by chunk, when the log is cloned
or saved.

An entry may be appended as a *recipe*, a tuple ``(make, *parts)``: the
entry is ``make(*parts)``, built the first time it is read or saved and
kept in its page (events.emit_made writes events nothing else observes
this way, so a game that is never read or saved never builds them).
``make`` must depend on ``parts`` only, and ``parts`` must never change.
Entries themselves are never changed once written (nothing in the kernel
edits a logged dict), so sharing them is safe.

Saving writes the record as JSON text in chunks: chunk ``i`` is the JSON
array of entries ``CHUNK*i`` up to ``CHUNK*(i+1)`` (the last holds the rest),
as ``json.dumps`` writes them. Each entry is encoded once: a sealed page's
chunk text is made when first saved and kept on its node, the open page's
entry texts are kept by the log that saved them. ``to_json`` lists the kept
chunks and joins the last few entries, so its cost does not grow with the
length of the game (past writing each entry once), and the chunks of a
game are the same whether or not it was saved and loaded on the way.

A loaded record is a ``Base``: the saved chunks, the entry count, and a
check. The text is untrusted input; it is parsed and checked in full
(``check``, which raises ``BadSave`` naming ``log[i]...`` or
``log.chunks[i]``) the first time an entry of it is read — a view,
``actions()``, ``messages()``, ``Game.log`` — and never used unchecked.
Saving again writes its chunks back as they came, without reading them (the
last, if not full, joined with the entries that follow it; pages after a
Base are aligned to the saved chunks, so the first may be short). Rules
never read the log.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator

CHUNK = 64            # entries per page, and per saved chunk of text

_dumps = json.JSONEncoder(allow_nan=False).encode   # json.dumps' defaults, as saves always used


class Base:
    """The start of a record that was loaded: ``n`` entries, as saved chunks."""
    __slots__ = ("n", "chunks", "entries", "check")

    def __init__(self, n: int, chunks: list[str] | None, entries: list | None,
                 check: Callable[[list], list] | None = None):
        self.n = n
        self.chunks = chunks       # the saved chunks of JSON text, or None until first saved
        self.entries = entries     # the checked entries, or None until first read
        self.check = check         # chunks -> checked entries (raises BadSave)

    def read(self) -> list:
        if self.entries is None:
            self.entries = self.check(self.chunks)
            self.check = None
        return self.entries

    def parts(self) -> tuple[list[str], str | None]:
        """The full chunks, and the last one if it is not full (else None)."""
        if self.chunks is None:
            e = self.entries
            self.chunks = [_dumps(e[i:i + CHUNK]) for i in range(0, len(e), CHUNK)]
        if self.n % CHUNK:
            return self.chunks[:-1], self.chunks[-1]
        return self.chunks, None


class Sealed:
    """A full page and what comes before it; ``n`` counts the entries up to
    its end. ``text`` caches the page's chunk: None, a list of the texts of
    its first entries (kept from a save while it was open), or the chunk."""
    __slots__ = ("back", "page", "n", "text")

    def __init__(self, back: "Sealed | Base | None", page: list, n: int, text: list | None):
        self.back, self.page, self.n, self.text = back, page, n, text


class Log:
    """A state's cursor on the record; what ``st.log`` is: ``page`` (its own
    list) holds its entries after ``back``, which holds ``n0``."""
    __slots__ = ("back", "page", "n0", "_saved", "_read")

    def __init__(self, back: "Sealed | Base | None" = None):
        self.back = back
        self.page: list = []
        self.n0 = 0 if back is None else back.n
        self._saved: list | None = None     # [back, full chunks, page, texts of the page's entries]
        self._read: tuple | None = None     # (count, entries) of the last read: this cursor's own list

    def clone(self) -> "Log":
        if len(self.page) >= CHUNK:
            self._seal()
        c = Log.__new__(Log)
        c.back, c.page, c.n0 = self.back, self.page.copy(), self.n0
        c._saved = c._read = None
        return c

    def append(self, entry: dict | tuple) -> None:
        """Add an entry: a dict, or a recipe ``(make, *parts)`` (see above).
        (Hot paths write ``st.log.page.append(entry)``: the same.)"""
        self.page.append(entry)

    def _seal(self) -> None:
        """Seal the page's full chunks (chunk-aligned: the first page after a
        loaded Base ends where its last chunk would)."""
        page, n0 = self.page, self.n0
        room = CHUNK - n0 % CHUNK
        if len(page) < room:
            return
        saved = self._saved
        texts = saved[3] if saved is not None and saved[2] is page else []
        i = 0
        while len(page) - i >= room:
            self.back = Sealed(self.back, page[i:i + room], n0 + room, texts[i:i + room] or None)
            n0 += room
            i += room
            room = CHUNK
        self.page, self.n0 = page[i:], n0
        if saved is not None and saved[2] is page:
            saved[2], saved[3] = self.page, texts[i:]

    def __len__(self) -> int:
        return self.n0 + len(self.page)

    # --- reading -------------------------------------------------------------------

    def entries(self, start: int = 0) -> list[dict]:
        """A new list of the entries from ``start`` on (checking a loaded
        record first, if they reach into it)."""
        start = max(0, start)
        n = self.n0 + len(self.page)
        read = self._read
        if read is None or read[0] > n:
            got = self._since(0)
        else:
            # only what came since the last read is walked (in a game played on,
            # each read costs the entries added since, not the whole log)
            got = read[1]
            if read[0] < n:
                got.extend(self._since(read[0]))
        self._read = (n, got)
        return got[start:]

    def _since(self, i: int) -> list:
        """The entries from index ``i`` on, built."""
        parts = []
        if i < self.n0 + len(self.page):
            parts.append(_built(self.page, max(0, i - self.n0), len(self.page)))
        x, end = self.back, self.n0
        while i < end:
            if type(x) is Sealed:
                first = x.n - len(x.page)
                parts.append(_built(x.page, max(0, i - first), len(x.page)))
                end, x = first, x.back
            else:
                parts.append(x.read()[i:])
                break
        out: list = []
        for part in reversed(parts):
            out += part
        return out

    def __iter__(self) -> Iterator[dict]:
        return iter(self.entries())

    def __getitem__(self, i: Any) -> Any:
        if type(i) is slice:
            if i.step is None and i.stop is None and (i.start or 0) >= 0:
                return self.entries(i.start or 0)
            return self.entries()[i]
        n = len(self)
        if type(i) is int and -n <= i < 0:
            i += n
        if type(i) is int and 0 <= i < n:
            return self.entries(i)[0]
        raise IndexError("log index out of range")

    # --- saving -----------------------------------------------------------------------

    def chunks(self) -> list[str]:
        """The whole record as chunks of JSON text (a new list)."""
        self._seal()
        back, page = self.back, self.page
        saved = self._saved
        if saved is None:
            saved = self._saved = [_UNSET, None, _UNSET, None]
        if saved[0] is not back:
            saved[0], saved[1] = back, _full_chunks(back)
        if saved[2] is not page:
            saved[2], saved[3] = page, []
        texts = saved[3]
        # the page is only ever appended to (a rollback forgets these texts):
        # texts made for its first entries hold as it grows
        for j in range(len(texts), len(page)):
            texts.append(_dumps(_built(page, j, j + 1)[0]))
        part = back.parts()[1] if type(back) is Base else None
        out = list(saved[1])
        if page:
            out.append((part[:-1] + ", " if part else "[") + ", ".join(texts) + "]")
        elif part:
            out.append(part)
        return out


_UNSET = object()


def _built(page: list, a: int, b: int) -> list:
    """Entries ``a`` to ``b`` of a page, each recipe built (once: the entry
    replaces its recipe in the page, for every log that shares it)."""
    out = page[a:b]
    for j, e in enumerate(out):
        if type(e) is tuple:
            out[j] = page[a + j] = e[0](*e[1:])
    return out


def _full_chunks(back: "Sealed | Base | None") -> list[str]:
    """The chunk texts of everything up to ``back``, each cached where it
    is kept (on its sealed node, or the loaded Base)."""
    out = []
    x = back
    while type(x) is Sealed:
        if type(x.text) is not str:
            x.text = _chunk_text(x)
        out.append(x.text)
        x = x.back
    out.reverse()
    if type(x) is Base:
        out[:0] = x.parts()[0]    # its last part, if any, is in the first sealed chunk
    return out


def _chunk_text(x: Sealed) -> str:
    """A sealed page's chunk: its entries' texts (those kept from a save
    while it was open, then the rest), after the rest of a loaded Base's
    last chunk if the page began in one."""
    texts = list(x.text or ())
    page = x.page
    texts += [_dumps(e) for e in _built(page, len(texts), len(page))]
    part = x.back.parts()[1] if type(x.back) is Base else None
    return (part[:-1] + ", " if part else "[") + ", ".join(texts) + "]"


def cursor(log: Log) -> tuple:
    """Where ``log`` is: what ``rewind`` needs (State.keep writes it out)."""
    return log.back, log.page, len(log.page), log.n0


def rewind(log: Log, at: tuple) -> None:
    """Put ``log`` back where ``cursor`` found it: the entries written since
    are forgotten (the page is the log's own, and only ever appended to, so
    its first entries are the ones it had)."""
    back, page, k, n0 = at
    del page[k:]
    log.back, log.page, log.n0 = back, page, n0
    log._saved = log._read = None


def loaded(n: int, chunks: list[str] | None, entries: list | None, check: Callable[[list], list] | None) -> Log:
    """The log of a loaded game: a Base holding the saved record."""
    return Log(Base(n, chunks, entries, check) if n else None)
