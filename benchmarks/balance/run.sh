#!/bin/sh
# The balance lab's committed run (docs/balance.md, "Findings"): the heuristic in every seat,
# master seed 0, one worker, sized to well under 90 minutes of one core. Each step keeps its
# games in its folder's balance.sqlite: run this again after an interrupt and it resumes,
# replaying nothing already stored.
set -e
cd "$(dirname "$0")/../.."
PY=${PYTHON:-python}
B=benchmarks/balance
step() { echo "== $(date -u +%H:%M:%S) $*"; nice -n 10 "$PY" -m duelhall balance "$@" --jobs 1; }
step duel52 matchups --precision 0.22 --out $B/duel52-heroes
step all first-player --precision 0.2 --out $B/first-player
step duelfighters matchups --precision 0.15 --out $B/duelfighters-characters
step highlander card-value --precision 0.1 --out $B/highlander-cards
step duel52 matchups --kind bannermen --precision 0.2 --out $B/duel52-bannermen
echo "== $(date -u +%H:%M:%S) done"
