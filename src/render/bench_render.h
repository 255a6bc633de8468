// A rendering benchmark for `make bench`: a generated map the size of Hooker
// and Lee's (25x28 hexes) with about 90 counters, mixed terrain, rivers,
// streams, roads and a busy last phase, drawn as PNG and SVG.
#pragma once

#include <cstddef>

#include "ledger/jcs.h"
#include "model/state.h"
#include "render/map.h"
#include "rules/hexmap/scenario.h"

namespace adjutant::render {

struct BenchMap {
  rules::hexmap::Scenario scenario;
  model::State state;
  ledger::Json events;
};

// The same map on every call (a fixed-seed generator, no clock, no host input).
BenchMap bench_map();

struct BenchResult {
  int iterations = 0;
  double png_ms = 0;  // mean processor time of one render_png
  double svg_ms = 0;  // mean processor time of one render_svg
  std::size_t png_bytes = 0;
  std::size_t svg_bytes = 0;
  int counters = 0;
};

// Renders `in` `iterations` times in each format after one warm-up.
BenchResult bench_render(const MapInput& in, int iterations);

// Renders bench_map() `iterations` times in each format after one warm-up.
BenchResult bench_render(int iterations);

}  // namespace adjutant::render
