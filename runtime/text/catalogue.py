"""The catalogues (Project Fluent) that give a rules program's words in one
language: the engine's, then each pack's, falling back to English.

A catalogue is content and is read with the guards `waybill check` applies,
from the one module that holds them (spec/ftl.py): only a regular file whose
path, links resolved, lies in its pack's folder, of at most
MAX_CATALOGUE_BYTES, in UTF-8; parsed with bounds on nesting and on numbers. A file that fails any of these is not read (a warning on the
`waybill.catalogue` logger, and `Catalogue.problems`).

Saying a message is bounded too: a message in a reference cycle, nesting
deeper than MAX_DEPTH through the messages it uses, or failing to format
for any reason is not said in that language; the English message is said
instead, and the id counted in ``missing`` and ``broken`` (with why). No
catalogue makes ``get`` raise.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from waybill.spec.errors import WaybillError
from waybill.spec.ftl import bounded_parser, broken_patterns, read_catalogue
from waybill.spec.messages import DEFAULT_LANG, ENGINE_DIR, LANGUAGE_TAG

SAID_KEPT = 20_000               # words kept by ``Catalogue.get`` (then forgotten, all at once)

log = logging.getLogger("waybill.catalogue")


class Catalogue:
    """The words of one language for one rules program: the pack's
    catalogues (a base pack's first, then each extending pack's) and the
    engine's, each falling back to English. ``missing`` collects the ids
    asked for and not found in the language (English fills in); ``broken``
    the ids whose words could not be said (id -> why), also in ``missing``;
    ``problems`` the catalogue files that were not read, and why."""

    def __init__(self, lang: str, pack_dirs: list[str]):
        from fluent.runtime import FluentBundle, FluentResource  # noqa: F401
        self.lang = lang
        self.missing: set[str] = set()
        self.broken: dict[str, str] = {}
        self._said: dict[Any, str] = {}        # (message, its values) -> words (``get``)
        # the names of one rules' entities and zones in this language (a
        # catalogue is made per rules: runtime/text/words.Words keeps them)
        self.names: dict[Any, str] = {}
        self.problems: list[str] = []
        self.aliases: dict[str, str] = {}      # id -> the id it had before names (spec/messages.py)
        self._bundles = [self._bundle(lang, [ENGINE_DIR] + pack_dirs)]
        if lang != DEFAULT_LANG:
            self._bundles.append(self._bundle(DEFAULT_LANG, [ENGINE_DIR] + pack_dirs))

    def _bundle(self, lang: str, dirs: list[str]) -> tuple[Any, dict]:
        """A bundle of the catalogues of ``lang`` in ``dirs``, and its broken
        patterns: node -> why (see ``_broken``)."""
        from fluent.runtime import FluentBundle
        b = FluentBundle([lang], use_isolating=False)
        entries: list = []
        for d in dirs:
            path = os.path.join(d, f"{lang}.ftl")
            text = self._read(path, os.path.dirname(d) if d != ENGINE_DIR else d)
            if text is None:
                continue
            res = bounded_parser(False).parse(text)
            b.add_resource(res, allow_overrides=True)
            entries.extend(res.body)
        return b, broken_patterns(entries)

    def _read(self, path: str, root: str) -> str | None:
        """The text of a catalogue, or None (not there, or not to be read: a
        problem noted)."""
        if not os.path.lexists(path):
            return None
        text, why = read_catalogue(path, os.path.realpath(root))
        if why is None:
            return text
        self.problems.append(f"{path}: not read: {why.message}")
        log.warning("catalogue %s not read (%s): English is said instead", path, why.message)
        return None

    def has(self, mid: str) -> bool:
        b, bad = self._bundles[0]
        base, _, attr = mid.partition(".")
        if not b.has_message(base):
            base = self.aliases.get(base, base)
        return b.has_message(base) and ("m", base, attr or None) not in bad

    def get(self, mid: str, args: dict | None = None, fallback: str | None = None) -> str:
        """The words of message ``mid`` (``id.attr`` for an attribute).
        Words said in full (from the language, or from English for a message
        it lacks, counted missing once) are kept, by the message
        and its values (names, numbers): a view says each name on the table
        every time, and Fluent formats each in some microseconds."""
        if args:
            try:
                key = (mid, frozenset(args.items()))
            except TypeError:       # (a value that is not a name or a number: said afresh)
                key = None
        else:
            key = mid
        if key is not None:
            got = self._said.get(key)
            if got is not None:
                return got
        return self._get(mid, args, fallback, key)

    def _get(self, mid: str, args: dict | None, fallback: str | None, key: Any) -> str:
        asked, _, attr = mid.partition(".")
        said = None
        for i, (b, bad) in enumerate(self._bundles):
            base = asked if b.has_message(asked) else self.aliases.get(asked, asked)
            node = ("m", base, attr or None)
            if not b.has_message(base):
                continue
            if node in bad:
                self._break(mid, bad[node])
                if fallback is not None:
                    return fallback
                continue
            try:
                msg = b.get_message(base)
                pattern = msg.attributes.get(attr) if attr else msg.value
                if pattern is None:
                    continue
                text, errors = b.format_pattern(pattern, args or {})
            except Exception as exc:  # RecursionError and ValueError among them: never raised to a view
                self._break(mid, f"{type(exc).__name__}: {exc}")
                if fallback is not None:
                    return fallback
                continue
            if errors and fallback is not None:
                # A safety net, not the way variants are told apart (they have
                # ids of their own): a translation that asks for a value the
                # line does not carry (a stale or unchecked catalogue of a
                # user's pack; `waybill check` reports it as E804) would show
                # `{$x}`; the English is shown instead, and counted missing.
                self.missing.add(mid)
                return fallback
            if errors:
                said = said if said is not None else str(text)
                self.missing.add(mid)
                continue
            if i:
                self.missing.add(mid)       # (once: kept below, it is not looked for again)
            if key is not None:
                if len(self._said) >= SAID_KEPT:
                    self._said.clear()
                self._said[key] = str(text)
            return str(text)
        if said is not None:
            return said
        if len(self._bundles) > 1 or fallback is None:
            self.missing.add(mid)
        return fallback if fallback is not None else mid

    def _break(self, mid: str, why: str) -> None:
        self.missing.add(mid)
        if mid not in self.broken:
            self.broken[mid] = why
            log.warning("message %s of catalogue %s cannot be said (%s): English is said instead", mid, self.lang, why)


def pack_locale_dirs(rules: Any) -> list[str]:
    """The `locales/` folders of a rules program's packs, base packs first."""
    out = []
    for f in (rules.ir.get("files") or []):
        if type(f) is str and os.path.basename(f) == "pack.wb":
            d = os.path.join(os.path.dirname(f), "locales")
            if d not in out:
                out.append(d)
    return out


def catalogue(rules: Any, lang: str | None) -> "Catalogue | None":
    """The catalogue of ``lang`` for these rules (cached per rules), or None
    when no language is asked for (the IR's own words, nothing to look up)."""
    if not lang:
        return None
    if type(lang) is not str or not LANGUAGE_TAG.fullmatch(lang):
        raise WaybillError(f"a language is a tag like `ru` or `pt-BR`, not {lang!r}")
    cache = rules.catalogues
    cat = cache.get(lang)
    if cat is None:
        cat = cache[lang] = Catalogue(lang, pack_locale_dirs(rules))
        # a catalogue written before decisions were named keys them by their old ids
        # (rules of no pack, the engine's words alone, have no messages: no old ids)
        legacy = getattr(getattr(rules, "messages", None), "legacy", None) or {}
        # and a save written then says the old ids to a catalogue written since
        cat.aliases = {**legacy, **{new: old for old, new in legacy.items()}}
    return cat
