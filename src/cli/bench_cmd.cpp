// `adjutant bench`: replays (verifies) every sample game and prints one
// signature line, compared with tests/bench.sig; a change that alters it is
// a change of outcomes and says why in its commit message.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include <malloc.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/outputs.h"
#include "cli/tournament_bench.h"
#include "game/archive.h"
#include "game/batch_verify.h"
#include "game/bench.h"
#include "game/line_checks.h"
#include "game/quick_status.h"
#include "game/verify.h"
#include "ledger/digest.h"
#include "render/bench_render.h"
#include "report/replay_page.h"
#include "report/report_input.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// The process's peak resident set since it began or since the last reset, in KiB.
long peak_resident_kib() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

bool reset_peak_resident() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return bool(out);
}

// Batch verification of every sample, each listed `copies` times, on one
// thread and then on two: the throughput of two cores against one.
void time_batch(const std::vector<fs::path>& games) {
  std::vector<fs::path> work;
  const int copies = std::max<int>(1, int(48 / games.size()));
  for (int i = 0; i < copies; ++i) work.insert(work.end(), games.begin(), games.end());
  game::VerifyOptions read_only;
  read_only.repair_caches = false;
  // Archives side by side, one thread each: a batch of one thread would
  // otherwise check its signatures on a second.
  read_only.check_ahead = false;
  double best[3] = {0, 0, 0};
  for (int jobs : {1, 2})
    for (int run = 0; run < 3; ++run) {
      auto r = game::verify_many(work, jobs, read_only);
      if (best[jobs] == 0 || r.ms < best[jobs]) best[jobs] = r.ms;
    }
  std::printf(
      "batch   %zu archives: 1 thread %.1f ms, 2 threads %.1f ms, throughput x%.2f (target "
      "1.8 on two cores)\n",
      work.size(), best[1], best[2], best[2] > 0 ? best[1] / best[2] : 0.0);
}

// `adjutant status` of each sample as the command reads it (state.json and
// the log's tail, checked by hash): the quickest of 11 readings.
void time_status(const std::vector<fs::path>& games) {
  double worst = 0;
  std::string worst_name;
  int quick = 0;
  for (const auto& g : games) {
    double best = 1e30;
    bool cached = false;
    for (int run = 0; run < 11; ++run) {
      auto start = std::chrono::steady_clock::now();
      auto q = game::quick_status(g);
      if (!q) q = game::verified_status(g);
      double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      best = std::min(best, ms);
      cached = !q->verified;
    }
    quick += cached;
    if (best > worst) {
      worst = best;
      worst_name = g.filename().string();
    }
  }
  std::printf("status  %zu games, %d read from their caches: worst %.2f ms (%s) (target 5)\n",
              games.size(), quick, worst, worst_name.c_str());
}

// The median and worst of a game's player-turns, each adjudicated as the
// replay does it (its orders checked, its dice rolled, adjudicated, applied
// and compared with the log).
void print_turns(const game::VerifyTiming& t, const char* which) {
  if (t.turn_ms.empty()) return;
  std::vector<double> turns = t.turn_ms;
  std::sort(turns.begin(), turns.end());
  std::printf(
      "turn    %s (%s): one player-turn adjudicated (replayed): median %.3f ms, worst %.3f ms "
      "over %zu\n",
      t.name.c_str(), which, turns[turns.size() / 2], turns.back(), turns.size());
}

// The largest map among the scenario files in `dir` (by hexes, then units),
// drawn at its start as PNG and SVG.
void time_largest_map(const fs::path& dir, int runs) {
  std::vector<fs::path> files;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::optional<rules::hexmap::Scenario> largest;
  Json largest_json;
  std::string largest_file;
  for (const auto& f : files) {
    Json j = Json::parse(read_file(f, kMaxJsonFile));
    auto sc = rules::hexmap::Scenario::from_json(j, f.string());
    auto size = [](const rules::hexmap::Scenario& s) {
      return std::make_pair(s.columns * s.rows, s.units.size());
    };
    if (!largest || size(sc) > size(*largest)) {
      largest = std::move(sc);
      largest_json = j;
      largest_file = f.string();
    }
  }
  if (!largest) return;
  auto ruleset = rules::make_ruleset(largest_json, largest_file);
  model::State state = ruleset->initial_state();
  Json events = Json::array();
  auto b = render::bench_render(render::MapInput{*largest, state, events, ""}, runs);
  std::printf(
      "render  %s (%dx%d, %d counters at the start), %d runs: PNG %.1f ms (%zu bytes), SVG %.1f "
      "ms (%zu bytes), together %.1f ms\n",
      largest->id.c_str(), largest->columns, largest->rows, b.counters, b.iterations, b.png_ms,
      b.png_bytes, b.svg_ms, b.svg_bytes, b.png_ms + b.svg_ms);
}

// Every sample's replay page (adjutant view) for the umpire and for each
// side: its size and the time to write it (the archive read, every line
// checked, the page made; the quickest of three runs), against the targets
// of 3 MB and 0.5 s. The time a browser takes to make it ready to click is
// tests/tools/page_bench.py's (`make bench` runs it).
void time_pages(const std::vector<fs::path>& games) {
  double slowest = 0, largest = 0;
  std::string slowest_name, largest_name;
  for (const auto& g : games) {
    std::vector<std::string> views{report::kUmpire};
    {
      int bad_line = -1;
      std::string problem;
      for (const auto& s : game::Archive::open_partial(g, bad_line, problem).ruleset().sides())
        views.push_back(s);
    }
    for (const auto& view : views) {
      double best = 0;
      std::size_t bytes = 0;
      for (int run = 0; run < 3; ++run) {
        auto start = std::chrono::steady_clock::now();
        int bad_line = -1;
        std::string problem;
        game::Archive archive = game::Archive::open_partial(g, bad_line, problem);
        bytes = report::replay_page(archive, game::check_lines(archive, bad_line, problem), view)
                    .size();
        double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        if (run == 0 || ms < best) best = ms;
      }
      std::string name = g.filename().string() + " " + view;
      std::printf("page    %-40s %6.2f MB  written in %6.1f ms\n", name.c_str(), bytes / 1048576.0,
                  best);
      if (best > slowest) slowest = best, slowest_name = name;
      if (double(bytes) > largest) largest = double(bytes), largest_name = name;
    }
  }
  std::printf("pages   largest %.2f MB (%s), slowest %.1f ms (%s); targets 3 MB and 500 ms\n",
              largest / 1048576.0, largest_name.c_str(), slowest, slowest_name.c_str());
}

// The judge on a made tournament, built in a temporary folder removed after.
int tournament(const cxxopts::ParseResult& r) {
  TournamentOptions o;
  o.games = r["tournament"].as<int>();
  o.rounds = r["rounds"].as<int>();
  if (o.games < 1 || o.games > 1000 || o.rounds < 1 || o.rounds > 8)
    throw Error("usage.options", "--tournament is 1 to 1000 games, --rounds 1 to 8", Exit::kUsage);
  bool keep = r.count("work") > 0;
  std::string folder = (fs::temp_directory_path() / "adjutant-tournament-XXXXXX").string();
  if (keep) {
    folder = r["work"].as<std::string>();
    std::error_code ec;
    if (fs::exists(folder, ec) && !fs::is_empty(folder, ec))
      throw Error("usage.options", "--work " + folder + ": give a new or empty folder",
                  Exit::kUsage);
    fs::create_directories(folder);
  } else if (!::mkdtemp(folder.data())) {
    throw Error("io.write", folder + ": cannot create", Exit::kEnvironment);
  }
  o.work = folder;
  o.adjutant = fs::read_symlink("/proc/self/exe");
  o.scenario = fs::path(r["scenarios"].as<std::string>()) / "bluegray-skirmish.json";
  o.outputs = turn_writer();
  o.out = &std::cout;
  bool ok = false;
  try {
    ok = run_tournament(o);
  } catch (...) {
    std::error_code ec;
    if (!keep) fs::remove_all(o.work, ec);
    throw;
  }
  std::error_code ec;
  if (!keep) fs::remove_all(o.work, ec);
  return ok ? 0 : int(Exit::kEnvironment);
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant bench",
      "Verify every game archive under DIR (default samples/games) and print\n"
      "`games N  adjudications M  dice D  digest <sha256/16>`; with --time, also\n"
      "how long the replay took.");
  options.add_options()("dir", "folder of game archives",
                        cxxopts::value<std::string>()->default_value("samples/games"))(
      "time", "print timings and peak memory (not part of the signature)")(
      "render", "also time PNG and SVG maps of a generated 25x28 map with ~90 counters")(
      "runs", "map drawing runs to average", cxxopts::value<int>()->default_value("20"))(
      "scenarios", "with --render, also draw the largest map among these scenario files",
      cxxopts::value<std::string>()->default_value("scenarios"))(
      "json", "the signature as JSON (games, adjudications, dice, digest); no timings")(
      "pages", "also write every game's replay page for each view: sizes and times")(
      "tournament",
      "instead, time the judge on a made tournament of N umpired games (docs/performance.md)",
      cxxopts::value<int>())("rounds", "with --tournament: player-turns played",
                             cxxopts::value<int>()->default_value("3"))(
      "work", "with --tournament: build it in this new folder and keep it",
      cxxopts::value<std::string>());
  options.parse_positional({"dir"});
  options.positional_help("[DIR]");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  if (r->count("tournament")) return tournament(*r);
  fs::path dir = (*r)["dir"].as<std::string>();
  std::vector<fs::path> games;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (fs::exists(e.path() / "log.jsonl")) games.push_back(e.path());
  std::sort(games.begin(), games.end());
  if (games.empty())
    throw Error("bench.no_games", dir.string() + ": no game archives found", Exit::kUsage);
  int adjudications = 0, dice = 0;
  std::string digest_input;
  auto start = std::chrono::steady_clock::now();
  for (const auto& g : games) {
    game::VerifyOptions read_only;
    read_only.repair_caches = false;
    auto report = game::verify_archive(g, read_only);
    if (!report.ok) {
      std::cerr << g.string() << ": " << report.text();
      return report.exit_code;
    }
    adjudications += report.adjudications;
    dice += report.dice;
    digest_input += g.filename().string() + " " + report.head + " " + report.state + "\n";
  }
  auto ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::string digest = ledger::sha256_hex(digest_input).substr(0, 16);
  if (r->count("json")) {
    print_json({{"games", games.size()},
                {"adjudications", adjudications},
                {"dice", dice},
                {"digest", digest}});
    return 0;
  }
  std::cout << "games " << games.size() << "  adjudications " << adjudications << "  dice " << dice
            << "  digest " << digest << "\n";
  if (r->count("time")) {
    std::cout << "time    replay and verify " << ms << " ms for " << games.size() << " games\n";
    // Each sample against its cryptographic floor; the player-turns of the
    // largest scenario's game and of the longest game, and the cost per line
    // early and late in the longest game.
    game::VerifyTiming longest, largest;
    for (const auto& g : games) {
      // The quickest of 11 runs of each: a run beside other work on the
      // machine is slower, never quicker.
      auto t = game::time_verify(g, 11);
      // Wall time, and the CPU time of both the verify's threads.
      double floor = t.floor_ms > 0 ? t.floor_ms : 1e30;
      std::printf(
          "verify  %-28s %4d lines  %8.2f ms  floor %7.2f ms  ratio %5.2f  (cpu %8.2f ms, ratio "
          "%5.2f)\n",
          t.name.c_str(), t.lines, t.verify_ms, t.floor_ms, t.verify_ms / floor, t.verify_cpu_ms,
          t.verify_cpu_ms / floor);
      // The longest game, and the game of the largest scenario: the most
      // hexes, then the most units, as the largest map is chosen below.
      if (t.lines > longest.lines) longest = t;
      if (std::make_pair(t.hexes, t.units) > std::make_pair(largest.hexes, largest.units))
        largest = t;
    }
    print_turns(largest, "the largest scenario");
    if (longest.name != largest.name) print_turns(longest, "the longest game");
    if (longest.first_quarter_ms_per_line > 0)
      std::printf(
          "lines   %s: per line %.4f ms in the first quarter, %.4f ms in the last "
          "(ratio %.2f)\n",
          longest.name.c_str(), longest.first_quarter_ms_per_line, longest.last_quarter_ms_per_line,
          longest.last_quarter_ms_per_line / longest.first_quarter_ms_per_line);
    time_batch(games);
    time_status(games);
  }
  // Each part's own peak, as one command of its kind would need it: what
  // the verifying freed is handed back to the system (malloc_trim) and the
  // mark reset (Linux's /proc/self/clear_refs) before the drawing.
  long verify_peak = -1;
  if (r->count("time") && r->count("render")) {
    verify_peak = peak_resident_kib();
    malloc_trim(0);
    if (!reset_peak_resident()) verify_peak = -1;
  }
  if (r->count("render")) {
    auto b = render::bench_render((*r)["runs"].as<int>());
    std::cout << "render  25x28 map, " << b.counters << " counters, " << b.iterations
              << " runs: PNG " << b.png_ms << " ms (" << b.png_bytes << " bytes), SVG " << b.svg_ms
              << " ms (" << b.svg_bytes << " bytes), together " << b.png_ms + b.svg_ms
              << " ms (target 150)\n";
    time_largest_map((*r)["scenarios"].as<std::string>(), (*r)["runs"].as<int>());
  }
  if (verify_peak >= 0)
    std::cout << "memory  peak resident " << verify_peak / 1024 << " MiB verifying, "
              << peak_resident_kib() / 1024 << " MiB drawing\n";
  else if (r->count("time") || r->count("render"))
    std::cout << "memory  peak resident " << peak_resident_kib() / 1024 << " MiB\n";
  if (r->count("pages")) time_pages(games);
  return 0;
}

}  // namespace adjutant::cli
