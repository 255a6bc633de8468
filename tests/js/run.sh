#!/bin/sh
# The pages' scripts checked with node (ctest runs both, CMakeLists.txt):
#   run.sh lint   eslint over src/web/assets/*.js and tests/js (lint.js)
#   run.sh test [ADJUTANT]   the scripts' tests, node's own runner over
#                 tests/js/*.test.js; with the program, the order pages it
#                 writes are compared with the scripts tested
cd "$(dirname "$0")/../.." || exit 1
if ! command -v node >/dev/null 2>&1; then
  echo "node is missing: run \`make deps\` (nodejs)"
  exit 1
fi
case "$1" in
  lint) exec node tests/js/lint.js ;;
  test) [ -n "$2" ] && export ADJUTANT="$2"; exec node --test tests/js/*.test.js ;;
  *) echo "usage: run.sh lint|test" >&2; exit 2 ;;
esac
