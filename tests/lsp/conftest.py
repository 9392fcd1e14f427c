"""A real LSP client (pytest-lsp) driving `waybill lsp` over stdio, and a
small pack built on the shipped `weds` pack to edit."""

from __future__ import annotations

import asyncio
import os
import shutil
import sys

import pytest

pytest.importorskip("pygls", reason="the language server needs the `lsp` extra (pygls)")
pytest_lsp = pytest.importorskip("pytest_lsp", reason="the end-to-end tests need pytest-lsp (the `dev` extra)")

from lsprotocol import types  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402

PACK = {
    "pack.wb": 'pack mini "Mini" extends weds\ninclude "cards.wb"\ninclude "rules.wb"\n',
    "cards.wb": (
        "kind gadget { power: int, label: str = \"\" }\n"
        "\n"
        "gadget spanner \"Spanner\" {\n"
        "  power: 2\n"
        "  text \"Gain 2 crap when you deliver.\"\n"
        "}\n"
        "\n"
        "procedure boost(p: player, n: int) {\n"
        "  gain(crap, n, who: p)\n"
        "}\n"
    ),
    "rules.wb": (
        "on delivered where who == me {\n"
        "  boost(who, 2)\n"
        "}\n"
    ),
}


def server_command() -> list[str]:
    """The installed `waybill` command, as an editor starts it."""
    exe = os.path.join(os.path.dirname(sys.executable), "waybill")
    if os.path.exists(exe):
        return [exe, "lsp"]
    found = shutil.which("waybill")
    if found:
        return [found, "lsp"]
    return [sys.executable, "-P", "-c", "import sys; from waybill.cli import main; sys.exit(main())", "lsp"]


@pytest.fixture(scope="module")
def pack_dir(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("packs") / "mini"
    folder.mkdir()
    for name, text in PACK.items():
        (folder / name).write_text(text, encoding="utf-8")
    return str(folder)


def record_diagnostics(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    """Keep every publication with its document version (pytest-lsp keeps the last list per file)."""
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    client.published = []
    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES,
                                   types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: record_diagnostics})
    return client


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=server_command(),
                                                             client_factory=make_client))
async def client(lsp_client: LanguageClient, pack_dir: str):
    await answer(lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=from_fs_path(pack_dir))))
    yield
    await answer(lsp_client.shutdown_session())


ANSWER_TIMEOUT = 60.0      # seconds the server has to answer a request


async def answer(request, timeout: float = ANSWER_TIMEOUT):
    """The server's answer to `request` (an awaitable), or a failure naming the wait if none comes in time."""
    try:
        return await asyncio.wait_for(request, timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"the language server did not answer within {timeout} s") from None


def uri(pack_dir: str, name: str) -> str:
    return from_fs_path(os.path.join(pack_dir, name))


async def fresh_diagnostics(client: LanguageClient, uri: str, version: int, timeout: float = 60.0) -> list:
    """The diagnostics of `uri` published for document `version` (the server
    may publish twice for one edit: first quickly, then with the pack's
    variants checked too; both answer that edit)."""
    async def wait():
        while True:
            for params in reversed(client.published):
                if params.uri == uri and params.version == version:
                    return list(params.diagnostics)
            await asyncio.sleep(0.01)
    try:
        return await asyncio.wait_for(wait(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"no diagnostics for version {version} of {uri} within {timeout} s") from None


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="waybill", version=version, text=text)))


def replace_all(client: LanguageClient, uri: str, old: str, text: str, version: int) -> None:
    """Send an edit as VS Code does: a range replacing the whole old text."""
    lines = old.split("\n")
    end = types.Position(len(lines) - 1, len(lines[-1]))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [types.TextDocumentContentChangePartial(range=types.Range(types.Position(0, 0), end), text=text)]))
