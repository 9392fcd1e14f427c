"""The record: a game's log, append-only and shared by clones.

The log is out of the cloned state. Entries live in a persistent chain of
``Node``s (each points at the one before it); a state holds a ``Log``, a
cursor on its last node. ``clone`` copies the cursor (one pointer), and
``append`` adds a node after it: two clones that append different entries
each get their own tail and never see each other's, while everything before
the fork is shared. Entries are never changed once written (nothing in the
kernel edits a logged dict), so sharing them is safe.

An entry may be appended as a *recipe*, ``(make, *parts)``: the entry is
``make(*parts)``, built the first time it is read or saved and kept in its
node (events.emit_made writes events nothing else observes this way, so a
game that is never read or saved never builds them). ``make`` must depend
on ``parts`` only, and ``parts`` must never change.

Saving writes the record as JSON text in chunks: chunk ``i`` is the JSON
array of entries ``CHUNK*i`` up to ``CHUNK*(i+1)`` (the last holds the rest),
as ``json.dumps`` writes them. Each entry is encoded once: a full chunk's
text is made when first saved and kept on the node that ends it, other
nodes keep their entry's text. ``to_json`` lists the kept chunks and joins
the last few entries, so its cost does not grow with the length of the game
(past writing each entry once), and the chunks of a game are the same
whether or not it was saved and loaded on the way.

A loaded record is a ``Base``: the saved chunks, the entry count, and a
check. The text is untrusted input; it is parsed and checked in full
(``check``, which raises ``BadSave`` naming ``log[i]...`` or
``log.chunks[i]``) the first time an entry of it is read — a view,
``actions()``, ``messages()``, ``Game.log`` — and never used unchecked.
Saving again writes its chunks back as they came, without reading them (the
last, if not full, joined with the entries that follow it). Rules never
read the log.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator

CHUNK = 64            # entries per cached chunk of text

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


# A node is a plain list, ``[prev, entry, n, text, back]``: a list is built by
# one bytecode, where a class instance cost a Python ``__init__`` call per
# log entry (8 a turn of the bench rule). The fields:
#   PREV  the node before it (a Node, a Base, or None)
#   ENTRY its entry (a dict, or a recipe until first built, see _entry)
#   N     entries up to and including this one
#   TEXT  cached: this entry's JSON, or at a chunk's end the chunk's
#   BACK  at a chunk's end, once cached: what comes before the chunk (else _OPEN)
Node = list
PREV, ENTRY, N, TEXT, BACK = range(5)


class Log:
    """A state's cursor on the record; what ``st.log`` is."""
    __slots__ = ("tail", "_saved", "_read")

    def __init__(self, tail: "Node | Base | None" = None):
        self.tail = tail
        self._saved: tuple | None = None     # (tail, chunks) of the last save
        self._read: tuple | None = None      # (tail, entries) of the last read: this cursor's own list

    def clone(self) -> "Log":
        c = Log.__new__(Log)
        c.tail = self.tail
        c._saved = c._read = None
        return c

    def append(self, entry: dict | tuple) -> None:
        """Add an entry: a dict, or a recipe ``(make, *parts)`` (see above)."""
        t = self.tail
        if type(t) is list:
            self.tail = [t, entry, t[2] + 1, None, _OPEN]
        else:
            self.tail = [t, entry, t.n + 1 if t is not None else 1, None, _OPEN]

    def __len__(self) -> int:
        t = self.tail
        if type(t) is list:
            return t[N]
        return t.n if t is not None else 0

    # --- reading -------------------------------------------------------------------

    def entries(self, start: int = 0) -> list[dict]:
        """A new list of the entries from ``start`` on (checking a loaded
        record first, if they reach into it)."""
        start = max(0, start)
        read = self._read
        if read is not None and read[0] is self.tail:
            return read[1][start:]
        # only what came since the last read is walked (in a game played on,
        # each read costs the entries added since, not the whole log)
        since = read[0] if read is not None else None
        at = 0 if since is None else since[N] if type(since) is Node else since.n
        out = []
        x = self.tail
        while type(x) is Node and x is not since and x[N] > at:
            out.append(_entry(x))
            x = x[PREV]
        out.reverse()
        if x is since and read is not None:
            entries = read[1]
            entries.extend(out)
        elif x is None:
            entries = out
        elif type(x) is Base:
            entries = x.read() + out
        else:
            entries = self._walk()
        self._read = (self.tail, entries)
        return entries[start:]

    def _walk(self) -> list[dict]:
        out = []
        x = self.tail
        while type(x) is Node:
            out.append(_entry(x))
            x = x[PREV]
        out.reverse()
        return x.read() + out if type(x) is Base else out

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
        t = self.tail
        saved = self._saved
        if saved is not None and saved[0] is t:
            return list(saved[1])
        last = []                 # the entries past the last full chunk
        x = t
        while type(x) is Node and x[N] % CHUNK:
            if x[TEXT] is None:
                x[TEXT] = _dumps(_entry(x))
            last.append(x[TEXT])
            x = x[PREV]
        full = []
        while type(x) is Node:    # the end of a full chunk
            if x[BACK] is _OPEN:
                _close_chunk(x)
            full.append(x[TEXT])
            x = x[BACK]
        full.reverse()
        if type(x) is Base:
            head, part = x.parts()
            if full:
                part = None       # the first full chunk took it in
            full[:0] = head
        else:
            part = None
        if last:
            last.reverse()
            text = ", ".join(last)
            full.append(part[:-1] + ", " + text + "]" if part else "[" + text + "]")
        elif part:
            full.append(part)
        self._saved = (t, full)
        return list(full)


def _close_chunk(end: Node) -> None:
    """Cache at ``end`` the text of its chunk — up to CHUNK entries back, and
    with the rest of a loaded Base's last chunk if it starts in one — and
    what comes before the chunk."""
    texts = [_dumps(_entry(end))]
    x: Any = end[PREV]
    for _ in range(CHUNK - 1):
        if type(x) is not Node:
            break
        texts.append(x[TEXT] if x[TEXT] is not None else _dumps(_entry(x)))
        x[TEXT] = None          # the chunk holds it now
        x = x[PREV]
    texts.reverse()
    part = x.parts()[1] if type(x) is Base else None
    end[TEXT] = (part[:-1] + ", " if part else "[") + ", ".join(texts) + "]"
    end[BACK] = x


def _entry(x: Node) -> dict:
    """A node's entry, built from its recipe (once) if it has one."""
    e = x[ENTRY]
    if type(e) is tuple:
        e = x[ENTRY] = e[0](*e[1:])
    return e


_OPEN = object()      # a chunk's end whose text is not cached yet


def loaded(n: int, chunks: list[str] | None, entries: list | None, check: Callable[[list], list] | None) -> Log:
    """The log of a loaded game: a Base holding the saved record."""
    return Log(Base(n, chunks, entries, check) if n else None)
