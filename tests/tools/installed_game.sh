#!/bin/bash
# Plays the start of a game with an installed adjutant while the source and
# build trees are out of sight (a private mount namespace lays an empty
# folder over each): two players' keys and cards, `adjutant new` with a
# shipped scenario by name, `view --orders`, verify; then a scenario from
# $ADJUTANT_DATA_DIR. The test copies this script out of the source tree first.
# usage: installed_game.sh STAGE SOURCE BUILD WORK
#   STAGE: a DESTDIR install with the prefix /usr; WORK: an empty folder.
set -euo pipefail
stage=$1 source=$2 build=$3 work=$4
if [[ ${ADJUTANT_TREES_HIDDEN:-} != 1 ]]; then
  exec env ADJUTANT_TREES_HIDDEN=1 unshare --map-root-user --mount bash "$0" "$@"
fi
mount -t tmpfs none "$source"
[[ -e $build/CMakeCache.txt ]] && mount -t tmpfs none "$build"
[[ ! -e $source/README.md && ! -e $source/scenarios ]] || { echo "the source tree is still there"; exit 1; }
echo "source and build trees hidden"

export PATH="$stage/usr/bin:/usr/bin:/bin" HOME="$work/home"
unset ADJUTANT_DATA_DIR ADJUTANT_SECRETS
cd "$work" && mkdir -p home alice bob
echo "program: $(command -v adjutant)"
adjutant --version

cd alice && export ADJUTANT_SECRETS="$PWD/secrets"
adjutant keygen >/dev/null
adjutant join --game mill --side confederate --name Alice --email alice@example.org --out alice.card.json
cd ../bob && export ADJUTANT_SECRETS="$PWD/secrets"
adjutant keygen >/dev/null
adjutant join --game mill --side union --name Bob --email bob@example.org --out bob.card.json
adjutant new mill --scenario bluegray-skirmish --card ../alice/alice.card.json --card bob.card.json
adjutant view mill --orders --out page
[[ -s page/index.html ]] && grep -q 'WebAssembly' page/index.html && echo "order page written"
adjutant verify mill

# A data folder named by $ADJUTANT_DATA_DIR comes first.
mkdir -p ../data/scenarios
sed 's/"title": *"[^"]*"/"title": "From the data folder"/' \
  "$stage/usr/share/adjutant/scenarios/bluegray-skirmish.json" > ../data/scenarios/mine.json
adjutant join --game mine --side union --name Bob --email bob@example.org --out bob2.card.json
(cd ../alice && ADJUTANT_SECRETS="$PWD/secrets" adjutant join --game mine --side confederate \
  --name Alice --email alice@example.org --out alice2.card.json)
ADJUTANT_DATA_DIR="$work/data" adjutant new mine --scenario mine --no-outputs \
  --card ../alice/alice2.card.json --card bob2.card.json
adjutant status mine | grep -q 'From the data folder' && echo "scenario from ADJUTANT_DATA_DIR"
