// Reading log.jsonl (game/log.h) on a whole sample game: every entry up to
// the first damaged line, that line's number and what is wrong with it,
// wherever in the log the damage is.
#include <catch2/catch.hpp>

#include "game/log.h"
#include "ledger/digest.h"
#include "support/cli_harness.h"
#include "support/text_lines.h"
#include "util/files.h"

using adjutant::game::LogEntry;
using adjutant::game::parse_log_text;

namespace {

std::string log_joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  return text;
}

struct Read {
  std::vector<LogEntry> entries;
  int bad = -1;
  std::string problem;
};

Read read_log(const std::string& text) {
  Read r;
  r.entries = parse_log_text(text, "log.jsonl", r.bad, r.problem);
  return r;
}

// The entries read are the first `count` lines, each whole and hashed.
void holds_log_lines(const Read& r, const std::vector<std::string>& lines, std::size_t count) {
  REQUIRE(r.entries.size() == count);
  for (std::size_t i = 0; i < count; ++i) {
    CHECK(r.entries[i].line == lines[i]);
    CHECK(r.entries[i].seq == int(i));
    CHECK(r.entries[i].hash == adjutant::ledger::sha256_hex(lines[i]));
  }
}

// A line no longer canonical: a space after its first brace.
std::string spoiled_line(const std::string& line) {
  return "{ " + line.substr(1);
}

}  // namespace

TEST_CASE("a long log reads up to its first damaged line", "[game][log]") {
  std::string text = adjutant::read_file(adjutant::testing::source_dir() / "samples" / "games" /
                                         "hooker-lee-2006-bot" / "log.jsonl");
  auto lines = adjutant::testing::text_lines(text);
  const std::size_t n = lines.size();
  // The line after the one holding the middle byte.
  const std::size_t middle =
      std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(text.size() / 2), '\n')) +
      1;
  REQUIRE(middle > 2);
  REQUIRE(middle + 2 < n);

  SECTION("whole") {
    Read r = read_log(text);
    CHECK(r.bad == -1);
    CHECK(r.problem.empty());
    holds_log_lines(r, lines, n);
  }
  SECTION("two damaged lines: the first is named") {
    auto bad = lines;
    bad[2] = spoiled_line(bad[2]);
    bad[n - 2] = spoiled_line(bad[n - 2]);
    Read r = read_log(log_joined(bad));
    CHECK(r.bad == 2);
    CHECK(r.problem == "not in canonical form");
    holds_log_lines(r, lines, 2);
  }
  for (std::size_t at : {middle - 1, middle, middle + 1, n - 1}) {
    SECTION("a damaged line " + std::to_string(at)) {
      auto bad = lines;
      bad[at] = spoiled_line(bad[at]);
      Read r = read_log(log_joined(bad));
      CHECK(r.bad == int(at));
      CHECK(r.problem == "not in canonical form");
      holds_log_lines(r, lines, at);
    }
  }
  SECTION("a last line without its newline") {
    Read r = read_log(text.substr(0, text.size() - 1));
    CHECK(r.bad == int(n - 1));
    CHECK(r.problem == "truncated: the last line has no newline");
    holds_log_lines(r, lines, n - 1);
  }
  SECTION("CR LF late, not JSON early") {
    auto bad = lines;
    bad[n - 3] += "\r";
    Read r = read_log(log_joined(bad));
    CHECK(r.bad == int(n - 3));
    CHECK(r.problem.find("CR LF") != std::string::npos);
    holds_log_lines(r, lines, n - 3);
    bad[1] = "not json";
    r = read_log(log_joined(bad));
    CHECK(r.bad == 1);
    CHECK(r.problem.rfind("not valid JSON: ", 0) == 0);
    holds_log_lines(r, lines, 1);
  }
}
