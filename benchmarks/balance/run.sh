#!/bin/sh
# The balance lab's committed run (docs/balance.md, "Findings"): master seed 0, one worker,
# sized to about an hour of one core. Each step keeps its games in its folder's
# balance.sqlite: run this again after an interrupt and it resumes, replaying nothing stored.
set -e
cd "$(dirname "$0")/../.."
PY=${PYTHON:-python}
B=benchmarks/balance
step() { echo "== $(date -u +%H:%M:%S) $*"; nice -n 10 "$PY" -m duelhall balance "$@" --jobs 1; }
# The heuristic in every seat.
step duelfighters matchups --precision 0.15 --out $B/duelfighters-characters
step all first-player --precision 0.1 --out $B/first-player
step duel52 matchups --precision 0.22 --out $B/duel52-heroes
step highlander card-value --precision 0.1 --out $B/highlander-cards
step duel52 matchups --kind bannermen --precision 0.2 --out $B/duel52-bannermen
# A stronger player where the compiled engine makes it cheap: base two-player Duel 52.
step duel52 first-player --players 2 --variant standard --variant quick --variant long \
    --agents ismcts:200 --precision 0.05 --out $B/first-player-ismcts
echo "== $(date -u +%H:%M:%S) done"
