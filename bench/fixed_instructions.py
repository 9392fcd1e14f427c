"""Instructions per apply of an action that does nothing, for valgrind
(bench/README.md): the runtime's fixed cost per action, which no rule body
avoids (matching the answer, the rollback snapshot, the budget, the log's
action entry, running to the next decision and listing it).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python -P bench/fixed_instructions.py N

run with N=0 and N=1000: the difference / 1000 is one apply. The pack is the
bench rule's (cli/bench_pack), the same zones, pieces and set-up, with its
one action's body removed, so the state an apply copies is the same as
engine_instructions.py's."""
import sys
import tempfile
from importlib import resources
from pathlib import Path

from waybill import compile_pack
from waybill import Game, Rules

text = resources.files("waybill").joinpath("bench_pack", "pack.wb").read_text()
start, end = text.index("action deliver_goods"), text.index('game "Delivery')
with tempfile.TemporaryDirectory() as tmp:
    Path(tmp, "pack.wb").write_text(text[:start] + 'action idle "Idle" {\n  tags: main\n}\n\n' + text[end:])
    result = compile_pack(tmp)
if result.ir is None:
    sys.exit(result.report.render())
game = Game.new(Rules.from_ir(result.ir), players=1, seed=1)
a = game.legal_actions()[0]
N = int(sys.argv[1])
games = [game.clone() for _ in range(1000)]
for g in games:
    g.state.own()   # clones share their containers until they play (State.clone): copied in both runs
for g in games[:N]:
    g.apply(a)
