#!/bin/sh
# Builds the order page's checker (wasm/CMakeLists.txt) with emscripten into
# OUT (default build/wasm): OUT/order_check.js. The main build runs it when
# emcc is found (ADJUTANT_WASM); by hand: wasm/build.sh [OUT].
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../build/wasm}
# Debian's emscripten finds its node modules (acorn) here.
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
if [ ! -f "$out/build.ninja" ]; then
  emcmake cmake -S "$here" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$out"
