// The log read while it is replayed (game/read_ahead.h): line by line it
// gives the very entries a whole read gives, stops at the same damaged
// line, and a verify that reads ahead reports what one that does not does.
#include <catch2/catch.hpp>

#include <algorithm>

#include "game/archive.h"
#include "game/read_ahead.h"
#include "game/verify.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::game::Archive;
using adjutant::game::ReadAhead;

namespace {

fs::path sample(const char* game) {
  return adjutant::testing::source_dir() / "samples" / "games" / game;
}

// Reads every line of `dir` through a ReadAhead and holds it equal to
// Archive::open_partial's read, entry by entry. With `drop`, the reader
// thread drops the lines behind, and the archive keeps genesis alone.
void same_as_whole_read(const fs::path& dir, bool reader, bool drop = false) {
  int bad_line = -1;
  std::string problem;
  Archive whole = Archive::open_partial(dir, bad_line, problem);
  ReadAhead read(dir, reader, drop);
  REQUIRE(read.archive().log().size() == 1);
  std::size_t n = 1;
  for (; const auto* e = read.line(n); ++n) {
    REQUIRE(n < whole.log().size());
    const auto& w = whole.log()[n];
    CHECK(e->seq == w.seq);
    CHECK(e->prev == w.prev);
    CHECK(e->kind == w.kind);
    CHECK(e->line == w.line);
    CHECK(e->hash == w.hash);
    CHECK(e->body == w.body);
    CHECK(e->sig == w.sig);
  }
  CHECK(n == whole.log().size());
  CHECK(read.line(n + 1) == nullptr);
  CHECK(read.bad_line() == bad_line);
  CHECK(read.problem() == problem);
  read.finish();
  CHECK(read.log_lines() == whole.log().size());
  CHECK(read.head() == whole.head());
  if (drop && reader) {
    CHECK(read.archive().log().size() == 1);
  } else {
    REQUIRE(read.archive().log().size() == whole.log().size());
    CHECK(read.archive().head() == whole.head());
  }
}

// A copy of skirmish-noumpire whose log `spoil` rewrote.
template <typename Spoil>
fs::path spoiled_copy(const adjutant::testing::TempDir& tmp, const std::string& name, Spoil spoil) {
  fs::path game = tmp.path() / name;
  fs::copy(sample("skirmish-noumpire"), game, fs::copy_options::recursive);
  std::string text = adjutant::read_file(game / "log.jsonl");
  spoil(text);
  adjutant::write_file_atomic(game / "log.jsonl", text);
  return game;
}

// Where line n of a log text begins.
std::size_t line_start(const std::string& text, int n) {
  std::size_t at = 0;
  for (int i = 0; i < n; ++i) at = text.find('\n', at) + 1;
  return at;
}

}  // namespace

TEST_CASE("a log read ahead gives the entries of a whole read", "[game][verify]") {
  for (const char* game : {"skirmish-umpire", "hooker-lee-2006-bot", "chaos-meeting-bot"})
    for (bool reader : {false, true})
      for (bool drop : {false, true}) {
        INFO(game << (reader ? " with a reader thread" : " without one")
                  << (drop ? ", dropping the lines behind" : ""));
        same_as_whole_read(sample(game), reader, drop);
      }
}

TEST_CASE("a log read ahead stops at the damaged line a whole read stops at", "[game][verify]") {
  adjutant::testing::TempDir tmp("read-ahead");
  std::vector<fs::path> games = {
      // Line 4 is not JSON.
      spoiled_copy(tmp, "not-json", [](std::string& t) { t.insert(line_start(t, 4), "{"); }),
      // Line 3 ends in CR LF.
      spoiled_copy(tmp, "crlf", [](std::string& t) { t.insert(line_start(t, 4) - 1, "\r"); }),
      // The last line has lost its newline.
      spoiled_copy(tmp, "truncated", [](std::string& t) { t.pop_back(); }),
      // Line 2 is JSON but not canonical.
      spoiled_copy(tmp, "not-canonical",
                   [](std::string& t) { t.insert(line_start(t, 2) + 1, " "); }),
      // Only genesis is left.
      spoiled_copy(tmp, "genesis-only", [](std::string& t) { t.resize(line_start(t, 1)); }),
  };
  for (const auto& game : games)
    for (bool reader : {false, true})
      for (bool drop : {false, true}) {
        INFO(game.filename().string() << (reader ? " with a reader thread" : " without one")
                                      << (drop ? ", dropping the lines behind" : ""));
        same_as_whole_read(game, reader, drop);
      }
}

TEST_CASE("a verify that reads ahead reports what one that does not reports", "[game][verify]") {
  adjutant::testing::TempDir tmp("read-ahead-verify");
  std::vector<fs::path> games = {
      sample("skirmish-umpire"),
      spoiled_copy(tmp, "not-json", [](std::string& t) { t.insert(line_start(t, 4), "{"); }),
      spoiled_copy(tmp, "truncated", [](std::string& t) { t.pop_back(); }),
      spoiled_copy(tmp, "genesis-only", [](std::string& t) { t.resize(line_start(t, 1)); }),
      // Line 3 dropped: line 4 no longer links to the line before it.
      spoiled_copy(
          tmp, "unlinked",
          [](std::string& t) { t.erase(line_start(t, 3), line_start(t, 4) - line_start(t, 3)); }),
      // The genesis line damaged: nothing can be read.
      spoiled_copy(tmp, "no-genesis", [](std::string& t) { t.insert(0, "{"); }),
  };
  for (const auto& game : games) {
    INFO(game.filename().string());
    adjutant::game::VerifyOptions ahead, in_turn;
    ahead.repair_caches = in_turn.repair_caches = false;
    in_turn.check_ahead = false;
    auto a = adjutant::game::verify_archive(game, ahead);
    auto b = adjutant::game::verify_archive(game, in_turn);
    CHECK(a.to_json() == b.to_json());
    bool whole = game.filename() == "skirmish-umpire" || game.filename() == "genesis-only";
    CHECK(a.ok == whole);
  }
}
