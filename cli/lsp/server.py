"""The language server: pygls wiring from LSP requests to the small parts.

Two threads share the work (see `worker`): the message loop records what
the editor sends and answers what needs no analysis (`initialize`,
`shutdown`); the worker thread owns the `Workspace` and runs every check
and every request that reads it. An edit queues a check of its pack, and
stops the check of that pack still running (superseded); a check over its
budget of CPU time is stopped and said so in one diagnostic; `shutdown`
stops whatever runs. Documents over `MAX_DOCUMENT_BYTES` are not analysed
(one E106 diagnostic). The framing is read by `stdio`, not by pygls.

Every handler is guarded: whatever the text, the editor gets diagnostics
or an empty answer, and a fault in the server is logged to the editor's
output, never a crash of the session.
"""

from __future__ import annotations

import asyncio
import functools
import os
import re
import sys
import threading
import traceback
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol.language_server import LanguageServerProtocol, lsp_method
from pygls.uris import from_fs_path, to_fs_path

from waybill.dsl.parser import MAX_FILE_BYTES, lark_parser

from . import completion, hover, navigation, outline, packs, stdio
from .analysis import Analysis, Workspace, name
from .diagnostics import SOURCE, still_placed, to_lsp
from .index import Occurrence
from .limits import (DOCUMENT_OVERHEAD, MAX_DIAGNOSTICS_PER_FILE, MAX_DOCUMENT_BYTES, MAX_MESSAGE_BYTES,
                     MAX_OPEN_BYTES, MAX_WAITING_REQUESTS, SUPERSEDED_GRACE, analysis_budget)
from .positions import Lines, to_point, to_range
from .worker import QUICK, REQUEST, SLOW, Stopped, Worker

FINISH_DELAY = 0.02  # seconds: lets the next keystroke, if any, arrive before the second pass
SWITCH_INTERVAL = 0.001  # seconds: see `WaybillServer.start_io`


@dataclass
class Pending:
    """An edit received by the loop, not yet seen by the worker."""

    text: str | None  # None: closed
    version: int | None
    oversized: str | None = None  # why it is not analysed


class WaybillProtocol(LanguageServerProtocol):
    """pygls's protocol, but a change to a document that is not open is
    dropped (pygls would look for its text on disk, or fail)."""

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        try:
            known = unquote(params.text_document.uri) in self.workspace.text_documents
        except RuntimeError:  # before `initialize`
            known = False
        if not known:
            stdio.log.warning("a change to a document that is not open: %s", params.text_document.uri[:200])
            return
        yield from super().lsp_text_document__did_change(params)


class WaybillServer(LanguageServer):
    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("waybill")
        except PackageNotFoundError:
            v = "0"
        super().__init__("waybill", v, protocol_cls=WaybillProtocol)
        # the loop's side
        self.shut_down = False
        self.held: dict[str, int] = {}  # open document -> what it counts against MAX_OPEN_BYTES
        self.pending: dict[str, Pending] = {}
        self.pending_lock = threading.Lock()
        self.reset_files = False  # a file changed on disk: the worker forgets what it read
        self.latest: dict[str, str] = {}  # pack (or lone file) -> the file edited last
        self.loop: asyncio.AbstractEventLoop | None = None
        self._worker: Worker | None = None
        # the worker's side
        self.wb = Workspace()
        self.applied = 0  # changes the workspace has taken
        self.versions: dict[str, int] = {}  # path -> the version of its text in the workspace
        self.published: dict[str, set[str]] = {}  # analysis key -> files last given diagnostics
        self.variant_only: dict[str, dict] = {}  # analysis key -> the last complete pass's own findings
        self.variant_texts: dict[str, dict] = {}  # analysis key -> file -> its text when they were found
        self.hopeless: dict[str, int] = {}  # pack -> `applied` when its check ran over budget
        self.analysing: str | None = None  # the file whose pack is being checked

    @property
    def analyst(self) -> Worker:
        if self._worker is None:
            self._worker = Worker(analysis_budget(), SUPERSEDED_GRACE)
            self.wb.checkpoint = self._worker.checkpoint
        return self._worker

    def start_io(self, stdin=None, stdout=None) -> int:  # type: ignore[override]
        """Serve on stdio (our framing, see `stdio`) until `exit`; the exit code."""
        _ = self.analyst  # started before the first message
        # the message loop waits for the interpreter's lock at most this long while the
        # worker analyses (the default, 5 ms, is paid at every hand-over between threads)
        sys.setswitchinterval(SWITCH_INTERVAL)

        async def run() -> int:
            self.loop = asyncio.get_running_loop()
            return await stdio.run(self, stdio.reader_of(stdin), stdio.protocol_stdout(stdout),
                                   self.stop_analysis)
        try:
            code = asyncio.run(run())
        except KeyboardInterrupt:
            code = 1
        self.stop_analysis()
        self.analyst.join(1.0)
        return code

    def stop_analysis(self) -> None:
        self.shut_down = True
        if self._worker is not None:
            self._worker.close()

    def send_soon(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the message loop (everything written to the client is written there)."""
        loop = self.loop
        if loop is None:
            fn()
            return

        def run() -> None:
            if self.shut_down:
                return
            try:
                fn()
            except Exception:
                stdio.log.error("a message could not be sent: %s", traceback.format_exc(limit=1).strip())
        try:
            loop.call_soon_threadsafe(run)
        except RuntimeError:  # the loop is closed: the server is ending
            pass


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


def on_worker(fn: Callable) -> Callable:
    """A request answered by the worker thread (it reads the workspace), not on
    the message loop; nothing (with a log line) if it fails or is stopped."""
    @functools.wraps(fn)
    async def wrapper(ls: WaybillServer, params):
        def job():
            apply_pending(ls)
            return fn(ls, params)
        if ls.analyst.waiting(REQUEST) >= MAX_WAITING_REQUESTS:  # a flood: answered empty at once
            stdio.log.warning("more than %d requests wait for the analysis: %s answered empty",
                              MAX_WAITING_REQUESTS, fn.__name__)
            return None
        task = ls.analyst.submit(job, REQUEST, on_force=functools.partial(forced, ls))
        try:
            return await asyncio.wrap_future(task.future)
        except asyncio.CancelledError:
            ls.analyst.cancel(task)
            raise
        except Stopped:
            return None
        except Exception as exc:
            log_fault(ls, exc)
            return None
    return wrapper


server = WaybillServer()


def path_of(uri: str) -> str:
    """A document's file, named as `waybill check` names it (relative to the
    working folder when inside it), so that messages read the same."""
    return name(to_fs_path(uri) or uri)


def uri_of(path: str) -> str:
    return from_fs_path(os.path.abspath(path)) or path


def key_of(path: str) -> str:
    return packs.pack_folder_of(path) or path


def lines_of(ls: WaybillServer, path: str) -> Lines | None:
    text = ls.wb.text_of(path)
    return Lines(text) if text is not None else None


def log_fault(ls: WaybillServer, exc: BaseException | None = None) -> None:
    text = "".join(traceback.format_exception(exc)) if exc is not None else traceback.format_exc()
    ls.send_soon(lambda: ls.window_log_message(types.LogMessageParams(types.MessageType.Error,
                                                                      "waybill lsp: " + text)))


# ---- the worker's side ---------------------------------------------------------------------
def apply_pending(ls: WaybillServer) -> None:
    """The edits received since the last job, into the workspace (every job starts here)."""
    ls.analysing = None
    with ls.pending_lock:
        pending, ls.pending = ls.pending, {}
        reset, ls.reset_files = ls.reset_files, False
    if reset:
        ls.wb.analyses.clear()  # a file was saved, added or removed outside the editor
        ls.wb.readings.clear()
    for path, p in pending.items():
        if p.text is None:
            ls.wb.close(path)  # the disk's text counts again
            ls.versions.pop(path, None)
        else:
            if p.oversized is not None:
                ls.wb.set_oversized(path, p.oversized)
            else:
                ls.wb.set_text(path, p.text)
            if p.version is not None:
                ls.versions[path] = p.version
        ls.applied += 1


def analysis_of(ls: WaybillServer, path: str) -> Analysis:
    """The pack's analysis (its first pass), unless it ran over budget with no edit since."""
    key = key_of(path)
    if ls.hopeless.get(key) == ls.applied:
        raise Stopped("over budget")
    ls.analysing = path  # (left set if the check is stopped: `forced` reads it)
    analysis = ls.wb.analysis_for(path, complete=False)
    ls.analysing = None
    return analysis


def forced(ls: WaybillServer, reason: str) -> None:
    """A job was stopped by force (in the worker): forget what it may have left half
    done; a check over budget says so in the file it was for."""
    ls.wb.forget_checks()
    path = ls.analysing
    ls.analysing = None
    if path is None or "budget" not in reason:
        return
    ls.hopeless[key_of(path)] = ls.applied
    say(ls, path, f"waybill lsp stopped checking this pack: {reason}. Run `waybill check` on it for "
                  "every diagnostic; the next edit tries again.", types.DiagnosticSeverity.Warning)


def publications(ls: WaybillServer, analysis: Analysis, path: str) -> list[types.PublishDiagnosticsParams]:
    """Every file's diagnostics (and empty lists for files whose diagnostics went away).

    Before the second pass (its variants and the rules-text lint), what that
    pass found last time is kept, where the text has not changed since
    (`still_placed`)."""
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
    for file in ls.wb.oversized:  # not analysed: its one diagnostic, whatever the pack made of it
        if file in diagnostics or file == path:
            diagnostics[file] = ls.wb.source(file).diagnostics
    now = set(diagnostics) | {path}
    out = []
    for file in now | ls.published.get(key, set()):
        lines = lines_of(ls, file)
        found = diagnostics.get(file, [])
        diags = [to_lsp(d, lines) for d in found[:MAX_DIAGNOSTICS_PER_FILE]]
        if len(found) > MAX_DIAGNOSTICS_PER_FILE:
            diags.append(types.Diagnostic(
                range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                message=f"and {len(found) - MAX_DIAGNOSTICS_PER_FILE} more diagnostics in this file, not shown "
                        "(`waybill check` lists them all)",
                severity=types.DiagnosticSeverity.Information, source=SOURCE))
        out.append(types.PublishDiagnosticsParams(uri=uri_of(file), diagnostics=diags,
                                                  version=ls.versions.get(file)))
    ls.published[key] = now
    return out


def send_all(ls: WaybillServer, pubs: list[types.PublishDiagnosticsParams],
             then: Callable[[], None] | None = None) -> None:
    """Publish on the message loop (then call `then` there)."""
    def send() -> None:
        for params in pubs:
            ls.text_document_publish_diagnostics(params)
        if then is not None:
            then()
    ls.send_soon(send)


def latest_analysis(ls: WaybillServer, key: str) -> tuple[str, Any] | None:
    """(path, analysis) of the newest text of the pack `key`, once pending edits are in;
    None if the pack is gone or a newer edit stopped the analysis."""
    apply_pending(ls)
    path = ls.latest.get(key)
    if path is None:
        return None
    try:
        return path, analysis_of(ls, path)
    except Stopped:
        return None


def check_pack(ls: WaybillServer, key: str) -> None:
    """The first pass of the pack `key`, published at once; the second is queued."""
    got = latest_analysis(ls, key)
    if got is None:
        return
    path, analysis = got
    pubs = publications(ls, analysis, path)
    if analysis.complete:
        send_all(ls, pubs)
    else:  # the second pass is queued once these are written: its delay runs from there
        def then() -> None:
            ls.analyst.submit(functools.partial(guarded_check, ls, key, finish_pack), SLOW, key=key, once=True,
                              yields=True, on_force=functools.partial(forced, ls))
        send_all(ls, pubs, then)
    # files come from the parse cache at first: load the parser once the first diagnostics
    # are out, rather than on the first keystroke (a few hundred ms; a no-op after)
    lark_parser()


def finish_pack(ls: WaybillServer, key: str) -> None:
    """The second pass (variants, rules-text lint), unless an edit comes first."""
    ls.analyst.pause(FINISH_DELAY)  # stops here if an edit supersedes it meanwhile
    got = latest_analysis(ls, key)
    if got is None:
        return
    path, analysis = got
    ls.analysing = path
    ls.wb.finish(analysis)
    ls.analysing = None
    send_all(ls, publications(ls, analysis, path))


# ---- the loop's side: documents --------------------------------------------------------------
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def sound_text(text: str) -> str:
    """The text with each lone surrogate (JSON can carry "\\ud800"; no file can)
    as U+FFFD: one code point for one, so every position stays."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return LONE_SURROGATE.sub("\ufffd", text)
    return text


def size_problem(ls: WaybillServer, path: str, text: str) -> str | None:
    """Why an open document is not analysed, or None."""
    if len(text) > MAX_MESSAGE_BYTES:  # (characters: at least as many bytes)
        size = len(text)
    else:
        size = len(text.encode("utf-8", "surrogatepass"))
    held = sum(ls.held.values()) - ls.held.get(path, 0)
    if size > MAX_DOCUMENT_BYTES:
        ls.held[path] = DOCUMENT_OVERHEAD
        return (f"this document is {size} bytes; the language server analyses documents of up to "
                f"{MAX_DOCUMENT_BYTES} bytes (`waybill check` reads files of up to {MAX_FILE_BYTES})")
    if held + size + DOCUMENT_OVERHEAD > MAX_OPEN_BYTES:
        ls.held[path] = DOCUMENT_OVERHEAD
        return (f"the open documents hold more than {MAX_OPEN_BYTES} bytes in all; close some for this "
                "one to be analysed")
    ls.held[path] = size + DOCUMENT_OVERHEAD
    return None


def received(ls: WaybillServer, uri: str, path: str, text: str | None, version: int | None) -> None:
    """An edit, open or close: recorded for the worker, which is asked to check the pack."""
    if ls.shut_down:
        return
    oversized = None
    if text is None:
        ls.held.pop(path, None)
    else:
        oversized = size_problem(ls, path, text)
        if oversized is not None:
            if len(text) > MAX_MESSAGE_BYTES:  # edits made it larger than a message: its text is let go
                oversized += "; close it and open it again once it is smaller"
                doc = ls.workspace.text_documents.get(unquote(uri))
                ls.workspace.put_text_document(types.TextDocumentItem(
                    uri=uri, language_id=getattr(doc, "language_id", None) or "waybill",
                    version=version or 0, text=""))
            text = ""
        else:
            text = sound_text(text)
    key = key_of(path)
    with ls.pending_lock:
        ls.pending[path] = Pending(text, version, oversized)
        ls.latest[key] = path
    worker = ls.analyst
    worker.supersede(key)
    worker.submit(functools.partial(guarded_check, ls, key, check_pack), QUICK, key=key, once=True,
                  on_force=functools.partial(forced, ls))


def guarded_check(ls: WaybillServer, key: str, step: Callable[[WaybillServer, str], None]) -> None:
    """`check_pack` or `finish_pack`; a fault is logged, and said in the file it was checking."""
    try:
        step(ls, key)
    except Exception as exc:
        log_fault(ls)
        path = ls.analysing or ls.latest.get(key)
        ls.analysing = None
        if path is not None:
            say(ls, path, f"waybill lsp failed on this pack ({type(exc).__name__}: {exc}); "
                          "its output has the details", types.DiagnosticSeverity.Error)


def say(ls: WaybillServer, path: str, message: str, severity: types.DiagnosticSeverity) -> None:
    """Publish one diagnostic of the server's own at the top of `path`."""
    params = types.PublishDiagnosticsParams(uri=uri_of(path), version=ls.versions.get(path), diagnostics=[
        types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 0)), message=message[:2000],
                         severity=severity, source=SOURCE)])
    ls.send_soon(lambda: ls.text_document_publish_diagnostics(params))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@guarded
def did_open(ls: WaybillServer, params: types.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    received(ls, uri, path_of(uri), params.text_document.text, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@guarded
def did_change(ls: WaybillServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    received(ls, uri, path_of(uri), ls.workspace.get_text_document(uri).source, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
@guarded
def did_close(ls: WaybillServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    received(ls, uri, path_of(uri), None, None)


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
@guarded
def did_change_files(ls: WaybillServer, params: types.DidChangeWatchedFilesParams) -> None:
    with ls.pending_lock:
        ls.reset_files = True


@server.feature(types.SHUTDOWN)
def on_shutdown(ls: WaybillServer, *args) -> None:
    ls.stop_analysis()  # whatever runs is stopped; `shutdown` is answered at once


# ---- requests (on the worker) ---------------------------------------------------------------------
def _at(ls: WaybillServer, uri: str, position: types.Position) -> tuple[Analysis, Occurrence | None, str]:
    path = path_of(uri)
    analysis = analysis_of(ls, path)  # the index needs only the first pass
    line, column = to_point(position, lines_of(ls, path))
    return analysis, analysis.index.at(path, line, column), path


def _location(ls: WaybillServer, file: str, span) -> types.Location:
    return types.Location(uri_of(file), to_range(span, lines_of(ls, file)))


@server.feature(types.TEXT_DOCUMENT_HOVER)
@on_worker
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
@on_worker
def on_definition(ls: WaybillServer, params: types.DefinitionParams) -> list[types.Location] | None:
    analysis, occ, _ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    return [_location(ls, f, s) for f, s in navigation.definitions(analysis.index, occ, analysis.folder)] or None


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
@on_worker
def on_references(ls: WaybillServer, params: types.ReferenceParams) -> list[types.Location] | None:
    analysis, occ, _ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    refs = navigation.references(analysis.index, occ, params.context.include_declaration)
    return [_location(ls, r.file, r.span) for r in refs]


@server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
@on_worker
def on_prepare_rename(ls: WaybillServer, params: types.PrepareRenameParams):
    analysis, occ, path = _at(ls, params.text_document.uri, params.position)
    if occ is None or navigation.rename_problem(analysis.index, occ, occ.name) is not None:
        return None
    return types.PrepareRenamePlaceholder(to_range(occ.span, lines_of(ls, path)), occ.name)


@server.feature(types.TEXT_DOCUMENT_RENAME)
@on_worker
def on_rename(ls: WaybillServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    analysis, occ, _ = _at(ls, params.text_document.uri, params.position)
    if occ is None:
        return None
    problem = navigation.rename_problem(analysis.index, occ, params.new_name)
    if problem is not None:
        ls.send_soon(lambda: ls.window_show_message(types.ShowMessageParams(types.MessageType.Warning, problem)))
        return None
    edits = navigation.rename_edits(analysis.index, occ, params.new_name)
    return types.WorkspaceEdit(changes={
        uri_of(file): [types.TextEdit(to_range(span, lines_of(ls, file)), params.new_name) for span in spans]
        for file, spans in edits.items()})


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[".", " "]))
@on_worker
def on_completion(ls: WaybillServer, params: types.CompletionParams) -> types.CompletionList | None:
    path = path_of(params.text_document.uri)
    analysis = analysis_of(ls, path)
    text = ls.wb.text_of(path) or ""
    lines = Lines(text)
    line, column = to_point(params.position, lines)
    items = completion.complete(analysis.index, text, line - 1, column - 1, path)
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@on_worker
def on_document_symbol(ls: WaybillServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    path = path_of(params.text_document.uri)
    parsed = ls.wb.source(path)
    if parsed is None:
        return []
    return outline.document_symbols(parsed.module.items, Lines(parsed.text))


def main() -> None:
    stdio.quiet_logging()
    try:
        code = server.start_io()
    except BaseException as exc:  # noqa: BLE001 - the last word: one line, never a traceback
        stdio.log.error("the server ended: %s: %s", type(exc).__name__, exc)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    # the threads may still be reading stdin or stopping an analysis: end without waiting for them
    os._exit(code)
