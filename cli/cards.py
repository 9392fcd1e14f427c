"""`waybill cards`: one self-contained HTML page showing every card of a pack.

A card is any entity (a declaration of a kind the pack declares). Each is
drawn with its name, kind, fields, copies, tags, its printed `text`, and
beside it the rules text rendered from its compiled code
(`compiler/render.py`), with any rules-text warning (W6xx) it gets. Buttons
filter by kind. Every content string is HTML-escaped; the page loads
nothing from outside (inline CSS and script), so it opens from disk.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass

from waybill.api import compile_pack
from waybill.compiler.lint_text import CardIndex, lint_entities
from waybill.compiler.render import Renderer, words
from waybill.dsl.diagnostics import Report


@dataclass
class Gallery:
    html: str | None
    report: Report
    cards: int = 0


def build_gallery(pack: str, variants: list[str] | tuple[str, ...] = (), lang: str | None = None) -> Gallery:
    """Compile a pack and draw its cards; `html` is None when the pack has errors.
    ``lang``: card names and printed texts from that language's catalogue
    (English where it lacks them; the rules rendered from code stay English)."""
    result = compile_pack(pack, list(variants))
    if result.ir is None:
        return Gallery(None, result.report)
    ir = result.ir
    findings = {}
    for ent, diag in lint_entities(ir):
        findings.setdefault(ent["id"], []).append(diag)
    if lang:
        from waybill.i18n import translated_entities
        ir = {**ir, "entities": translated_entities(ir, lang)}
    return Gallery(render_page(ir, findings), result.report, len(ir["entities"]))


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _value(value: object, renderer: Renderer) -> str:
    if isinstance(value, dict) and "entity" in value:
        return renderer.expr(value["entity"])
    if isinstance(value, list):
        return ", ".join(_value(v, renderer) for v in value) or "—"
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def render_card(ent: dict, renderer: Renderer, findings: list | None = None, rules: list | None = None,
                where: str = "") -> str:
    """One card; `rules` are the pack's rules that name it (a modifier while it is in play, ...),
    `where` the file and line it is declared at."""
    rows = []
    for name, value in ent.get("fields", {}).items():
        rows.append(f"<dt>{_e(words(name))}</dt><dd>{_e(_value(value, renderer))}</dd>")
    rows.append(f"<dt>copies</dt><dd>{_e(ent.get('copies', 1))}</dd>")
    if ent.get("start"):
        rows.append(f"<dt>starts in</dt><dd>{_e(renderer.expr(ent['start']['zone']))}</dd>")
    tags = "".join(f'<span class="tag">{_e(t)}</span>' for t in ent.get("tags") or [])
    printed = (f'<blockquote class="printed">{_e(ent["text"])}</blockquote>' if ent.get("text")
               else '<p class="none">no printed text</p>')
    items = [f"<li>{_e(line)}</li>" for line in renderer.entity(ent)]
    items += [f'<li class="pack-rule"><i>Pack rule:</i> {_e(renderer.ability(r))}</li>' for r in rules or []]
    code = f'<ul class="rules">{"".join(items)}</ul>' if items else '<p class="none">no abilities</p>'
    warn = ""
    if findings:
        warn = '<ul class="lint">' + "".join(
            f'<li><b>{_e(d.code)}</b> {_e(d.message)}</li>' for d in findings) + "</ul>"
    return (f'<article class="card" data-kind="{_e(ent["kind"])}" data-id="{_e(ent["id"])}">'
            f'<header><h2>{_e(ent.get("name") or ent["id"])}</h2>'
            f'<span class="kind">{_e(words(ent["kind"]))}</span></header>'
            f'<p class="id">{_e(ent["id"])}{" · " + _e(where) if where else ""}</p><dl>{"".join(rows)}</dl>'
            f'<div class="tags">{tags}</div>'
            f'<div class="texts"><section><h3>Printed</h3>{printed}</section>'
            f'<section><h3>From the code</h3>{code}</section></div>{warn}</article>')


def _where(ent: dict, files: list) -> str:
    """`cards/mods.wb:52`: the declaration's file (its last two path parts) and line."""
    at = ent.get("at")
    if not at or not 0 <= at[0] < len(files):
        return ""
    parts = str(files[at[0]]).replace("\\", "/").split("/")
    return f"{'/'.join(parts[-2:])}:{at[1]}"


def render_page(ir: dict, findings: dict | None = None) -> str:
    renderer = Renderer(ir)
    index = CardIndex(ir)
    findings = findings or {}
    entities = ir.get("entities", [])
    kinds: dict[str, int] = {}
    for ent in entities:
        kinds[ent["kind"]] = kinds.get(ent["kind"], 0) + 1
    buttons = [f'<button type="button" class="filter on" data-kind="">All ({len(entities)})</button>']
    for kind, n in sorted(kinds.items()):
        buttons.append(f'<button type="button" class="filter" data-kind="{_e(kind)}">{_e(words(kind))} ({n})</button>')
    files = ir.get("files", [])
    cards = "".join(render_card(ent, renderer, findings.get(ent["id"]), index.rules_about.get(ent["id"]),
                                _where(ent, files)) for ent in entities)
    pack = ir.get("pack", {})
    title = pack.get("name") or pack.get("id") or "pack"
    variants = pack.get("variants") or []
    subtitle = f"{len(entities)} cards in {len(kinds)} kinds" + (
        f", variants: {', '.join(variants)}" if variants else "")
    return fill(PAGE, {"TITLE": _e(title), "SUBTITLE": _e(subtitle), "BUTTONS": "".join(buttons), "CARDS": cards,
                       "COUNTS": _e(json.dumps(kinds, sort_keys=True))})


_SLOT = re.compile(r"%([A-Z]+)%")


def fill(template: str, values: dict[str, str]) -> str:
    """The template with each `%NAME%` slot filled, in one pass over the
    template: what a value holds (a pack named `%CARDS%`) is never read as a
    slot; a `%WORD%` that names no value stays as it is."""
    return _SLOT.sub(lambda m: values.get(m.group(1), m.group(0)), template)


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE% — cards</title>
<style>
:root { --ink: #231f1a; --paper: #f6f1e7; --card: #fffdf8; --line: #d8cfbd; --accent: #8a3b12; --code: #1f4d5c; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
header.page { padding: 16px 20px 8px; }
header.page h1 { margin: 0; font-size: 22px; }
header.page p { margin: 4px 0 0; color: #6b6256; }
nav { padding: 8px 20px; display: flex; flex-wrap: wrap; gap: 6px; position: sticky; top: 0; background: var(--paper);
      border-bottom: 1px solid var(--line); z-index: 1; }
nav input { padding: 4px 8px; border: 1px solid var(--line); border-radius: 4px; min-width: 180px; }
button.filter { border: 1px solid var(--line); background: var(--card); border-radius: 14px; padding: 3px 10px; cursor: pointer; }
button.filter.on { background: var(--accent); color: #fff; border-color: var(--accent); }
main { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; padding: 12px 20px 40px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px;
        box-shadow: 0 1px 2px rgba(0,0,0,.06); overflow-wrap: anywhere; }
.card.hidden { display: none; }
.card header { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.card h2 { margin: 0; font-size: 16px; }
.card .kind { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--accent); white-space: nowrap; }
.card .id { margin: 0; font: 11px monospace; color: #8c8375; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 0 8px; margin: 6px 0; font-size: 12px; }
.card dt { color: #6b6256; } .card dd { margin: 0; }
.tag { display: inline-block; font-size: 11px; background: #ece4d4; border-radius: 8px; padding: 0 6px; margin: 0 4px 4px 0; }
.texts { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.texts h3 { margin: 4px 0; font-size: 11px; text-transform: uppercase; color: #6b6256; }
blockquote.printed { margin: 0; font-style: italic; }
ul.rules { margin: 0; padding-left: 16px; color: var(--code); }
.none { margin: 0; color: #a39a8c; }
ul.lint { margin: 8px 0 0; padding: 6px 8px 6px 22px; background: #fff3d6; border-radius: 6px; font-size: 12px; }
</style>
</head>
<body>
<header class="page"><h1>%TITLE%</h1><p>%SUBTITLE%</p></header>
<nav>%BUTTONS%<input type="search" id="find" placeholder="Find a card" aria-label="Find a card"></nav>
<main data-counts="%COUNTS%">%CARDS%</main>
<script>
(function () {
  var kind = "", needle = "";
  var cards = Array.prototype.slice.call(document.querySelectorAll("article.card"));
  var buttons = Array.prototype.slice.call(document.querySelectorAll("button.filter"));
  function show() {
    cards.forEach(function (c) {
      var ok = (!kind || c.dataset.kind === kind) && (!needle || c.textContent.toLowerCase().indexOf(needle) >= 0);
      c.classList.toggle("hidden", !ok);
    });
  }
  buttons.forEach(function (b) {
    b.addEventListener("click", function () {
      kind = b.dataset.kind;
      buttons.forEach(function (o) { o.classList.toggle("on", o === b); });
      show();
    });
  });
  document.getElementById("find").addEventListener("input", function (ev) {
    needle = ev.target.value.trim().toLowerCase();
    show();
  });
})();
</script>
</body>
</html>
"""

__all__ = ["Gallery", "build_gallery", "render_card", "render_page"]
