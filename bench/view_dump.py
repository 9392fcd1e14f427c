"""Views of seeded bot games, dumped to compare two engines (issue 24: "The
English output of views must stay byte-identical for the shipped packs").

    python bench/view_dump.py dump OUT.json [STEP]   # every STEP-th decision (default 3)
    python bench/view_dump.py compare A.json B.json  # key order too: json.dumps of each part

At every STEP-th decision of each game below: the legal actions (less their
``id``, which older engines did not give), every seat's view of the log
since its last one, and the acting seat's views in English and in Russian;
at the end every seat's whole log. Run ``dump`` with each engine's Python
(an install of each checkout), then ``compare``.
"""

from __future__ import annotations

import json
import random
import sys

CASES = [("weds", 3, 1), ("weds", 4, 7), ("badlands", 2, 1), ("badlands", 4, 5), ("warfare", 2, 1), ("warfare", 3, 7)]


def dump(out: str, step: int = 3) -> None:
    from waybill import Game, load_pack, make_bot
    res = {}
    for pack, n, seed in CASES:
        rules = load_pack(pack)
        g = Game.new(rules, players=n, seed=seed)
        bots = [make_bot("default", rules) for _ in range(n)]
        rng = random.Random(seed)
        rows, k, ends = [], 0, [0] * n
        while not g.over and g.state.round <= 60:
            legal = g.legal_actions()
            if k % step == 0:
                p = legal[0]["player"]
                rows.append({"legal": [{f: v for f, v in a.items() if f != "id"} for a in legal],
                             "views": [g.view(s, log_from=ends[s]) for s in range(n)],
                             "en": g.view(p, log_from=ends[p], lang="en"), "ru": g.view(p, log_from=ends[p], lang="ru")})
                ends = [v["log_end"] for v in rows[-1]["views"]]
            g.apply(bots[legal[0]["player"]].choose(g, legal, rng))
            k += 1
        rows.append({"final": [g.view(s, log=True) for s in range(n)], "en": g.view(0, lang="en", log=True),
                     "ru": g.view(0, lang="ru", log=True)})
        res[f"{pack}-{n}-{seed}"] = rows
        print(pack, n, seed, k, "decisions", file=sys.stderr)
    with open(out, "w") as f:
        json.dump(res, f)


def compare(a_path: str, b_path: str) -> int:
    with open(a_path) as f:
        a = json.load(f)
    with open(b_path) as f:
        b = json.load(f)
    bad = 0
    for case in a:
        if len(a[case]) != len(b.get(case, [])):
            print(f"{case}: {len(a[case])} rows against {len(b.get(case, []))}")
            bad += 1
        for i, (x, y) in enumerate(zip(a[case], b.get(case, []))):
            for k in x:
                if json.dumps(x[k]) != json.dumps(y.get(k)):
                    if bad < 10:
                        print(f"{case} row {i}: {k} differs")
                    bad += 1
    print("parts differing:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "dump":
        dump(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        print(__doc__)
        sys.exit(2)
