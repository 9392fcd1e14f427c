"""The layout's slot tables (runtime/engine/layout.py, ``Layout.c_slots`` and
``z_slots``): the compiled engine reads `p.name` as ``c_slots[i][p]``
instead of hashing ``(name, p)`` in ``cslot``, so the two must always name
the same slot, for every pack and player count (and ``z_global``, a global
zone's slot by its id, the slot ``zslot`` gives it). The slots themselves are
those saves have always had (each per-player counter or zone takes one
slot per player, in player order), so a save from before loads unchanged.
"""

from __future__ import annotations

import pytest

from waybill import load_pack

PACKS = [("weds", 2, 5), ("badlands", 2, 4), ("warfare", 2, 2)]


@pytest.mark.parametrize("pack,lo,hi", PACKS)
def test_slot_tables_name_the_slots_the_layout_gives(pack, lo, hi):
    rules = load_pack(pack)
    for n in range(lo, hi + 1):
        lay = rules.layout(n)
        for decls, table, slot in ((rules.counter_list, lay.c_slots, lay.cslot),
                                   (rules.zone_list, lay.z_slots, lay.zslot)):
            assert len(table) == len(decls)
            for d, got in zip(decls, table):
                if d["scope"] == "player":
                    assert got == tuple(slot[(d["id"], p)] for p in range(n)), (pack, n, d["id"])
                    # one slot per player, in player order: base + player number
                    assert got == tuple(range(got[0], got[0] + n))
                else:
                    assert got == slot[(d["id"], None)], (pack, n, d["id"])
        assert lay.z_global == {zid: s for (zid, of), s in lay.zslot.items() if of is None}
        assert set(lay.z_global) == {z["id"] for z in rules.zone_list if z["scope"] != "player"}
