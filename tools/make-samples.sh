#!/usr/bin/env bash
# Rebuilds the sample game archives of samples/games from the test-only keys
# and chains in samples/keys, with fixed times, so the archives are
# byte-for-byte reproducible: run it after a change that alters an outcome
# (which bumps the ruleset version), then update tests/bench.sig.
#
# - skirmish-noumpire, skirmish-umpire, skirmish-conceded: the hand-written
#   order files of samples/orders/skirmish, pinned to version 1 of the Blue &
#   Gray ruleset (docs/protocol.md "Archives verify forever"), so they keep
#   showing that version's reading; the last adds rulings and a concession.
# - skirmish-bot-umpire, skirmish-bot-noumpire, cemetery-hill-bot,
#   hooker-lee-1975-bot (with an umpire), hooker-lee-2006-bot,
#   grand-chancellorsville-bot, ah1961-bot (the 1961 rules, from Prepare For
#   Play), chaos-meeting-bot (Chaos of Battle on its table: the umpire's
#   copy, with its fog-of-war salts, which come from the umpire's key, so
#   they too are reproducible; kept at chaos version 2),
#   chaos-meeting-v3-bot (the same at chaos version 3): whole games played by
#   `adjutant bot --play`, from genesis to the final victory level (the
#   game_end event): one for every scenario. They are pinned to the versions
#   they were played at, Blue & Gray 2 and chaos 3 (Blue & Gray 3 and chaos 4
#   read some rules anew), so this script makes them again byte for byte;
#   drop a pin to play a game at the latest version.
# - These games were made under protocol 1 (docs/protocol.md 3b) and stay so
#   (`new --protocol 1`); skirmish-bot-p2 and chaos-meeting-p2-bot are whole
#   bot games of protocol 2 at the latest ruleset versions (order revisions,
#   times that never go back, and under fog of war dice committed until the
#   end).
#
# Maps, reports and mail are left out of the adjudications (and of the bot
# games' invitations) to keep the repository small: `adjutant report GAME
# --all` and `adjutant render` draw them from the log.
# Only the games named after OUTDIR are rebuilt when any are (a test replays
# some of the bot games this way and compares them with the committed ones).
# samples/frozen/ is never touched: its archives are never regenerated.
# usage: tools/make-samples.sh [path/to/adjutant] [OUTDIR (default samples/games)] [GAME...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
adjutant=$(realpath "${1:-$top/build/adjutant}")
out=${2:-$top/samples/games}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$top"/samples/keys/*.key "$work"/
chmod 600 "$work"/*.key
cd "$work"
export ADJUTANT_SECRETS="$work/secrets"
# All at once: each game's chains are its own, and a new game refuses a chain
# it finds in an archive beside it.
games="skirmish-noumpire skirmish-umpire skirmish-conceded skirmish-bot-umpire
  skirmish-bot-noumpire cemetery-hill-bot hooker-lee-1975-bot hooker-lee-2006-bot
  grand-chancellorsville-bot ah1961-bot chaos-meeting-bot chaos-meeting-v3-bot
  skirmish-bot-p2 chaos-meeting-p2-bot"
shift $(($# < 2 ? $# : 2))
if [ $# -gt 0 ]; then
  for g in "$@"; do
    case " $(echo $games) " in *" $g "*) ;; *) echo "make-samples.sh: no sample game $g" >&2; exit 2 ;; esac
  done
  games="$*"
fi
wanted() { case " $games " in *" $1 "*) return 0 ;; esac; return 1; }
for g in $games; do rm -rf "${out:?}/$g"; done

# name umpire(yes|no) scenario [new options...]: the cards, then genesis
# (of protocol 1 unless the options say otherwise).
start_game() {
  local name=$1 umpire=$2 scenario=$3 dir="$out/$1" cards="" host=union
  shift 3
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
  "$adjutant" new "$dir" --name "$name" --scenario "$top/scenarios/$scenario.json" $cards \
    --key "$host.key" --created 2026-11-01T09:00:00Z $(protocol_of "$@") "$@" >/dev/null
}
protocol_of() { case " $* " in *" --protocol "*) ;; *) echo --protocol 1 ;; esac; }

# The hand-written order files, in their order, up to `phases` of them.
make_game() {  # name umpire(yes|no) phases
  local name=$1 umpire=$2 phases=$3 dir="$out/$1"
  start_game "$name" "$umpire" bluegray-skirmish --ruleset-version 1
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

# A whole game by the bot: every phase, both sides (and the umpire).
bot_game() {  # name umpire(yes|no) scenario seed [new options...]
  local name=$1 umpire=$2 scenario=$3 seed=$4 dir="$out/$1" keys="--key union.key --key confederate.key"
  shift 4
  start_game "$name" "$umpire" "$scenario" --no-outputs "$@"
  [ "$umpire" = yes ] && keys="$keys --key umpire.key"
  "$adjutant" bot --play "$dir" $keys --seed "$seed" --at 2026-11-02T18:00:00Z --step-hours 24 \
    --no-outputs --quiet >/dev/null
  rm -f "$dir/.lock"
  rm -rf "$ADJUTANT_SECRETS"
  echo "wrote $dir"
}

# The order files follow the dice of the game without an umpire; the umpire
# game's dice differ, so it plays only the first turn (whose orders hold
# whatever the dice say).
wanted skirmish-noumpire && make_game skirmish-noumpire no 99
wanted skirmish-umpire && make_game skirmish-umpire yes 2

# The first turn, then late orders: the union (waiting for the confederate's
# turn 2) extends the deadline, then rules no moves received; the union then
# concedes.
if wanted skirmish-conceded; then
dir="$out/skirmish-conceded"
make_game skirmish-conceded no 2 >/dev/null
"$adjutant" ruling "$dir" --extend 24 --reason "orders delayed" --key union.key \
  --at 2026-11-04T09:00:00Z >/dev/null
"$adjutant" ruling "$dir" --nmr --reason "no orders by the deadline" --key union.key \
  --chain union.key.chain --at 2026-11-07T19:00:00Z --no-outputs >/dev/null
"$adjutant" concede "$dir" --key union.key --at 2026-11-08T08:00:00Z >/dev/null
rm -f "$dir/.lock"
rm -rf "$ADJUTANT_SECRETS"
echo "wrote $dir"
fi

wanted skirmish-bot-umpire && bot_game skirmish-bot-umpire yes bluegray-skirmish 1 --ruleset-version 2
wanted skirmish-bot-noumpire && bot_game skirmish-bot-noumpire no bluegray-skirmish 2 --ruleset-version 2
wanted cemetery-hill-bot && bot_game cemetery-hill-bot no cemetery-hill 3 --ruleset-version 2
wanted hooker-lee-1975-bot && bot_game hooker-lee-1975-bot yes hooker-lee-1975 4 --ruleset-version 2
wanted hooker-lee-2006-bot && bot_game hooker-lee-2006-bot no hooker-lee-2006 5 --ruleset-version 2
wanted grand-chancellorsville-bot && bot_game grand-chancellorsville-bot no grand-chancellorsville 6 --ruleset-version 2
wanted ah1961-bot && bot_game ah1961-bot no ah1961 7
# The Chaos of Battle sample stays at chaos version 2, the version it was
# played at (version 3 adds limbering, mounting and placed regiments).
wanted chaos-meeting-bot && bot_game chaos-meeting-bot yes table/chaos-meeting 8 --ruleset-version 2
# The same table at chaos version 3 (limbering, mounting, regiments placed
# by order), with its own chains and seed.
wanted chaos-meeting-v3-bot && bot_game chaos-meeting-v3-bot yes table/chaos-meeting 9 --ruleset-version 3
# Protocol 2 (docs/protocol.md 3b), at the latest ruleset versions: the
# training scenario with an umpire, and the Chaos of Battle table under fog
# of war, whose sealed copies commit every die until the end.
wanted skirmish-bot-p2 && bot_game skirmish-bot-p2 yes bluegray-skirmish 10 --protocol 2
wanted chaos-meeting-p2-bot && bot_game chaos-meeting-p2-bot yes table/chaos-meeting 11 --protocol 2
exit 0
