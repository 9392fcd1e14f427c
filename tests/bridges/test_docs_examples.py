"""The runnable examples of the bridges' pages run: every ```python block of
docs/OPENSPIEL.md, docs/ENVS.md and docs/WHATIF.md in a fresh interpreter,
and every `waybill ...` line of their ```sh blocks, each with a deadline,
in a temporary folder."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.wbkit import run_cli

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["OPENSPIEL.md", "ENVS.md", "WHATIF.md"]
BLOCK = re.compile(r"^```(python|sh)\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list:
    out = []
    for page in PAGES:
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for i, m in enumerate(b for b in BLOCK.finditer(text) if b.group(1) == kind):
            out.append(pytest.param(m.group(2), id=f"{page}-{i}"))
    return out


def test_every_page_has_a_runnable_example():
    ids = {p.id.split("-")[0] for p in blocks("python") + blocks("sh")}
    assert ids == set(PAGES)


@pytest.mark.parametrize("code", blocks("python"))
def test_python_example(code, tmp_path):
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.strip()                          # every example prints what it found


@pytest.mark.parametrize("script", blocks("sh"))
def test_shell_example(script, tmp_path):
    pytest.importorskip("statsmodels")
    for line in script.splitlines():
        words = shlex.split(line)
        assert words[0] == "waybill"
        res = run_cli(*words[1:], cwd=tmp_path, timeout=900)
        assert res.returncode == 0, res.stderr[-2000:]
