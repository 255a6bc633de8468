// parse_canonical (ledger/jcs.h): it reads a canonical text as parse_strict
// does, and it never takes a text canonical() would not write: every text
// it gives a value for is that value's canonical form.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "support/text_lines.h"
#include "util/error.h"
#include "util/files.h"

using adjutant::ledger::canonical;
using adjutant::ledger::Json;
using adjutant::ledger::parse_canonical;
using adjutant::ledger::parse_strict;

namespace {

// Equal values of equal types all the way down (nlohmann's == takes an
// unsigned 5 for a signed 5).
bool same_typed(const Json& a, const Json& b) {
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_object()) {
    for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
      if (x.key() != y.key() || !same_typed(x.value(), y.value())) return false;
    return true;
  }
  if (a.is_array()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same_typed(a[i], b[i])) return false;
    return true;
  }
  return a == b;
}

// What parse_canonical may say of `text`: nothing, or the value
// parse_strict reads, whose canonical form is `text` itself.
bool sound(const std::string& text) {
  auto fast = parse_canonical(text);
  if (!fast) return true;
  try {
    Json slow = parse_strict(text, "text");
    return same_typed(*fast, slow) && canonical(slow) == text;
  } catch (const adjutant::Error&) {
    return false;
  }
}

std::vector<std::string> sample_lines() {
  std::vector<std::string> out;
  auto games = adjutant::testing::source_dir() / "samples" / "games";
  for (const char* game : {"skirmish-umpire", "hooker-lee-2006-bot", "chaos-meeting-bot",
                           "ah1961-sample", "skirmish-conceded"})
    for (auto& line :
         adjutant::testing::text_lines(adjutant::read_file(games / game / "log.jsonl")))
      if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("every log line of the samples reads in one pass as parse_strict reads it",
          "[ledger][jcs]") {
  auto lines = sample_lines();
  REQUIRE(lines.size() > 150);
  int read = 0;
  for (const auto& line : lines) {
    auto fast = parse_canonical(line);
    if (!fast) continue;  // left to the slow path: allowed, and counted below
    ++read;
    CHECK(same_typed(*fast, parse_strict(line, "line")));
    CHECK(canonical(*fast) == line);
  }
  // Every line the samples hold is in the one-pass reader's reach.
  CHECK(read == int(lines.size()));
}

TEST_CASE("the one-pass reader takes canonical forms and nothing else", "[ledger][jcs]") {
  struct Case {
    const char* text;
    bool read;
  };
  const Case cases[] = {
      {R"({"a":1,"b":[true,false,null],"c":{"d":"e"}})", true},
      {R"({})", true},
      {R"([])", true},
      {R"([0,-1,123456789012345])", true},
      {R"({"b":1,"a":2})", false},          // names out of order
      {R"({"a":1,"a":2})", false},          // a name twice
      {R"({"a": 1})", false},               // whitespace
      {R"( {"a":1})", false},               //
      {R"({"a":1} )", false},               //
      {R"([-0])", false},                   // not the shortest form
      {R"([01])", false},                   //
      {R"([1.5])", false},                  // left to the slow path
      {R"([1e2])", false},                  //
      {R"([1234567890123456])", false},     // 16 digits: left to the slow path
      {R"(["\u001f"])", true},              // a control character as canonical() writes it
      {R"(["\u001F"])", false},             // upper-case hex
      {R"(["\u000a"])", false},             // \n has a short form
      {R"(["\n\t\r\b\f\"\\"])", true},      //
      {R"(["\/"])", false},                 // an escape canonical() never writes
      {R"(["\u0041"])", false},             //
      {"[\"\x7f\"]", true},                 // DEL is written raw
      {"[\"\n\"]", false},                  // a raw control character
      {"[\"caf\xc3\xa9\"]", true},          // UTF-8 raw
      {"[\"\xc3\"]", false},                // broken UTF-8
      {"{\"\xf0\x9f\x98\x80\":1}", false},  // a name above U+FFFF: left to the slow path
      {R"([tru])", false},
      {R"({"a":1,})", false},
      {R"([1,])", false},
      {R"({"a"})", false},
      {"", false},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK(parse_canonical(c.text).has_value() == c.read);
    CHECK(sound(c.text));
  }
  // Types as nlohmann's reader gives them: unsigned unless negative.
  auto v = parse_canonical("[0,7,-7]");
  REQUIRE(v);
  CHECK((*v)[0].is_number_unsigned());
  CHECK((*v)[1].is_number_unsigned());
  CHECK((*v)[2].is_number_integer());
  CHECK_FALSE((*v)[2].is_number_unsigned());
}

TEST_CASE("no change to a canonical line makes the one-pass reader take a text that is not",
          "[ledger][jcs]") {
  // Every line of two samples, changed at many places in the ways a hand or
  // a mail program changes text: whatever the reader then takes must be
  // canonical and read as parse_strict reads it.
  const std::string inserts[] = {" ", "\\", "\"", "0", "-", ",", "}", "]", "\\u0041", "1.0"};
  std::uint64_t seed = 12345;
  auto next = [&seed](std::uint64_t bound) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (seed >> 33) % bound;
  };
  int tried = 0, taken = 0, unsound = 0;
  for (const auto& line : sample_lines()) {
    for (int k = 0; k < 40; ++k) {
      std::string t = line;
      std::size_t at = next(t.size());
      switch (next(4)) {
        case 0:
          t.insert(at, inserts[next(std::size(inserts))]);
          break;
        case 1:
          t.erase(at, 1);
          break;
        case 2:
          if (at + 1 < t.size()) std::swap(t[at], t[at + 1]);
          break;
        default:
          t[at] = char(t[at] ^ (1 << next(7)));
      }
      ++tried;
      taken += parse_canonical(t).has_value();
      if (!sound(t)) {
        ++unsound;
        UNSCOPED_INFO(t.substr(at > 40 ? at - 40 : 0, 80));
      }
    }
  }
  CHECK(tried > 6000);
  // Many changes leave a canonical text (a letter of a string changed): the
  // reader must still take those.
  CHECK(taken > tried / 10);
  CHECK(unsound == 0);
}
