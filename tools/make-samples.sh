#!/usr/bin/env bash
# Rebuilds the sample game archives in samples/games from the test-only keys
# in samples/keys and the order files in samples/orders, with fixed times, so
# the archives are byte-for-byte reproducible. Run after a change that alters
# an outcome (and bump the ruleset version). The samples stay pinned to
# version 1 of the Blue & Gray ruleset (docs/protocol.md "Archives verify
# forever"), so they keep showing that version's reading. Maps, reports and mail are left
# out to keep the repository small: `adjutant report GAME --all` and
# `adjutant render` draw them from the log.
# usage: tools/make-samples.sh [path/to/adjutant]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
adjutant=${1:-$top/build/adjutant}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$top"/samples/keys/*.key "$work"/
chmod 600 "$work"/*.key
cd "$work"
export ADJUTANT_SECRETS="$work/secrets"
# All at once: each game's chains are its own, and a new game refuses a chain
# it finds in an archive beside it.
rm -rf "$top"/samples/games/skirmish-noumpire "$top"/samples/games/skirmish-umpire \
  "$top"/samples/games/skirmish-conceded

make_game() {  # name umpire(yes|no) phases
  local name=$1 umpire=$2 phases=$3 dir="$top/samples/games/$1" cards="" host=union
  for side in union confederate umpire; do
    [ "$side" = umpire ] && [ "$umpire" = no ] && continue
    # One dice chain per game (samples/keys/chains/GAME/), never per key.
    cp "$top/samples/keys/chains/$name/$side.chain" "$side.key.chain"
    chmod 600 "$side.key.chain"
    "$adjutant" join --chain "$side.key.chain" --game "$name" --side "$side" --name "Sample ${side^}" \
      --email "$side@example.org" --key "$side.key" --out "$side.card.json" >/dev/null
    cards="$cards --card $side.card.json"
  done
  [ "$umpire" = yes ] && host=umpire
  rm -rf "$dir"
  "$adjutant" new "$dir" --name "$name" --scenario "$top/scenarios/bluegray-skirmish.json" $cards \
    --key "$host.key" --created 2026-11-01T09:00:00Z --ruleset-version 1 >/dev/null
  local day=2
  for orders in $(ls "$top"/samples/orders/skirmish/*.json | head -n "$phases"); do
    local side
    side=$(basename "$orders" .json | sed 's/^[0-9]*-t[0-9]*-//')
    local adj=umpire
    if [ "$umpire" = no ]; then [ "$side" = union ] && adj=confederate || adj=union; fi
    "$adjutant" sign "$orders" --game "$dir" --key "$side.key" --out "$side.signed.json" >/dev/null
    "$adjutant" adjudicate "$dir" "$side.signed.json" --key "$adj.key" --chain "$adj.key.chain" \
      --at "2026-11-0${day}T18:00:00Z" --no-outputs >/dev/null
    day=$((day + 1))
  done
  rm -f "$dir/.lock"
  rm -rf "$ADJUTANT_SECRETS"
  echo "wrote $dir"
}

# The order files follow the dice of the game without an umpire; the umpire
# game's dice differ, so it plays only the first turn (whose orders hold
# whatever the dice say).
make_game skirmish-noumpire no 99
make_game skirmish-umpire yes 2

# The first turn, then late orders: the union (waiting for the confederate's
# turn 2) extends the deadline, then rules no moves received; the union then
# concedes.
dir="$top/samples/games/skirmish-conceded"
rm -rf "$dir"
make_game skirmish-conceded no 2 >/dev/null
"$adjutant" ruling "$dir" --extend 24 --reason "orders delayed" --key union.key \
  --at 2026-11-04T09:00:00Z >/dev/null
"$adjutant" ruling "$dir" --nmr --reason "no orders by the deadline" --key union.key \
  --chain union.key.chain --at 2026-11-07T19:00:00Z --no-outputs >/dev/null
"$adjutant" concede "$dir" --key union.key --at 2026-11-08T08:00:00Z >/dev/null
rm -f "$dir/.lock"
echo "wrote $dir"
