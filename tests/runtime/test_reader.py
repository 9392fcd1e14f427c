"""The read API for bots (``Game.seat_reader``, runtime/sight/reader.py): what a
seat's view gives, a question at a time. tests/reliability/test_view_leaks.py
checks it against the hidden-information oracle after every step."""

from __future__ import annotations

import pytest

from waybill import load_pack
from waybill import Game  # noqa: F401  (the API under test)
from waybill.benchmarks import mid_game
from waybill import WaybillError


def _mid(pack: str, seed: int = 4, steps: int = 120) -> Game:
    return mid_game(load_pack(pack), 4, seed, steps)


@pytest.mark.parametrize("pack", ["weds", "badlands", "warfare"])
def test_reader_gives_what_the_view_gives(pack):
    g = _mid(pack)
    for seat in (0, 1, 2, 3, None):
        v = g.view(seat, log=False, zones=True, display=False)
        r = g.seat_reader(seat)
        assert r.counters() == v["counters"]
        for cid, value in v["counters"].items():       # a per-player counter, one seat at a time
            if g.rules.counters[cid]["scope"] != "global":
                assert [r.counter(cid, s) for s in range(len(value))] == value
        assert (r.round, r.turn, r.current, r.decision, r.over) == (v["round"], v["turn"], v["current"],
                                                                    v["decision"], v["over"])
        assert r.players == v["players"]
        for z in v["zones"]:
            assert r.pieces(z["zone"], z["of"]) == z.get("pieces", [])
            assert r.known(z["zone"], z["of"]) == z.get("known", [])
            assert r.count(z["zone"], z["of"]) == z["count"]
            for p in z.get("pieces", []):
                assert r.locate(p["piece"]) == (z["zone"], z["of"])
                assert r.locate({"piece": p["piece"]}) == (z["zone"], z["of"])
                assert (z["zone"], z["of"]) in r.find(p["entity"])


def test_hidden_zones_give_counts_only():
    g = _mid("weds")
    st, lay = g.state, g.m.L
    hidden = [i for i, vis in enumerate(lay.z_visible) if vis != "all" and st.zones[i]]
    assert hidden
    slot = hidden[0]
    zid, of = lay.z_id[slot], lay.z_of[slot]
    other = 0 if of != 0 else 1
    r = g.seat_reader(other if lay.z_visible[slot] == "owner" else 0)
    if not r.sees(zid, of):
        assert r.pieces(zid, of) == [] and r.entities(zid, of) == []
        assert r.count(zid, of) == len(st.zones[slot])
        assert r.locate(st.handles[st.zones[slot][0]]) is None


def test_reader_refuses_what_is_not():
    g = _mid("weds", steps=5)
    with pytest.raises(WaybillError):
        g.seat_reader(9)
    with pytest.raises(WaybillError):
        g.seat_reader(True)
    r = g.seat_reader(0)
    with pytest.raises(WaybillError):
        r.counter("no_such_counter")
    per_player = next(c for c, d in g.rules.counters.items() if d["scope"] != "global")
    one = next(c for c, d in g.rules.counters.items() if d["scope"] == "global")
    for cid, of in ((per_player, 4), (per_player, -1), (per_player, "0"), (one, 0)):
        with pytest.raises(WaybillError):
            r.counter(cid, of)
    assert r.pieces("no_such_zone") == [] and r.count("no_such_zone") == 0
    assert r.locate(-1) is None and r.locate("x") is None and r.locate(10 ** 6) is None
    assert r.find("no_such_entity") == []


def test_props_are_read_afresh_after_a_change():
    g = _mid("badlands", steps=60)
    r = g.seat_reader(0)
    cards = r.pieces("settlement", 0)
    assert cards
    pid = g.state.handles.index(cards[0]["piece"])
    g.state.props[f"{pid}:probe"] = 5      # as a rule setting a prop would
    assert g.seat_reader(0).pieces("settlement", 0)[0]["props"]["probe"] == 5
    g.state.props[f"{pid}:probe"] = False
    assert g.seat_reader(0).pieces("settlement", 0)[0]["props"]["probe"] is False


@pytest.mark.parametrize("pack", ["weds", "badlands"])
def test_the_narrow_reads_give_what_the_view_gives(pack):
    # entity(), prop(), pieces(props=...), find_all() and first_of(): what a
    # bot asks at every decision, read without listing whole zones
    g = _mid(pack)
    kinds = g.rules.kind_entities
    for seat in (0, 1, None):
        v = g.view(seat, log=False, zones=True, display=False)
        r = g.seat_reader(seat)
        for z in v["zones"]:
            for p in z.get("pieces", []):
                assert r.entity(p["piece"]) == r.entity({"piece": p["piece"]}) == p["entity"]
                for name, value in (p.get("props") or {}).items():
                    assert r.prop(p["piece"], name) == value
                    assert r.pieces(z["zone"], z["of"], props=[name])[z["pieces"].index(p)]["props"] == {name: value}
            for p in z.get("known", []):
                assert r.entity(p["piece"]) is None and r.prop(p["piece"], "anything", 0) == 0
        shown = {(z["zone"], z["of"]): z.get("pieces", []) for z in v["zones"]}
        for kind in sorted(kinds, key=str):
            ents = tuple(kinds[kind])
            found = r.find_all(ents)
            assert set(found) == {z for e in ents for z in r.find(e)}
            assert r.first_of(ents) == [(zid, of, next(p["entity"] for p in shown[(zid, of)] if p["entity"] in ents))
                                        for zid, of in found]
    assert g.seat_reader(0).entity(-1) is None and g.seat_reader(0).prop("x", "y", 5) == 5


def _tops_as_the_view_shows(g, seat, ents):
    v = g.view(seat, log=False, zones=True, display=False)
    return [(z["zone"], z["of"], next(p["entity"] for p in z["pieces"] if p["entity"] in ents))
            for z in v["zones"] if any(p["entity"] in ents for p in z.get("pieces", []))]


def test_narrow_reads_follow_the_state_after_it_changes():
    # find_all and first_of keep their last answers while the pieces stay put:
    # a reordered pile and a moved piece must be read afresh
    g = _mid("weds")
    st, lay = g.state, g.m.L
    groups = [tuple(ents) for ents in g.rules.kind_entities.values()]
    for ents in groups:                                  # asked once: answers kept
        g.seat_reader(0).first_of(ents)
    for slot, pile in enumerate(st.zones):               # as a rule reordering every pile would
        st.zones[slot] = tuple(reversed(pile))
    pid = next(p for p in st.zones[lay.zslot[("contracts", None)]])
    old, new = st.p_zone[pid], next(s for s, vis in enumerate(lay.z_visible) if vis == "all" and s != st.p_zone[pid])
    st.zones[old] = tuple(p for p in st.zones[old] if p != pid)
    st.zones[new] = st.zones[new] + (pid,)
    st.p_zone[pid] = new
    for ents in groups:
        r = g.seat_reader(0)
        assert r.first_of(ents) == _tops_as_the_view_shows(g, 0, ents)
        assert r.find_all(ents) == [(zid, of) for zid, of, _ in _tops_as_the_view_shows(g, 0, ents)]


def _move_on_top(st, pid, slot):
    old = st.p_zone[pid]
    st.zones[old] = tuple(p for p in st.zones[old] if p != pid)
    st.zones[slot] = (pid,) + st.zones[slot]
    st.p_zone[pid] = slot


def test_first_of_follows_pieces_coming_onto_a_zone_it_answered():
    # first_of keeps an answer whose zones each hold one piece asked of while
    # those pieces stay put, whatever else comes and goes: another piece put
    # on top leaves the top as it was; one more of the pieces asked of, put
    # on top, is the new top
    g = _mid("weds")
    st, lay = g.state, g.m.L
    ents = tuple(g.rules.kind_entities["demand_counter"])
    tops = g.seat_reader(0).first_of(ents)
    assert len(tops) >= 2
    want = set(ents)
    one = [(z, of) for z, of, _ in tops if sum(st.p_ent[p] in want for p in st.zones[lay.zslot[(z, of)]]) == 1]
    assert one, "some zone holds one of them"
    slot = lay.zslot[one[0]]
    other = next(p for p in st.zones[lay.zslot[("contracts", None)]])
    _move_on_top(st, other, slot)
    assert g.seat_reader(0).first_of(ents) == _tops_as_the_view_shows(g, 0, ents) == tops
    mover = next(p for z, of, _ in tops if (z, of) != one[0] for p in st.zones[lay.zslot[(z, of)]]
                 if st.p_ent[p] in want)
    _move_on_top(st, mover, slot)
    now = g.seat_reader(0).first_of(ents)
    assert now == _tops_as_the_view_shows(g, 0, ents) != tops
    assert (one[0][0], one[0][1], st.p_ent[mover]) in now


def test_kept_reads_are_the_same_object_while_nothing_they_read_changes():
    # entity_ids() and pieces_kept() give entities() and pieces(props=...) as
    # tuples, and the very same tuple while the zone and those props are the
    # same, so that a bot may keep what it made of an answer (bots/weds.py)
    from waybill.runtime.sight.reader import reader_of
    g = _mid("weds")
    st, lay = g.state, g.m.L
    for seat in (0, 1, None):
        r, again = g.seat_reader(seat), reader_of(g, seat)
        for slot, pile in enumerate(st.zones):
            zid, of = lay.z_id[slot], lay.z_of[slot]
            assert r.entity_ids(zid, of) == tuple(r.entities(zid, of))
            assert again.entity_ids(zid, of) is r.entity_ids(zid, of) or not pile
            for names in ((), ("done_by",), ("marks", "done_by")):
                assert r.pieces_kept(zid, of, names) == tuple(r.pieces(zid, of, props=names))
    contracts = g.seat_reader(0).pieces_kept("contracts")
    assert contracts and g.seat_reader(1).pieces_kept("contracts") is contracts
    pid = st.zones[lay.zslot[("contracts", None)]][0]
    st.props[f"{pid}:done_by"] = [{"player": 2}]        # as a rule setting a prop would
    now = g.seat_reader(0).pieces_kept("contracts", None, ["done_by"])
    assert now[0]["props"] == {"done_by": [{"player": 2}]}
    assert now == tuple(g.seat_reader(0).pieces("contracts", None, ["done_by"]))
    st.props[f"{pid}:done_by"] = [{"player": 1}]
    assert g.seat_reader(0).pieces_kept("contracts", None, ["done_by"])[0]["props"] == {"done_by": [{"player": 1}]}
    # a prop holding a piece is shown as the seat sees that piece now: never kept
    st.props[f"{pid}:probe"] = {"piece": pid}
    first = g.seat_reader(0).pieces_kept("contracts", None, ["probe"])
    assert first == tuple(g.seat_reader(0).pieces("contracts", None, ["probe"]))
    assert g.seat_reader(0).pieces_kept("contracts", None, ["probe"]) is not first


def test_counter_values_read_as_counter_reads():
    g = _mid("weds")
    r = g.seat_reader(1)
    mine = tuple(c for c, d in g.rules.counters.items() if d["scope"] != "global")[:6]
    shared = tuple(c for c, d in g.rules.counters.items() if d["scope"] == "global")[:6]
    for _ in range(2):                                   # the slots, then the kept slots
        assert r.counter_values(mine, 2) == [r.counter(c, 2) for c in mine]
        assert r.counter_values(shared) == [r.counter(c) for c in shared]
    with pytest.raises(WaybillError):
        r.counter_values(("no_such_counter",), 0)
    with pytest.raises(WaybillError):
        r.counter_values(mine, 7)
