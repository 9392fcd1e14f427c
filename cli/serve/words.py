"""The web page's own words, in the server's language.

The page (static/index.html, static/app.js) says nothing of its own in
English: its headings, setup form, status lines and errors are the engine's
``page-*`` messages (spec/locales), and it reads values with a few
``engine-*`` ones. The server renders each of them once per language and
writes them into the page it serves, with the page's language; the page
fills each variable in (``{$name}``) with text, so these messages select on
no number (spec/messages.py says so where they are declared).
"""

from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path

from waybill.api import words
from waybill.spec.messages import DEFAULT_LANG, ENGINE_IDS

STATIC = Path(__file__).parent / "static"
# the engine's words the page uses to say values (besides its own page-*)
VALUE_IDS = ("engine-none", "engine-hidden", "engine-yes", "engine-no", "engine-player", "engine-times",
             "engine-zone-of", "engine-list-sep", "engine-log-answer", "engine-log-did", "engine-empty",
             "engine-hidden-count")
MARK = "<!--words: the page's words in the server's language (app.py fills this in)-->"


def page_ids() -> list[str]:
    return [mid for mid in ENGINE_IDS if mid.startswith("page-")] + list(VALUE_IDS)


@lru_cache(maxsize=8)
def page_words(lang: str | None) -> dict[str, str]:
    """Each message the page says, in ``lang`` (English for None or where the
    catalogue lacks one), its variables left as ``{$name}`` for the page."""
    cat = words(lang or DEFAULT_LANG)
    return {mid: cat.get(mid, {v: "{$" + v + "}" for v in ENGINE_IDS[mid]}, mid) for mid in page_ids()}


@lru_cache(maxsize=8)
def page_html(lang: str | None) -> str:
    """index.html in ``lang``: its language, its title, its words as JSON for
    app.js, and the text of every element marked ``data-msg`` already in that
    language (the page reads right before its script runs)."""
    said = page_words(lang)
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    text = text.replace('<html lang="en">', f'<html lang="{html.escape(lang or DEFAULT_LANG)}">', 1)
    text = re.sub(r"<title>[^<]*</title>", lambda m: f"<title>{html.escape(said['page-title'], quote=False)}</title>",
                  text, count=1)
    # a `data-msg` element's text, and a `data-msg-placeholder` attribute's value
    text = re.sub(r'(data-msg="([a-z0-9-]+)">)[^<]*<',
                  lambda m: m.group(1) + html.escape(said.get(m.group(2), m.group(0)), quote=False) + "<", text)
    text = re.sub(r'placeholder="[^"]*"( data-msg-placeholder="([a-z0-9-]+)")',
                  lambda m: f'placeholder="{html.escape(said.get(m.group(2), ""))}"{m.group(1)}', text)
    # JSON inside <script>: no "</" can close it early
    data = json.dumps({"lang": lang or DEFAULT_LANG, "words": said}, ensure_ascii=True).replace("<", "\\u003c")
    return text.replace(MARK, f'<script id="words" type="application/json">{data}</script>', 1)
