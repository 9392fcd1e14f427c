"""The record: a game's log, append-only and shared by clones.

The log is out of the cloned state. Entries live in *pages*, plain lists
(a full page holds the entries of one saved chunk, ``CHUNK`` of them);
full pages are sealed into ``Sealed`` nodes, each pointing at the one
before it, and shared by every clone. A state holds a ``Log``: the sealed
node before it and its open page. ``clone`` seals the full pages and shares
the open page (fewer than ``CHUNK`` entries) copy-on-write: both logs are
marked ``shared``, and whichever appends first takes a copy (``own``). So
appending is a list append after one flag test, a clone copies nothing,
and two clones that append different entries never see each other's, while
everything before the fork is shared. A page may grow past a chunk while a game plays on (an action
writes many entries); it is sealed, chunk by chunk, when the log is cloned
or saved.

An entry may be appended as a *recipe*, a tuple ``(make, *parts)``: the
entry is ``make(*parts)``, built the first time it is read or saved
(events.emit_made writes events nothing else observes this way, so a game
that is never read or saved never builds them). ``make`` must depend on
``parts`` only, and ``parts`` must never change. A page holds a recipe
*flat*, as the run ``n, make, *parts`` (``n`` = ``len(parts) + 1``): no
object per entry, because every object a game keeps is one the garbage
collector walks again and again, while a page soon stops being young and
is walked no more (bench/README.md, 2026-12-01, branch `frame`: this was
a third of the collector's work in the bench rule). Any other entry is a
dict, one item. Entries themselves are never changed once written (nothing
in the kernel edits a logged dict), so sharing them is safe.

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
    its end. ``built`` caches its entries (built once, for every clone that
    shares it); ``text`` its chunk: None, a list of the texts of its first
    entries (kept from a save while it was open), or the chunk."""
    __slots__ = ("back", "page", "n", "text", "built")

    def __init__(self, back: "Sealed | Base | None", page: list, n: int, text: list | None):
        self.back, self.page, self.n, self.text, self.built = back, page, n, text, None

    def entries(self) -> list:
        if self.built is None:
            self.built = _decoded(self.page, 0)
        return self.built


class Log:
    """A state's cursor on the record; what ``st.log`` is: ``page`` (its own
    list) holds its entries after ``back``, which holds ``n0``."""
    __slots__ = ("back", "page", "n0", "shared", "_saved", "_read", "_count")

    def __init__(self, back: "Sealed | Base | None" = None):
        self.back = back
        self.page: list = []
        self.shared = False     # the page is another log's too: copy it before writing
        self.n0 = 0 if back is None else back.n
        self._forget()

    def _forget(self) -> None:
        """Drop what was found out about the page (it changed other than by appending)."""
        self._saved: list | None = None     # [back, full chunks, page, texts of its entries, items they took]
        self._read: tuple | None = None     # (count, entries) of the last read: this cursor's own list
        self._count: tuple = (0, 0)         # (items of the page, entries in them), as far as counted

    def clone(self) -> "Log":
        # the page is items (a recipe takes several): seal only once it holds
        # a whole chunk of entries, counted incrementally by __len__, so that
        # a clone does not walk a page that is not full
        if len(self.page) >= CHUNK and len(self) - self.n0 >= CHUNK - self.n0 % CHUNK:
            self._seal()
        c = Log.__new__(Log)
        c.back, c.page, c.n0 = self.back, self.page, self.n0
        c.shared = self.shared = True
        c._saved = c._read = None
        c._count = self._count
        return c

    def own(self) -> list:
        """The page, made this log's own (copied if another log shares it):
        what to append to. (Hot paths write
        ``(lg.page if not lg.shared else lg.own()).append(...)``.)"""
        if self.shared:
            self.page = self.page.copy()
            self.shared = False
        return self.page

    def append(self, entry: dict | tuple) -> None:
        """Add an entry: a dict, or a recipe ``(make, *parts)`` (see above).
        (Hot paths write ``page.append(entry)`` for a dict and
        ``page.extend((n, make, *parts))`` for a recipe, ``page`` as
        ``own`` gives it: the same.)"""
        page = self.page if not self.shared else self.own()
        if type(entry) is tuple:
            page.append(len(entry))
            page.extend(entry)
        else:
            page.append(entry)

    def _seal(self) -> None:
        """Seal the page's full chunks (chunk-aligned: the first page after a
        loaded Base ends where its last chunk would)."""
        page, n0 = self.page, self.n0
        room = CHUNK - n0 % CHUNK
        if len(page) < room:
            return
        saved = self._saved
        texts = saved[3] if saved is not None and saved[2] is page else []
        start = i = done = 0
        while True:
            i = _skip(page, start, room)
            if i < 0:
                break
            self.back = Sealed(self.back, page[start:i], n0 + room, texts[done:done + room] or None)
            n0 += room
            done += room
            start = i
            room = CHUNK
        if not start:
            return
        self.page, self.n0 = page[start:], n0
        self.shared = False
        t, c = self._count
        self._count = (t - start, c - done) if t >= start else (0, 0)
        if saved is not None and saved[2] is page:
            saved[2], saved[3], saved[4] = self.page, texts[done:], max(0, saved[4] - start)

    def __len__(self) -> int:
        page = self.page
        t, c = self._count
        if t != len(page):
            while t < len(page):
                x = page[t]
                t += 1 + x if type(x) is int else 1
                c += 1
            self._count = (t, c)
        return self.n0 + c

    # --- reading -------------------------------------------------------------------

    def entries(self, start: int = 0) -> list[dict]:
        """A new list of the entries from ``start`` on (checking a loaded
        record first, if they reach into it)."""
        start = max(0, start)
        n = len(self)
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
        n0 = self.n0
        if i < len(self):
            parts.append(_decoded(self.page, max(0, i - n0)))
        x, end = self.back, n0
        while i < end:
            if type(x) is Sealed:
                built = x.entries()
                first = x.n - len(built)
                parts.append(built[max(0, i - first):])
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
            saved = self._saved = [_UNSET, None, _UNSET, None, 0]
        if saved[0] is not back:
            saved[0], saved[1] = back, _full_chunks(back)
        if saved[2] is not page:
            saved[2], saved[3], saved[4] = page, [], 0
        texts = saved[3]
        # the page is only ever appended to (a rollback forgets these texts):
        # texts made for its first entries hold as it grows
        if saved[4] < len(page):
            texts += [_dumps(e) for e in _decoded(page, 0, saved[4])]
            saved[4] = len(page)
        part = back.parts()[1] if type(back) is Base else None
        out = list(saved[1])
        if page:
            out.append((part[:-1] + ", " if part else "[") + ", ".join(texts) + "]")
        elif part:
            out.append(part)
        return out


_UNSET = object()


def _skip(page: list, at: int, n: int) -> int:
    """The item after ``n`` entries from item ``at`` of a page (-1: it has fewer)."""
    end = len(page)
    for _ in range(n):
        if at >= end:
            return -1
        x = page[at]
        at += 1 + x if type(x) is int else 1
    return at


def _decoded(page: list, skip: int, at: int = 0) -> list:
    """The entries of a page from item ``at`` on, the first ``skip`` of them
    left out; recipes built."""
    out = []
    end = len(page)
    while at < end:
        x = page[at]
        if type(x) is int:
            if skip:
                skip -= 1
            else:
                out.append(page[at + 1](*page[at + 2:at + 1 + x]))
            at += 1 + x
        else:
            if skip:
                skip -= 1
            else:
                out.append(x)
            at += 1
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
    texts += [_dumps(e) for e in x.entries()[len(texts):]]
    part = x.back.parts()[1] if type(x.back) is Base else None
    return (part[:-1] + ", " if part else "[") + ", ".join(texts) + "]"


def cursor(log: Log) -> tuple:
    """Where ``log`` is: what ``rewind`` needs (State.keep writes it out)."""
    return log.back, log.page, len(log.page), log.n0


def rewind(log: Log, at: tuple) -> None:
    """Put ``log`` back where ``cursor`` found it: the entries written since
    are forgotten (a page is only ever appended to, so its first ``k`` items
    are the ones it had). The page is cut in place only while it is still
    this log's own; one shared with a clone, or left for a copy on the way,
    is copied up to ``k`` (a clone may read it)."""
    back, page, k, n0 = at
    if log.page is page and not log.shared:
        del page[k:]
    else:
        page = page[:k]
    log.back, log.page, log.n0, log.shared = back, page, n0, False
    log._forget()


def loaded(n: int, chunks: list[str] | None, entries: list | None, check: Callable[[list], list] | None) -> Log:
    """The log of a loaded game: a Base holding the saved record."""
    return Log(Base(n, chunks, entries, check) if n else None)
