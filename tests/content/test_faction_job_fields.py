"""A faction job's requirement is data: the fields of the kind `faction_job`
(content/weds/components.wb) say what its printed card text says, so a
program (the bot) reads the fields and never the card's words.

Appendix D prints each job as "... Requirements: Deliver food to New New
York. Reward: $5."; the fields of that card are `task: "deliver"`,
`cargo: ["food"]`, `to: new_new_york`. Here every job's printed requirement
is read (the only place that reads it) and compared with its fields.
"""

from __future__ import annotations

import re

import pytest

from waybill import load_pack

REQUIREMENT = re.compile(r"Requirements: (.*?)\. Reward")


def _printed(req: str, outposts: dict) -> tuple:
    """(task, cargo, to, times) as the printed requirement says them."""
    if m := re.fullmatch(r"Fulfill demand for (.*) (\d+)x", req):
        return "fulfill_demand", [re.findall(r"food|water|weapons", m.group(1))], [], int(m.group(2))
    if m := re.fullmatch(r"Succeed in normal combat against raiders (\d+)x", req):
        return "win_combat", [], [], int(m.group(1))
    if m := re.fullmatch(r"Pillage (\d+) different raider enclaves", req):
        return "pillage", [], [], int(m.group(1))
    assert req.startswith("Deliver "), f"a requirement of no known shape: {req!r}"
    cargo, to = [], []
    for step in re.split(r", | and ", req[len("Deliver "):]):
        what, where = step.split(" to ")
        cargo.append(["artifact" if w == "an artifact" else w for w in what.split(" or ")])
        to.append({"entity": outposts[where]})
    return "deliver", cargo, to, 1


def _jobs():
    rules = load_pack("weds")
    return rules, sorted(eid for eid, e in rules.entities.items() if e.get("kind") == "faction_job")


def test_there_are_the_45_printed_jobs():
    # "Faction Jobs: 45 cards, 15 for each faction" (Appendix D: three decks of 15)
    assert len(_jobs()[1]) == 45


@pytest.mark.parametrize("eid", _jobs()[1])
def test_the_fields_say_the_printed_requirement(eid):
    rules = _jobs()[0]
    outposts = {e["name"]: k for k, e in rules.entities.items() if e.get("kind") == "outpost"}
    card = rules.entities[eid]
    req = REQUIREMENT.search(card["text"]).group(1)
    f = card["fields"]
    assert (f["task"], f["cargo"], f["to"], f["times"]) == _printed(req, outposts), req


def test_a_delivery_step_per_destination():
    # each step's progress marker is "r<k>": the k-th cargo goes to the k-th outpost
    rules, jobs = _jobs()
    for eid in jobs:
        f = rules.entities[eid]["fields"]
        if f["task"] == "deliver":
            assert len(f["cargo"]) == len(f["to"]) >= 1, eid
