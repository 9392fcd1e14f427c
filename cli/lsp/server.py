"""The language server: pygls wiring from LSP requests to the small parts.

Every handler is guarded: whatever the text, the editor gets diagnostics
or an empty answer, and a fault in the server is logged to the editor's
output, never a crash of the session.
"""

from __future__ import annotations

import asyncio
import functools
import os
import traceback
from typing import Callable

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from waybill.dsl.parser import lark_parser

from . import completion, hover, navigation, outline, packs
from .analysis import Analysis, Workspace, name
from .diagnostics import still_placed, to_lsp
from .index import Occurrence
from .positions import Lines, to_point, to_range


FINISH_DELAY = 0.02  # seconds: lets the next keystroke, if any, arrive first


class WaybillServer(LanguageServer):
    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("waybill")
        except PackageNotFoundError:
            v = "0"
        super().__init__("waybill", v)
        self.wb = Workspace()
        self.published: dict[str, set[str]] = {}  # analysis key -> files last given diagnostics
        self.variant_only: dict[str, dict] = {}  # analysis key -> the last complete pass's own findings
        self.variant_texts: dict[str, dict] = {}  # analysis key -> file -> its text when they were found
        self.versions: dict[str, int] = {}  # path -> the open document's version
        self.pending: list[str] = []  # files changed since the last publication
        self.edits = 0  # counts changes, so that a pass scheduled before an edit is dropped


def guarded(fn: Callable) -> Callable:
    """Log a fault and answer nothing, instead of failing the request."""
    @functools.wraps(fn)
    def wrapper(ls: WaybillServer, params):
        try:
            return fn(ls, params)
        except Exception:  # a bug in the server must not end the editing session
            log_fault(ls)
            return None
    return wrapper


server = WaybillServer()


def path_of(uri: str) -> str:
    """A document's file, named as `waybill check` names it (relative to the
    working folder when inside it), so that messages read the same."""
    return name(to_fs_path(uri) or uri)


def uri_of(path: str) -> str:
    return from_fs_path(os.path.abspath(path)) or path


def lines_of(ls: WaybillServer, path: str) -> Lines | None:
    text = ls.wb.text_of(path)
    return Lines(text) if text is not None else None


def publish(ls: WaybillServer, path: str, complete: bool = True) -> None:
    """Check the pack of `path` and publish every file's diagnostics (and
    empty lists for files whose diagnostics went away).

    With `complete=False` the pack is checked as it is, without the second
    pass (its variants and the rules-text lint), which takes several times
    as long; what that pass found last time is kept meanwhile, where the
    text has not changed since (`still_placed`), and `finish_later`
    publishes the complete set.
    """
    analysis = ls.wb.analysis_for(path, complete)
    key = analysis.folder or path
    diagnostics = {f: list(ds) for f, ds in analysis.diagnostics.items()}
    if analysis.complete:
        ls.variant_only[key] = analysis.variant_only
        ls.variant_texts[key] = {f: ls.wb.text_of(f) for f in analysis.variant_only}
    else:  # the second pass's findings (variants, rules-text lint) stay until it runs again, where still true
        texts = ls.variant_texts.get(key, {})
        for file, ds in ls.variant_only.get(key, {}).items():
            have = diagnostics.setdefault(file, [])
            seen = {(d.span, d.code, d.message) for d in have}
            have.extend(d for d in still_placed(ds, texts.get(file), ls.wb.text_of(file))
                        if (d.span, d.code, d.message) not in seen)
    now = set(diagnostics) | {path}
    for file in now | ls.published.get(key, set()):
        lines = lines_of(ls, file)
        diags = [to_lsp(d, lines) for d in diagnostics.get(file, [])]
        version = ls.versions.get(file)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri_of(file), diagnostics=diags, version=version))
    ls.published[key] = now
    # files come from the parse cache at first: load the parser once the first diagnostics
    # are out, rather than on the first keystroke (a few hundred ms; a no-op after)
    lark_parser()
    if not analysis.complete:
        finish_later(ls, path)


def publish_soon(ls: WaybillServer, path: str) -> None:
    """Publish once the changes already received are all applied: keystrokes
    that arrive faster than a check are checked once, at the last one."""
    ls.edits += 1
    edits = ls.edits
    ls.pending.append(path)

    def run() -> None:
        if ls.edits != edits:
            return
        paths, ls.pending = ls.pending, []
        done = set()
        for p in reversed(paths):  # the last edited first; one check per pack
            key = packs.pack_folder_of(p) or p
            if key not in done:
                done.add(key)
                try:
                    publish(ls, p, complete=False)
                except Exception:
                    log_fault(ls)

    asyncio.get_running_loop().call_soon(run)


def finish_later(ls: WaybillServer, path: str) -> None:
    """Run the variants pass once the editor has been answered, unless
    another edit comes first (it schedules its own)."""
    edits = ls.edits

    def finish() -> None:
        if ls.edits != edits:
            return
        try:
            publish(ls, path, complete=True)
        except Exception:
            log_fault(ls)

    asyncio.get_running_loop().call_later(FINISH_DELAY, finish)


def log_fault(ls: WaybillServer) -> None:
    ls.window_log_message(types.LogMessageParams(types.MessageType.Error, "waybill lsp: " + traceback.format_exc()))


# ---- documents ------------------------------------------------------------------------
@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@guarded
def did_open(ls: WaybillServer, params: types.DidOpenTextDocumentParams) -> None:
    path = path_of(params.text_document.uri)
    ls.wb.set_text(path, params.text_document.text)
    ls.versions[path] = params.text_document.version
    publish_soon(ls, path)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@guarded
def did_change(ls: WaybillServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = path_of(uri)
    ls.wb.set_text(path, ls.workspace.get_text_document(uri).source)
    ls.versions[path] = params.text_document.version
    publish_soon(ls, path)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
@guarded
def did_close(ls: WaybillServer, params: types.DidCloseTextDocumentParams) -> None:
    path = path_of(params.text_document.uri)
    ls.wb.close(path)  # the disk's text counts again
    ls.versions.pop(path, None)
    publish_soon(ls, path)


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@guarded
def did_change_files(ls: WaybillServer, params: types.DidChangeWatchedFilesParams) -> None:
    ls.wb.analyses.clear()  # a file was saved, added or removed outside the editor
    ls.wb.readings.clear()


# ---- requests ---------------------------------------------------------------------------
def _at(ls: WaybillServer, uri: str, position: types.Position) -> tuple[Analysis, Occurrence | None, str]:
    path = path_of(uri)
    analysis = ls.wb.analysis_for(path, complete=False)  # the index needs only the first pass
    line, column = to_point(position, lines_of(ls, path))
    return analysis, analysis.index.at(path, line, column), path


def _location(ls: WaybillServer, file: str, span) -> types.Location:
    return types.Location(uri_of(file), to_range(span, lines_of(ls, file)))


@server.feature(types.TEXT_DOCUMENT_HOVER)
@guarded
def on_hover(ls: WaybillServer, params: types.HoverParams) -> types.Hover | None:
    analysis, occ, path = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    text = hover.hover_text(analysis.index, occ)
    if text is None:
        return None
    return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text),
                       range=to_range(occ.span, lines_of(ls, path)))


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded
def on_definition(ls: WaybillServer, params: types.DefinitionParams) -> list[types.Location] | None:
    analysis, occ, _ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    return [_location(ls, f, s) for f, s in navigation.definitions(analysis.index, occ, analysis.folder)] or None


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
@guarded
def on_references(ls: WaybillServer, params: types.ReferenceParams) -> list[types.Location] | None:
    analysis, occ, _ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    refs = navigation.references(analysis.index, occ, params.context.include_declaration)
    return [_location(ls, r.file, r.span) for r in refs]


@server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
@guarded
def on_prepare_rename(ls: WaybillServer, params: types.PrepareRenameParams):
    analysis, occ, path = _at(ls, params.text_document.uri, params.position)
    if occ is None or navigation.rename_problem(analysis.index, occ, occ.name) is not None:
        return None
    return types.PrepareRenamePlaceholder(to_range(occ.span, lines_of(ls, path)), occ.name)


@server.feature(types.TEXT_DOCUMENT_RENAME)
@guarded
def on_rename(ls: WaybillServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    analysis, occ, _ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    problem = navigation.rename_problem(analysis.index, occ, params.new_name)
    if problem is not None:
        ls.window_show_message(types.ShowMessageParams(types.MessageType.Warning, problem))
        return None
    edits = navigation.rename_edits(analysis.index, occ, params.new_name)
    return types.WorkspaceEdit(changes={
        uri_of(file): [types.TextEdit(to_range(span, lines_of(ls, file)), params.new_name) for span in spans]
        for file, spans in edits.items()})


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[".", " "]))
@guarded
def on_completion(ls: WaybillServer, params: types.CompletionParams) -> types.CompletionList | None:
    path = path_of(params.text_document.uri)
    analysis = ls.wb.analysis_for(path, complete=False)
    text = ls.wb.text_of(path) or ""
    lines = Lines(text)
    line, column = to_point(params.position, lines)
    items = completion.complete(analysis.index, text, line - 1, column - 1, path)
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded
def on_document_symbol(ls: WaybillServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    path = path_of(params.text_document.uri)
    parsed = ls.wb.source(path)
    if parsed is None:
        return []
    return outline.document_symbols(parsed.module.items, Lines(parsed.text))


def main() -> None:
    server.start_io()
