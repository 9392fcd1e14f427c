#!/usr/bin/env bash
# The long soak (outside CI): thousands of bot games with invariant and replay
# checks. Usage: bash bench/soak.sh [WEDS_GAMES] [BADLANDS_GAMES]
set -euo pipefail
weds=${1:-2000}
badlands=${2:-500}
# --jobs 0: one worker per CPU (the summary does not depend on it)
waybill sim weds --players 4 --games "$weds" --seed 1 --check-invariants --check-replay --jobs 0 --json
waybill sim badlands --players 3 --games "$badlands" --seed 1 --check-invariants --check-replay --jobs 0 --json
