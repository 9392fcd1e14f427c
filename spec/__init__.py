"""The ground both the compiler and the runtime stand on: what the language
is and how content is read, not how it is checked or played.

- ``signatures``: the one table of primitives, built-in functions, events
  and statements (the checker, the IR schema, the docs and the editor read it);
- ``limits``: the engine's bounds, which a pack's `limits` may move up to the caps;
- ``errors``: the error tree, rooted at ``WaybillError``;
- ``messages``: the message ids of a rules program, and the engine's own
  catalogues (``locales/``);
- ``files``: reading content without trusting its path (only regular files,
  never through a link out of the pack, never blocking), for `.wb` files and
  catalogues alike;
- ``ftl``: the bounds on a Fluent catalogue (size, nesting, numbers,
  reference cycles) that `waybill check` reports and the runtime obeys.

May import: nothing
"""
