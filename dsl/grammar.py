"""The grammar's text and what is derived from the text alone.

Its own module so that what needs the grammar but not the parser (the parse
cache keys its entries by the grammar and checks an entry's words against
it) does not import the parser, and the parser does not import them back.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from importlib import resources

import lark

GRAMMAR_FILE = "waybill.lark"


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The text of the Lark grammar shipped beside this module."""
    return resources.files(__package__).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def grammar_digest() -> str:
    """A SHA-256 of the grammar and of Lark's version: what a parse depends on
    besides our own code (prebuilt tables and cache entries are keyed by it)."""
    return hashlib.sha256((lark.__version__ + "\n" + grammar_text()).encode("utf-8")).hexdigest()


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """The lower-case words of the grammar (rule names, keywords): tags a tree
    may hold that the text it was parsed from need not say."""
    return frozenset(re.findall(r"[a-z][a-z0-9]*", grammar_text()))


__all__ = ["GRAMMAR_FILE", "grammar_text", "grammar_digest", "grammar_words"]
