#!/bin/bash
# Plays samples/games/ah1961-sample: Avalon Hill's Chancellorsville (1961)
# from Prepare For Play to the end of the 25th complete turn, with an umpire,
# the test-only keys and the committed dice chains, so the archive is
# byte-for-byte reproducible. The set-up and first turn come from
# samples/orders/ah1961/; every later player-turn passes (no moves).
#   tools/make-ah1961-sample.sh [path/to/adjutant]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
adjutant=${1:-$top/build/adjutant}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$top"/samples/keys/*.key "$work"/
chmod 600 "$work"/*.key
cd "$work"
export ADJUTANT_SECRETS="$work/secrets"
name=ah1961-sample
dir="$top/samples/games/$name"
cards=""
for side in union confederate umpire; do
  chain="$top/samples/keys/chains/$name/$side.chain"
  if [ -f "$chain" ]; then cp "$chain" "$side.chain"; chmod 600 "$side.chain"; fi
  "$adjutant" join --chain "$side.chain" --game "$name" --side "$side" --name "Sample ${side^}" \
    --email "$side@example.org" --key "$side.key" --out "$side.card.json" >/dev/null
  if [ ! -f "$chain" ]; then mkdir -p "$(dirname "$chain")"; cp "$side.chain" "$chain"; fi
  cards="$cards --card $side.card.json"
done
rm -rf "$dir"
"$adjutant" new "$dir" --name "$name" --scenario "$top/scenarios/ah1961.json" $cards \
  --key umpire.key --created 2026-11-01T09:00:00Z >/dev/null
n=0
play() {  # orders-file side
  n=$((n + 1))
  "$adjutant" sign "$1" --game "$dir" --key "$2.key" --chain "$2.chain" --out "$2.signed.json" >/dev/null
  "$adjutant" adjudicate "$dir" "$2.signed.json" --key umpire.key --chain umpire.chain \
    --at "$(date -u -d "2026-11-02T18:00:00Z + $n hours" +%Y-%m-%dT%H:%M:%SZ)" --no-outputs >/dev/null
}
for orders in "$top"/samples/orders/ah1961/*.json; do
  side=$(basename "$orders" .json | sed 's/^[0-9]*-//; s/^setup[0-9]-//; s/^t[0-9]*-//')
  play "$orders" "$side"
done
echo '{"moves": []}' > pass.json
while true; do
  next=$("$adjutant" status "$dir" --json | python3 -c 'import json,sys; print(json.load(sys.stdin).get("orders_due_from", ""))')
  [ -z "$next" ] && break
  play pass.json "$next"
done
rm -f "$dir/.lock"
# The invitation's maps, mails and reports are outputs, not evidence: left
# out, they would be most of the archive's size.
rm -f "$dir"/turns/000-genesis/map-* "$dir"/turns/000-genesis/mail-* "$dir"/turns/000-genesis/report-*
echo "wrote $dir"
