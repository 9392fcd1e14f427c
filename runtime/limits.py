"""Bounds that keep one broken card from freezing a game (see DESIGN.md)."""

LOOP_LIMIT = 100_000    # iterations of one `while`/`repeat` statement
CALL_DEPTH = 200        # frames on the stack (procedure calls, effects, ...)
CHAIN_LIMIT = 50        # triggers caused by triggers caused by ...
