"""Small things a designer meets at the command line (issue #15, part 8)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

from tests.wbkit import ROOT, run_cli

ANSI = re.compile(r"\x1b\[")
DICE = str(ROOT / "tests" / "packs" / "dice_race")


def test_python_dash_m_waybill_runs_the_command_line():
    proc = subprocess.run([sys.executable, "-P", "-m", "waybill", "--help"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Usage: waybill" in proc.stdout and "check" in proc.stdout


def test_no_folder_at_the_repository_root_shadows_the_installed_package():
    # Without -P, Python puts the working directory first on sys.path: a folder
    # named `waybill/` at the root used to hide the installed package.
    assert not (ROOT / "waybill").exists()
    proc = subprocess.run([sys.executable, "-c", "import waybill.runtime, waybill.cli; print(waybill.__name__)"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "waybill"


def test_list_with_an_unknown_kind_is_a_usage_error_listing_the_kinds():
    proc = run_cli("list", "weds", "--kind", "nonsense")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "no kind 'nonsense'" in proc.stderr
    assert "truck_mod" in proc.stderr and "procedure" in proc.stderr


def _on_a_terminal(env: dict, *args: str) -> bytes:
    """The CLI's output with stdout and stderr on a pseudo-terminal (where colour is on by default)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-P", "-m", "waybill", *args], stdout=follower, stderr=follower,
                            stdin=subprocess.DEVNULL, cwd=ROOT, env=env)
    os.close(follower)
    out = b""
    deadline = time.monotonic() + 120
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([leader], [], [], left)[0]:
                proc.kill()
                raise AssertionError(f"waybill {' '.join(args)} on a terminal did not finish within 120 s: {out[-2000:]!r}")
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        proc.wait(timeout=max(1, deadline - time.monotonic()))
    finally:
        os.close(leader)
    return out


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    return {**env, "TERM": "xterm-256color", "COLUMNS": "120", **extra}


@pytest.mark.parametrize("args", [("check", DICE), ("list", DICE)])
def test_colour_on_a_terminal_by_default(args):
    assert ANSI.search(_on_a_terminal(_env(), *args).decode())


@pytest.mark.parametrize("setting", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
@pytest.mark.parametrize("args", [("check", DICE), ("list", DICE), ("sim", DICE, "-p", "2", "-g", "6")])
def test_no_color_and_a_dumb_terminal_get_no_ansi_escapes(setting, args):
    out = _on_a_terminal(_env(**setting), *args).decode()
    assert "0 error(s)" in out or "declarations" in out or "finished" in out, out
    assert not ANSI.search(out), out


def test_the_license_file_is_the_mit_license_the_metadata_declares():
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["license"] == {"text": "MIT"}
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "License :: OSI Approved :: MIT License" in meta["classifiers"]
    for key in ("authors", "keywords", "classifiers"):
        assert meta.get(key), key


def test_the_metadata_links_to_no_site_the_project_does_not_have():
    # waybill.dev was never the project's: its URLs led nowhere. Links come back with a real home.
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for name, url in meta.get("urls", {}).items():
        assert not re.search(r"waybill\.dev|\.example\b|localhost", url), (name, url)


def test_check_of_a_file_inside_a_pack_checks_its_pack():
    proc = run_cli("check", "content/weds/cards/mods.wb")
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert proc.stdout.strip().endswith("0 error(s), 0 warning(s)"), proc.stdout[-3000:]


def test_check_of_every_shipped_pack_has_no_warnings():
    # a designer who checks a shipped pack must not learn to ignore warnings
    for pack in ("weds", "badlands", "warfare"):
        proc = run_cli("check", pack)
        assert proc.returncode == 0
        assert proc.stdout.strip().endswith("0 error(s), 0 warning(s)"), proc.stdout[-3000:]


def test_an_unread_quantity_is_no_w501_but_an_unused_procedure_is(tmp_path):
    from tests.wbkit import write_pack
    folder = write_pack(tmp_path / "pk", "quantity spare(p: player) = 1\nprocedure idle() { stop }\n"
                        "game { players 2..2 play { stop } }\n")
    proc = run_cli("check", str(folder))
    assert "procedure `idle` is never used" in proc.stdout, proc.stdout
    assert "spare" not in proc.stdout


def test_fmt_takes_a_shipped_pack_name_and_shipped_content_is_formatted():
    proc = run_cli("fmt", "--check", "weds", "badlands", "warfare")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = run_cli("fmt", "--check", "content")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = run_cli("fmt", "--check", "wedz")
    assert proc.returncode == 2 and "did you mean `weds`?" in proc.stderr


def test_the_readme_names_the_fields_sim_prints():
    import json
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `waybill sim PACK"))
    named = set(re.search(r"`--json` prints `([^`]*)`", row).group(1).replace(" ", "").split(","))
    proc = run_cli("sim", DICE, "--players", "2", "--games", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    assert named == set(json.loads(proc.stdout))
    proc = run_cli("sim", DICE, "--players", "2", "--games", "2", "--json", "--check-invariants", "--check-replay")
    assert set(json.loads(proc.stdout)) - named == {"invariant_violations", "replay_mismatches"}
    assert "`invariant_violations`, `replay_mismatches`" in row


def test_shell_completion_works_as_the_readme_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'eval "$(_WAYBILL_COMPLETE=bash_source waybill)"' in readme
    script = subprocess.run([sys.executable, "-P", "-m", "waybill"], capture_output=True, text=True, cwd=ROOT, timeout=120,
                            env={**os.environ, "_WAYBILL_COMPLETE": "bash_source"})
    assert "complete " in script.stdout and "_WAYBILL_COMPLETE=bash_complete" in script.stdout
    words = subprocess.run([sys.executable, "-P", "-m", "waybill"], capture_output=True, text=True, cwd=ROOT, timeout=120,
                           env={**os.environ, "_WAYBILL_COMPLETE": "bash_complete", "COMP_WORDS": "waybill fm",
                                "COMP_CWORD": "1"})
    assert "plain,fmt" in words.stdout.splitlines()
