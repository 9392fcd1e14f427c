"""How long the language server takes from an edit to its diagnostics.

    python bench/lsp_bench.py                  # a table
    python bench/lsp_bench.py --json
    python bench/lsp_bench.py --repeat 21 --file content/weds/map.wb

In one process, as the server runs: a pack is loaded, then one file of it
(by default the largest file of each shipped pack: 500 lines for badlands
and warfare) is typed into, one character at a time, inside a declaration
half-way down, and the server's analysis (re-parse the changed declaration,
reuse the other syntax trees and what the loader found, resolve the names
of the whole pack, check again only the declarations the edit can affect)
is timed up to the diagnostics being ready: first with the pack as it is
(what the server publishes at once), then the second pass too (the pack
with its variants and the rules-text lint, published next, as `waybill
check` gives both). Also timed: keystrokes that leave a syntax
error, a new line (every declaration below moves), and building the name
index that hover and the other requests use. Medians in milliseconds;
measured here, never asserted in tests.

`--stdio` also times the same edit end to end through `waybill lsp`: from
sending `didChange` to receiving `publishDiagnostics` (needs pytest-lsp's
client, the `dev` extra).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _largest_file(pack_folder: str) -> str:
    files = [os.path.join(d, f) for d, _, fs in os.walk(pack_folder) for f in fs if f.endswith(".wb")]
    return max(files, key=lambda p: open(p, encoding="utf-8").read().count("\n"))


def _edit_points(text: str) -> list[int]:
    """Offsets just after `{` at the end of a line: typing there keeps the file parseable."""
    return [i + 1 for i in range(len(text)) if text.startswith("{\n", i)]


def _median(times: list[float]) -> float:
    return round(statistics.median(times) * 1000, 1)


def _type(ws, path: str, text: str, at: int, typed: str) -> tuple[list[float], list[float], list[float], str]:
    """Type `typed` one character at a time at offset `at`; the time to the
    first diagnostics (the pack as it is) and to the complete set (with the
    pack's variants) after each keystroke."""
    quick, full, cpu = [], [], []
    for ch in typed:
        text = text[:at] + ch + text[at:]
        at += 1
        ws.set_text(path, text)
        t0, c0 = time.perf_counter(), time.process_time()
        analysis = ws.analysis_for(path, complete=False)
        quick.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)  # less sensitive than wall-clock to other processes
        ws.finish(analysis)
        full.append(time.perf_counter() - t0)
    return quick, full, cpu, text


def bench_file(path: str, repeat: int) -> dict:
    from waybill.lsp.analysis import Workspace, name

    path = os.path.abspath(path)
    original = open(path, encoding="utf-8").read()
    ws = Workspace()
    t0 = time.perf_counter()
    first = ws.analysis_for(path)
    load = time.perf_counter() - t0
    from waybill.dsl.parser import lark_parser
    lark_parser()  # as the server does once the first diagnostics are out
    points = _edit_points(original)
    at = points[len(points) // 2]  # inside a declaration half-way down the file
    comment = (" # a note typed here" * 4)[:repeat]
    quick, full, cpu, _ = _type(ws, path, original, at, comment)  # the file parses after every keystroke
    memo = getattr(ws, "memos", {}).get(first.folder)  # (a server without incremental checks has none)
    ws.set_text(path, original)
    ws.analysis_for(path, complete=False)
    everything = memo.lowered if memo else None  # after undoing the comment: only its declaration
    statement = ("\n  let zz = size([1, 2])" * 2)[:repeat]
    broken, _, _, _ = _type(ws, path, original, at, statement)  # most keystrokes leave a syntax error
    ws.set_text(path, original)
    ws.analysis_for(path)
    newline = []
    for i in range(repeat):  # a new line: every declaration below moves
        ws.set_text(path, original[:at] + "\n" * (i % 2) + original[at:])
        t0 = time.perf_counter()
        ws.analysis_for(path, complete=False)
        newline.append(time.perf_counter() - t0)
    hover = []
    for i in range(repeat):
        ws.set_text(path, original[:at] + " " * (i % 2) + original[at:])
        analysis = ws.analysis_for(path, complete=False)
        t0 = time.perf_counter()
        analysis.index.at(name(path), 1, 1)
        hover.append(time.perf_counter() - t0)
    return {
        "file": os.path.relpath(path, ROOT),
        "lines": original.count("\n") + 1,
        "pack files (with its base)": len(first.files),
        "variants": len(first.program.variants) if first.program else 0,
        "first analysis ms": round(load * 1000, 1),
        "declarations checked again after a keystroke": everything,
        "keystroke -> diagnostics ms (median)": _median(quick),
        "keystroke -> diagnostics ms (max)": round(max(quick) * 1000, 1),
        "keystroke -> diagnostics CPU ms (median)": _median(cpu),
        "keystroke -> second pass (variants, lint) ms (median)": _median(full),
        "keystroke, syntax error -> diagnostics ms (median)": _median(broken),
        "new line -> diagnostics ms (median)": _median(newline),
        "name index after an edit ms (median)": _median(hover),
    }


async def _stdio(path: str, repeat: int) -> float:
    from lsprotocol import types
    from pygls.uris import from_fs_path
    from pytest_lsp import ClientServerConfig

    exe = os.path.join(os.path.dirname(sys.executable), "waybill")
    client = await ClientServerConfig(server_command=[exe, "lsp"]).start()
    await client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    uri = from_fs_path(os.path.abspath(path))
    text = open(path, encoding="utf-8").read()
    points = _edit_points(text)

    async def diagnostics() -> None:
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="waybill", version=1, text=text)))
    await diagnostics()
    times = []
    for i in range(repeat):
        at = points[(i * 7) % len(points)]
        line = text[:at].count("\n")
        col = at - (text.rfind("\n", 0, at) + 1)
        client.diagnostics.pop(uri, None)
        t0 = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2 * i + 2),
            [types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line, col), types.Position(line, col)), text=" #")]))
        await diagnostics()
        times.append(time.perf_counter() - t0)
        client.diagnostics.pop(uri, None)
        client.text_document_did_change(types.DidChangeTextDocumentParams(  # undo
            types.VersionedTextDocumentIdentifier(uri=uri, version=2 * i + 3),
            [types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line, col), types.Position(line, col + 2)), text="")]))
        await diagnostics()
    await client.shutdown_session()
    await client.stop()
    return _median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--file", action="append", help="a .wb file of a pack (repeatable)")
    ap.add_argument("--stdio", action="store_true", help="also time didChange -> publishDiagnostics over stdio")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from waybill.compiler.loader import shipped_packs
    files = args.file or [_largest_file(folder) for folder in shipped_packs().values()]
    rows = []
    for path in files:
        row = bench_file(path, args.repeat)
        if args.stdio:
            row["stdio didChange -> publishDiagnostics ms (median)"] = asyncio.run(_stdio(path, args.repeat))
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for row in rows:
        print(row.pop("file"))
        for key, value in row.items():
            print(f"  {key:45} {value}")


if __name__ == "__main__":
    main()
