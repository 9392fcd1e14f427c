"""The record (issue #10, part 5): the log is an append-only record shared by
clones, saved as JSON text each entry of which is encoded once, and checked
in full, when first read, after a load."""

import json
import random

import pytest

from waybill import benchmarks, load_pack
from waybill import Game, Rules, WaybillError
from waybill.runtime.engine.record import CHUNK, Log, cursor, loaded, rewind

from .fixtures import dice_race_ir

RULES = Rules.from_ir(dice_race_ir())


def _played(g: Game, steps: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _end(rules, players: int, seed: int) -> Game:
    return _played(Game.new(rules, players=players, seed=seed), 100_000, seed)


# --- the record itself ------------------------------------------------------------

def test_clones_appending_different_entries_keep_separate_logs():
    log = Log()
    for i in range(CHUNK + 3):
        log.append({"type": "say", "text": f"shared {i}"})
    a, b = log.clone(), log.clone()
    a.append({"type": "say", "text": "only a"})
    b.append({"type": "say", "text": "only b"})
    b.append({"type": "say", "text": "b again"})
    assert [e["text"] for e in a][-2:] == [f"shared {CHUNK + 2}", "only a"]
    assert [e["text"] for e in b][-3:] == [f"shared {CHUNK + 2}", "only b", "b again"]
    assert len(log) == CHUNK + 3 and len(a) == CHUNK + 4 and len(b) == CHUNK + 5
    for x in (log, a, b):
        assert _decoded(x.chunks()) == x.entries()


def test_a_clone_shares_the_open_page_until_either_log_writes():
    """The open page is shared copy-on-write: a clone copies nothing, and
    whichever log writes first (an entry, or a rollback of its own) leaves
    the other's entries as they were."""
    log = Log()
    for i in range(5):
        log.append({"type": "say", "text": f"shared {i}"})
    twin = log.clone()
    assert twin.page is log.page
    kept = cursor(log)
    log.append({"type": "say", "text": "only log"})
    assert [e["text"] for e in twin] == [f"shared {i}" for i in range(5)]
    rewind(log, kept)
    assert log.entries() == twin.entries()
    kept = cursor(twin)
    third = twin.clone()
    twin.append({"type": "say", "text": "only twin"})
    rewind(twin, kept)              # a shared page is copied, never cut in place
    third.append({"type": "say", "text": "only third"})
    log.append({"type": "say", "text": "log again"})
    assert [e["text"] for e in twin][-1] == "shared 4"
    assert [e["text"] for e in third][-1] == "only third" and len(third) == 6
    assert [e["text"] for e in log][-1] == "log again" and len(log) == 6
    for x in (log, twin, third):
        assert _decoded(x.chunks()) == x.entries()


def _decoded(chunks: list) -> list:
    return [e for text in chunks for e in json.loads(text)]


def _encoded(entries: list) -> list:
    """The chunks json.dumps writes: CHUNK entries each, the last the rest."""
    return [json.dumps(entries[i:i + CHUNK]) for i in range(0, len(entries), CHUNK)]


def test_the_saved_chunks_are_the_entries_as_json_dumps_writes_them():
    log = Log()
    for i in range(3 * CHUNK + 5):
        log.append({"type": "event", "event": "e", "args": {"n": i, "who": [{"player": 1}], "t": ("a", "é")}})
        if i % 37 == 0:          # saved now and then: chunks and single entries are cached on the way
            assert log.chunks() == _encoded(log.entries())
    assert log.chunks() == _encoded(log.entries())
    assert log[5:] == log.entries()[5:] and log[-1]["args"]["n"] == 3 * CHUNK + 4 and log[0]["args"]["n"] == 0


def test_pages_seal_chunk_aligned_whenever_a_log_is_cloned_or_saved():
    """A page grows past a chunk while nothing clones or saves the log (an
    action may write hundreds of entries); cloning or saving seals it chunk
    by chunk, so the saved chunks are the same wherever that happened, and
    after a loaded record whose last chunk is short, pages end where its
    chunks would."""
    rng = random.Random(3)
    for loaded_n in (0, 5, CHUNK, CHUNK + 9):
        base = [{"type": "say", "text": f"old {i}"} for i in range(loaded_n)]
        log = loaded(len(base), _encoded(base), None, lambda chunks: _decoded(chunks)) if base else Log()
        logs, want = [log], [list(base)]
        for i in range(4 * CHUNK):
            j = rng.randrange(len(logs))
            entry = {"type": "say", "text": f"{j}: {i}"}
            logs[j].append(entry)
            want[j].append(entry)
            if rng.random() < 0.03:
                logs.append(logs[j].clone())
                want.append(list(want[j]))
            if rng.random() < 0.02:
                assert logs[j].chunks() == _encoded(want[j])
        for x, w in zip(logs, want):
            assert x.chunks() == _encoded(w) and x.entries() == w and len(x) == len(w)


def test_a_rewound_log_forgets_what_was_written_since_and_goes_on():
    log = Log()
    for i in range(CHUNK - 3):
        log.append({"type": "say", "text": str(i)})
    kept, before = cursor(log), log.chunks()
    twin = log.clone()
    for i in range(2 * CHUNK):          # past the page's end: sealed by the save below
        log.append({"type": "say", "text": f"lost {i}"})
    assert len(log.chunks()) == 3
    rewind(log, kept)
    assert log.chunks() == before and log.entries() == twin.entries()
    for x in (log, twin):
        for i in range(5):
            x.append({"type": "say", "text": f"again {i}"})
    assert log.chunks() == twin.chunks() and log.entries() == twin.entries()


def test_clones_of_games_keep_separate_logs():
    g = _played(Game.new(RULES, 3, seed=4), 10, 4)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    a, b = g.clone(), g.clone()
    a.apply(g.legal_actions()[0])
    b.apply(g.legal_actions()[-1])
    _played(a, 5, 1)
    _played(b, 5, 2)
    assert a.log[:len(g.log)] == g.log == b.log[:len(g.log)]
    assert a.log != b.log
    for x in (g, a, b):
        assert _decoded(x.to_json()["log"]["chunks"]) == x.m.st.log.entries()
    # and each goes on as a game that never had the other would
    again = Game.replay(RULES, 4, b.actions(), players=3)
    assert json.dumps(again.to_json()) == json.dumps(b.to_json())


# --- saves ---------------------------------------------------------------------------

@pytest.mark.parametrize("pack,players,seed", [("weds", 4, 1), ("badlands", 3, 2)])
def test_a_save_at_game_end_round_trips_and_replays_byte_for_byte(pack, players, seed):
    rules = load_pack(pack)
    g = benchmarks.end_game(rules, players, seed)
    text = json.dumps(g.to_json())
    loaded = Game.from_json(rules, json.loads(text))
    assert json.dumps(loaded.to_json()) == text            # saved again as it came
    assert loaded.log == g.log                               # read (and checked) the same
    again = Game.replay(rules, seed, loaded.actions(), players=players)
    assert json.dumps(again.to_json()) == text


def test_a_loaded_game_plays_on_as_the_game_it_was_saved_from():
    rules = load_pack("weds")
    g = benchmarks.mid_game(rules, 3, 5, 70)
    loaded = Game.from_json(rules, json.loads(json.dumps(g.to_json())))
    for x in (g, loaded):
        _played(x, 40, 9)
    assert json.dumps(loaded.to_json()) == json.dumps(g.to_json())
    assert loaded.log == g.log and loaded.actions() == g.actions() and loaded.messages() == g.messages()


def test_views_and_actions_read_the_record_after_a_load():
    rules = load_pack("weds")
    g = benchmarks.mid_game(rules, 4, 3, 90)
    loaded = Game.from_json(rules, json.loads(json.dumps(g.to_json())))
    for seat in (0, 1, 2, 3, None):
        assert loaded.view(seat) == g.view(seat)
    assert loaded.actions() == g.actions() and loaded.messages() == g.messages()
    assert loaded.legal_actions() == g.legal_actions()


def test_a_snapshot_without_its_log_still_counts_where_its_log_starts():
    g = _played(Game.new(RULES, 2, seed=3), 12, 3)
    lean = g.to_json(log=False)
    assert lean["log"] == {"size": 0, "chunks": []} and lean["log_from"] == len(g.log)
    loaded = Game.from_json(RULES, lean)
    _played(loaded, 6, 8)
    _played(g, 6, 8)
    assert loaded.log == g.log[lean["log_from"]:]


def test_a_save_whose_log_is_a_list_of_entries_loads():
    # saves written before the record was text carry the log as a list
    g = _played(Game.new(RULES, 3, seed=6), 15, 6)
    data = g.to_json()
    data["log"] = _decoded(data["log"]["chunks"])
    old = Game.from_json(RULES, data)
    assert old.log == g.log and json.dumps(old.to_json()) == json.dumps(g.to_json())
    data["log"][0] = {"type": "nonsense"}
    with pytest.raises(WaybillError, match=r"^saved game: log\[0\]\.type is not a kind of log entry"):
        Game.from_json(RULES, data)          # a list is checked at once


# --- a damaged record is refused, naming it -------------------------------------------

def _saved() -> dict:
    return json.loads(json.dumps(_played(Game.new(RULES, 3, seed=2), 20, 2).to_json()))


def _entries_edited(edit) -> dict:
    data = _saved()
    entries = _decoded(data["log"]["chunks"])
    edit(entries)
    data["log"]["chunks"] = _encoded(entries)
    return data


@pytest.mark.parametrize("edit,message", [
    (lambda d: d["log"]["chunks"].__setitem__(-1, d["log"]["chunks"][-1][:-1]),
     r"log\.chunks\[\d+\] should be the JSON text of a list"),
    (lambda d: d["log"].update(size=-1), r"log\.size should be within"),
    (lambda d: d["log"].update(size="12"), r"log\.size should be a whole number"),
    (lambda d: d["log"]["chunks"].__setitem__(0, 7), r"log\.chunks\[0\] should be the JSON text"),
    (lambda d: d["log"].update(chunks="[]"), r"log\.chunks should be a list"),
    (lambda d: d["log"].update(extra=1), r"log has an unknown key 'extra'"),
    (lambda d: d["log"].pop("size"), r"log needs the key 'size'"),
    (lambda d: d["log"].update(size=0), r"log\.chunks should be 0 chunk\(s\) for log\.size 0"),
    (lambda d: d["log"].update(size=d["log"]["size"] + CHUNK), r"log\.chunks should be \d+ chunk"),
])
def test_a_damaged_record_shape_is_refused_at_load(edit, message):
    data = _saved()
    edit(data)
    with pytest.raises(WaybillError, match=f"^saved game: {message}"):
        Game.from_json(RULES, data)


@pytest.mark.parametrize("edit,message", [
    (lambda d: d["log"]["chunks"].__setitem__(0, "[" + d["log"]["chunks"][0][2:]), r"log\.chunks\[0\] is not JSON"),
    (lambda d: d["log"]["chunks"].__setitem__(0, "[" * 100_000 + "]" * 100_000), r"log\.chunks\[0\] is not JSON"),
    (lambda d: d["log"].update(size=d["log"]["size"] + 1), r"log\.chunks\[\d+\] holds \d+ entries, but should hold"),
    (lambda d: d["log"].update(_entries_edited(lambda es: es[3].update(type="x"))["log"]),
     r"log\[3\]\.type is not a kind of log entry"),
    (lambda d: d["log"].update(_entries_edited(lambda es: es[1].update(args=1.5))["log"]),
     r"log\[1\]"),
    (lambda d: d["log"]["chunks"].__setitem__(0, d["log"]["chunks"][0].replace("}", ', "x": NaN}', 1)),
     r"log\[0\]"),
])
def test_a_damaged_record_is_refused_when_first_read_naming_it(edit, message):
    data = _saved()
    edit(data)
    for read in (lambda g: g.log, lambda g: g.actions(), lambda g: g.messages(), lambda g: g.view(0, log=True)):
        g = Game.from_json(RULES, data)       # the shape is right: the entries are read lazily
        with pytest.raises(WaybillError, match=f"^saved game: {message}"):
            read(g)
        with pytest.raises(WaybillError):     # and never used unchecked afterwards
            g.log
        assert json.dumps(g.to_json()["log"]) == json.dumps(data["log"])   # saved again as it came


def test_reading_as_the_game_goes_on_gives_the_whole_log_each_time():
    log = Log()
    seen = []
    for i in range(3 * CHUNK):
        log.append({"type": "say", "text": str(i)})
        seen.append(str(i))
        if i % 5 == 0:
            assert [e["text"] for e in log] == seen and [e["text"] for e in log[i - 3:]] == seen[max(0, i - 3):]
            fork = log.clone()
            fork.append({"type": "say", "text": "fork"})
            assert len(fork.entries()) == i + 2 and len(log.entries()) == i + 1


class _Sealed(Log):
    """A record that may be written, never read."""
    __slots__ = ()

    def entries(self, start: int = 0) -> list:
        raise AssertionError("the log was read")

    def clone(self) -> "Log":
        c = _Sealed.__new__(_Sealed)
        rewind(c, cursor(Log.clone(self)))     # its own page, as Log.clone makes
        return c


@pytest.mark.parametrize("pack,players", [("weds", 3), ("badlands", 3), ("warfare", 2)])
def test_rules_never_read_the_log(pack, players):
    from waybill.runtime.engine import interpreter
    rules = load_pack(pack)
    plain, sealed = Game.new(rules, players=players, seed=4), Game.new(rules, players=players, seed=4)
    log = _Sealed()
    rewind(log, cursor(sealed.state.log))
    sealed.state.log = log
    rng = random.Random(4)
    for _ in range(150):
        if plain.over:
            break
        i = rng.randrange(len(plain.state.pending["options"]))
        for g in (plain, sealed):       # answered as apply does, without the seat's view (which reads the log)
            g.state.log.append({"type": "action", "kind": g.state.pending["kind"], "player": g.state.pending["player"],
                                "decision": g.state.decision, "option": i, **g.state.pending["options"][i]})
            interpreter.answer(g.m, i)
            g._run()
    sealed.state.log = Log()
    rewind(sealed.state.log, cursor(log))
    assert json.dumps(sealed.to_json()) == json.dumps(plain.to_json())


# --- entries written as recipes (events nothing listens to) ------------------------

def test_a_recipe_entry_reads_and_saves_as_the_entry_emit_writes():
    """`moved`, `gained`, `acted` and action entries are built when first read or saved:
    they must read, and save, exactly as the dicts written before (saves from
    before this change load and compare byte for byte)."""
    from waybill.runtime.engine import decisions, events
    from waybill.runtime.game import _action_entry
    g = _played(Game.new(RULES, players=2, seed=5), 3, 5)
    lay = g.m.L
    old, new = 0, len(lay.z_id) - 1
    zone = (lambda s: lay.z_id[s] if lay.z_space[s] else lay.z_ref[s])
    legal = {"player": 0, "decision": 3, "option": 1, "label": "Roll", "action": "roll", "source": None}
    who = lay.player_refs[1]
    eager = [{"type": "event", "event": "moved", "args": {"piece": {"piece": 7}, "source": zone(old), "to": zone(new)}},
             {"type": "event", "event": "moved", "args": {"piece": {"piece": 7}, "source": None, "to": zone(new)}},
             {"type": "event", "event": "gained", "args": {"counter": "money", "amount": 3, "who": who}},
             {"type": "event", "event": "acted", "args": {"who": who, "action": "roll"}},
             {"type": "action", "kind": "act", **legal}]
    lazy = Log()
    lazy.append((events._made_entry, "moved", events.moved_args, lay, 7, old, new))
    lazy.append((events._made_entry, "moved", events.moved_args, lay, 7, -1, new))
    lazy.append((events._made_entry, "gained", events.counter_args, "money", 3, who))
    lazy.append((events._made_entry, "acted", decisions.acted_args, who, "roll"))
    lazy.append((_action_entry, "act", legal))
    assert lazy.chunks() == [json.dumps(eager)]
    assert json.dumps(lazy.entries()) == json.dumps(eager)
    assert lazy.entries()[0] is lazy.entries()[0]          # built once, then kept


def test_a_game_logs_events_the_same_whether_or_not_a_trigger_listens():
    """With a trigger on an event its entries are built at once (the trigger
    reads them); without, as recipes: the log is the same text. (The bench
    pack moves pieces, gains money and takes actions, and listens to nothing.)"""
    from waybill.overhead import bench_rules
    played = {}
    for listened in (False, True):
        rules = bench_rules("compiled")
        assert not rules.triggers
        if listened:   # a trigger that never matches: the events are observed, nothing else changes
            class Never:
                entity, where, index, key = None, staticmethod(lambda m, loc: False), 0, "never"
            rules.triggers.update(moved=[Never()], gained=[Never()], acted=[Never()])
        g = _played(Game.new(rules, players=1, seed=9), 20, 9)
        played[listened] = (g.to_json()["log"], len(g.log))
    assert played[False] == played[True]
    text = "".join(played[False][0]["chunks"])
    assert '"moved"' in text and '"gained"' in text and '"acted"' in text
