"""The names a piece of code sees while it is checked and lowered."""

from __future__ import annotations


class Scope:
    """Local names, innermost last, and what the code around may do."""

    def __init__(self, names=(), *, entity: bool = False, procedure: bool = False):
        self.frames: list[set[str]] = [set(names) | {"me"}]
        self.entity = entity
        self.procedure = procedure
        self.loops = 0
        # per frame: `obj.prop` set by an earlier statement of the block (read safely after it)
        self.props_set: list[set[str]] = [set()]
        if entity:
            self.frames[0] |= {"self", "owner"}

    def has(self, name: str) -> bool:
        return any(name in f for f in self.frames)

    def push(self, *names: str) -> None:
        self.frames.append(set(names))
        self.props_set.append(set())

    def pop(self) -> None:
        self.frames.pop()
        self.props_set.pop()

    def mark_set(self, key: str | None) -> None:
        if key is not None:
            self.props_set[-1].add(key)

    def was_set(self, key: str | None) -> bool:
        return key is not None and any(key in f for f in self.props_set)

    def add(self, name: str) -> None:
        self.frames[-1].add(name)

    def all(self) -> set[str]:
        return set().union(*self.frames)
