"""`waybill serve --stdio`: the same messages as JSON lines, through a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.serve.live import DICE
from waybill.serve.app import MAX_BODY


def talk(lines: list[str], *args: str) -> list[dict]:
    proc = subprocess.run([sys.executable, "-P", "-c", "from waybill.cli import main; main()", "serve", DICE, "--stdio", *args],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True,
                          env=os.environ, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_stdio_speaks_the_protocol_one_line_each():
    create = {"op": "create", "pack": "dice_race", "players": 2, "seed": 4, "bots": [1], "ref": 7}
    out = talk([json.dumps({"op": "packs"}), json.dumps(create)])
    assert out[0]["packs"][0]["id"] == "dice_race"
    game = out[1]
    assert game["ref"] == 7 and set(game["tokens"]) == {"0"}


def test_stdio_plays_a_game_and_refuses_what_http_refuses(tmp_path):
    data = str(tmp_path / "games")
    create = {"op": "create", "pack": "dice_race", "players": 2, "seed": 4, "bots": [1]}
    [made] = talk([json.dumps(create)], "--data", data)
    gid, token = made["id"], made["tokens"]["0"]
    # a second process resumes the game from --data
    [state] = talk([json.dumps({"op": "state", "id": gid, "token": token})], "--data", data)
    assert state["seat"] == 0 and state["actions"]
    action = state["actions"][0]
    lines = [
        json.dumps({"op": "state", "id": gid, "token": "forged"}),
        json.dumps({"op": "act", "id": gid, "token": token, "action": {**action, "option": 42}}),
        json.dumps({"op": "act", "id": gid, "token": token, "action": {**action, "player": 1}}),
        json.dumps({"op": "act", "id": gid, "token": token, "action": action}),
        "{not json",
        "",
        "x" * (MAX_BODY + 10),
        json.dumps({"op": "fly"}),
        json.dumps([1, 2]),
        json.dumps({"op": "state", "id": gid, "token": token}),
    ]
    out = talk(lines, "--data", data)
    assert [o.get("status") for o in out] == [403, 409, 403, None, 400, 413, 400, 400, None]
    assert out[3]["view"]["decision"] > action["decision"]
    assert out[-1] == out[3]
