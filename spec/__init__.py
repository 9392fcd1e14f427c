"""The ground both the compiler and the runtime stand on: what the language
is, not how it is checked or played.

- ``signatures``: the one table of primitives, built-in functions, events
  and statements (the checker, the IR schema, the docs and the editor read it);
- ``limits``: the engine's bounds, which a pack's `limits` may move up to the caps;
- ``errors``: the error tree, rooted at ``WaybillError``;
- ``messages``: the message ids of a rules program, and the engine's own
  catalogues (``locales/``).

May import: nothing
"""
