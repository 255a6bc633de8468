#!/usr/bin/env bash
# make demo: two players play the first game-turn of the training scenario by
# mail. Keys and cards for both, a new game without an umpire, each side's
# orders signed, checked and adjudicated by the other side, maps, reports and
# mail files written, the mail delivered to a local SMTP server, and the
# archive verified.
# usage: tools/demo.sh path/to/adjutant [folder]  (the folder: ./demo)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
adjutant=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
demo=${2:-$top/demo}
rm -rf "$demo"
mkdir -p "$demo/players"
cd "$demo/players"
# Keys and dice chains live outside every archive, in a secrets folder.
export ADJUTANT_SECRETS="$demo/secrets"
say() { printf '\n== %s\n' "$*"; }

say "keys and player cards (each player runs this on their own machine)"
for side in confederate union; do
  "$adjutant" keygen --out "$side.key"
  "$adjutant" join --game ely-mill --side "$side" --name "Demo ${side^}" \
    --email "$side@example.org" --key "$side.key" --out "$side.card.json"
done

say "the host (here the union player) creates the game"
"$adjutant" new "$demo/game" --name ely-mill --scenario "$top/scenarios/bluegray-skirmish.json" \
  --card confederate.card.json --card union.card.json --key union.key

smtp_pid=""
stop_smtp() { [ -n "$smtp_pid" ] && kill "$smtp_pid" 2>/dev/null && wait "$smtp_pid" 2>/dev/null || true; }
trap stop_smtp EXIT
if [ -x /usr/bin/python3 ] && [ -f "$top/tests/tools/smtp_sink.py" ]; then
  port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  /usr/bin/python3 "$top/tests/tools/smtp_sink.py" "$port" "$demo/smtp-received" \
    </dev/null >"$demo/smtp.log" 2>&1 &
  smtp_pid=$!
  for _ in $(seq 50); do
    /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1',$port),0.2)" 2>/dev/null && break
    sleep 0.1
  done
  say "a local SMTP server listens on 127.0.0.1:$port"
fi

play() {  # side orders-file adjudicator
  local side=$1 orders=$2 adj=$3
  say "$side signs the orders in $(basename "$orders")"
  "$adjutant" sign "$orders" --game "$demo/game" --key "$side.key" --out "$side.signed.json"
  say "$adj checks and adjudicates them"
  "$adjutant" check "$demo/game" "$side.signed.json"
  "$adjutant" adjudicate "$demo/game" "$side.signed.json" --key "$adj.key"
  if [ -n "$smtp_pid" ]; then
    say "the mail goes out"
    # The mails this copy sends: those its adjudicator signed.
    "$adjutant" mail send "$demo/game" --smtp "smtp://127.0.0.1:$port" --as "$adj"
  fi
}

play confederate "$top/samples/orders/skirmish/01-t1-confederate.json" union
play union "$top/samples/orders/skirmish/02-t1-union.json" confederate

say "anyone can verify the whole archive"
"$adjutant" verify "$demo/game"
"$adjutant" status "$demo/game"
stop_smtp
smtp_pid=""

say "where things are"
echo "state:    $demo/game/state.json"
echo "log:      $demo/game/log.jsonl"
for d in "$demo"/game/turns/*/; do
  echo "turn:     $d"
  ls "$d" | sed 's/^/            /'
done
[ -d "$demo/smtp-received" ] && echo "received: $demo/smtp-received ($(ls "$demo/smtp-received"/*.eml | wc -l) messages)"
echo
echo "explain the first combat:  $adjutant explain $demo/game --combat 1"
