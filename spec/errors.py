"""The error tree: every error Waybill raises on purpose is a ``WaybillError``.

``CompileError`` is content that does not compile (its ``report`` holds every
diagnostic). ``RuleError`` is a fault in the rules program discovered while
playing (a loop or trigger chain that never ends, a bad reference, ...); it
names the source location and the procedure or card. ``IllegalAction`` is a
frontend asking for a move that is not currently legal; the game state is left
untouched when it is raised. ``BadSave`` is data given as a saved game that
does not hold up (it names the field). The package root re-exports them all.
"""

from __future__ import annotations


class WaybillError(Exception):
    """Root of every error Waybill raises on purpose."""


class CompileError(WaybillError):
    """Content that does not compile; ``report`` holds every diagnostic."""

    def __init__(self, message: str, report=None):
        super().__init__(message)
        self.report = report


class BadSave(WaybillError):
    """What is wrong with data given as a saved game."""


class RuleError(WaybillError):
    """The rules program did something impossible while playing."""

    def __init__(self, message: str, at: str | None = None, where: str | None = None):
        self.message = message
        self.at = at          # "file:line:col" or None
        self.where = where    # "procedure deliver", "entity x 'X' (trigger on moved)", ...
        super().__init__(self._render())

    def _render(self) -> str:
        text = self.message
        if self.where:
            text = f"{text} (in {self.where})"
        return f"{self.at}: {text}" if self.at else text

    def locate(self, at: str | None, where: str | None) -> "RuleError":
        """Fill in a location the raiser did not know; the innermost one wins."""
        if self.at is None and at is not None:
            self.at = at
        if self.where is None and where is not None:
            self.where = where
        self.args = (self._render(),)
        return self


class IllegalAction(WaybillError):
    """An action that is not among ``legal_actions()`` right now."""


class Stop(Exception):
    """Internal: a `require` failed or a `pay` could not be made; the current
    effect stops. Never escapes the interpreter."""

    def __init__(self, message: str, msg: str | None = None, args: dict | None = None):
        super().__init__(message)
        self.message = message
        self.msg = msg          # the message id of these words, and its variables (spec/messages.py)
        self.values = args or {}
