"""The catalogues (Project Fluent) that give a rules program's words in one
language: the engine's, then each pack's, falling back to English."""

from __future__ import annotations

import os
from typing import Any

from waybill.spec.errors import WaybillError
from waybill.spec.messages import DEFAULT_LANG, ENGINE_DIR, LANGUAGE_TAG

class Catalogue:
    """The words of one language for one rules program: the pack's
    catalogues (a base pack's first, then each extending pack's) and the
    engine's, each falling back to English. ``missing`` collects the ids
    asked for and not found in the language (English fills in)."""

    def __init__(self, lang: str, pack_dirs: list[str]):
        from fluent.runtime import FluentBundle, FluentResource  # noqa: F401
        self.lang = lang
        self.missing: set[str] = set()
        self._bundles = [self._bundle(lang, [ENGINE_DIR] + pack_dirs)]
        if lang != DEFAULT_LANG:
            self._bundles.append(self._bundle(DEFAULT_LANG, [ENGINE_DIR] + pack_dirs))

    @staticmethod
    def _bundle(lang: str, dirs: list[str]) -> Any:
        from fluent.runtime import FluentBundle, FluentResource
        b = FluentBundle([lang], use_isolating=False)
        for d in dirs:
            path = os.path.join(d, f"{lang}.ftl")
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as fh:
                    b.add_resource(FluentResource(fh.read()), allow_overrides=True)
        return b

    def has(self, mid: str) -> bool:
        return self._bundles[0].has_message(mid.partition(".")[0])

    def get(self, mid: str, args: dict | None = None, fallback: str | None = None) -> str:
        """The words of message ``mid`` (``id.attr`` for an attribute)."""
        base, _, attr = mid.partition(".")
        for i, b in enumerate(self._bundles):
            if not b.has_message(base):
                continue
            msg = b.get_message(base)
            pattern = msg.attributes.get(attr) if attr else msg.value
            if pattern is None:
                continue
            text, errors = b.format_pattern(pattern, args or {})
            if errors and fallback is not None:
                # A safety net, not the way variants are told apart (they have
                # ids of their own): a translation that asks for a value the
                # line does not carry (a stale or unchecked catalogue of a
                # user's pack; `waybill check` reports it as E804) would show
                # `{$x}`; the English is shown instead, and counted missing.
                self.missing.add(mid)
                return fallback
            if i:
                self.missing.add(mid)
            return text
        if len(self._bundles) > 1 or fallback is None:
            self.missing.add(mid)
        return fallback if fallback is not None else mid


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
    cache = rules.__dict__.setdefault("_catalogues", {})
    cat = cache.get(lang)
    if cat is None:
        cat = cache[lang] = Catalogue(lang, pack_locale_dirs(rules))
    return cat

