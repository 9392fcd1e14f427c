"""Instructions per apply of the bench rule, for valgrind (bench/README.md):

    PYTHONHASHSEED=0 valgrind --tool=callgrind python -P bench/engine_instructions.py compiled|interpreter|hand N

run with N=0 and N=1000; the difference / 1000 is one apply."""
import sys
from waybill.overhead import bench_rules, deliver_by_hand
from waybill import Game
eng = sys.argv[1]
start = Game.new(bench_rules(None if eng == "hand" else eng), players=1, seed=1)
a = start.legal_actions()[0]
N = int(sys.argv[2])
games = [start.clone() for _ in range(1000)]
for g in games:
    g.state.own()   # a clone shares its containers until it plays (State.clone): copy them in both runs
games = games[:N]
if eng == "hand":
    for g in games: deliver_by_hand(g)
else:
    for g in games: g.apply(a)
