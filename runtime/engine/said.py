"""Text a rule says, kept with its message id and arguments: ``Said`` and
``compile_said``, which turns a `log` line, a prompt or a label of the IR
into a function of the game that makes it (english.py says it again)."""

from __future__ import annotations

from typing import Any, Callable

from . import access
from .exprs import compile_expr
from .limits import check_size


class Said(str):
    """Text a rule wrote (a log line, a prompt), with its message id and the
    values of its variables: what a catalogue needs to say it again in
    another language. Stored in the state as plain data (``msg``, ``args``),
    and its words too only when ``own``: words no message of the rules
    holds (an expression's, or a string with no letter), which a view could
    not say again from the id."""
    __slots__ = ("msg", "args", "own")

    def __new__(cls, text: str, msg: str | None, args: dict | None = None, own: bool = False) -> "Said":
        s = str.__new__(cls, text)
        s.msg, s.args, s.own = msg, args or {}, own or msg is None
        return s


def compile_said(rules: Any, node: Any, text: Any, at: str | None, default: str | None = None) -> Callable:
    """A function ``(m, loc) -> Said`` for the text ``text`` (a str or the
    IR's text with holes) held by ``node``; each hole is evaluated once and
    kept by its variable name (the value itself, not its words)."""
    mid = rules.messages.of(node)
    msg = rules.messages.by_id.get(mid) if mid else None
    if text is None or type(text) is str or type(text) is not dict or text.get("op") != "text":
        if text is not None and type(text) is not str:          # any other expression: its words
            fn = compile_expr(text, rules, at)
            return lambda m, loc: Said(access.text_of(m, fn(m, loc)), None)
        # (no prompt: the kind's words, said again from DEFAULT_PROMPTS)
        again = text is None or (msg is not None and msg.text == text)
        said = Said(default if text is None else text, mid, None, not again)
        return lambda m, loc: said
    parts = [(p, None) if type(p) is str else (compile_expr(p, rules, at), msg._var(p) if msg else None)
             for p in text["parts"]]
    # the words written as they are, a hole (None) where each value goes;
    # the holes in order, each with where its words go: a prompt is made at
    # every decision, and most of its parts are words
    words = [p if type(p) is str else None for p, _ in parts]
    holes = tuple((i, p, name) for i, (p, name) in enumerate(parts) if type(p) is not str)
    said_id = mid if msg else None
    text_of = access.text_of

    def f(m, loc):
        args: dict = {}
        out = words.copy()
        for i, p, name in holes:
            v = p(m, loc)
            if name is not None:
                args[name] = v
            out[i] = text_of(m, v)
        joined = "".join(out)
        if len(joined) > 64:
            check_size(m, joined, at)
        return Said(joined, said_id, args)
    return f
