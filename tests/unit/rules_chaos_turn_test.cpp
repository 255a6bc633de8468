// The Chaos of Battle turn as a table of steps (src/rules/chaos/turn.cpp):
// the steps come in the order of the text's Turn Sequence Overview
// (docs/rules/chaos.md "The turn"), and every rule name a step cites is
// one of docs/rules/chaos.md "Rule names".
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/chaos/turn.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;

namespace {

// The rule names a step cites ("a, b, c"), a trailing ".*" kept as a
// prefix.
std::vector<std::string> cited(const char* rule) {
  std::vector<std::string> out;
  std::string all = rule;
  std::size_t at = 0;
  while (at <= all.size()) {
    std::size_t comma = all.find(", ", at);
    std::string name = all.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    if (name.size() > 2 && name.compare(name.size() - 2, 2, ".*") == 0)
      name.resize(name.size() - 1);
    out.push_back(name);
    if (comma == std::string::npos) break;
    at = comma + 2;
  }
  return out;
}

// The index of the first step citing `name`, or -1.
int step_citing(const std::vector<chaos::TurnStep>& steps, const std::string& name) {
  for (std::size_t i = 0; i < steps.size(); ++i)
    for (const auto& c : cited(steps[i].rule))
      if (c == name) return int(i);
  return -1;
}

}  // namespace

TEST_CASE("chaos turn: the steps follow the text's turn sequence", "[chaos][turn]") {
  auto steps = chaos::turn_sequence();
  // shake out; the engagement phase's steps 1-4 (artillery under 3); the
  // fight phase; unengaged movement, then player commanders; resting, then
  // replacing deployed brigades by markers.
  const std::vector<std::string> order = {"shake_out",
                                          "engagement.withdraw",
                                          "engagement.form_up",
                                          "engagement.maneuver",
                                          "engagement.artillery",
                                          "engagement.rest",
                                          "fight",
                                          "move.marker",
                                          "move.commanders",
                                          "rest",
                                          "rest.remarker"};
  int last = -1;
  for (const auto& name : order) {
    INFO(name);
    int at = step_citing(steps, name);
    REQUIRE(at >= 0);
    CHECK(at > last);
    last = at;
  }
  // The tokens are drawn before anything else, once, before the first
  // turn; the turn ends last (turns: the last turn ends the game).
  CHECK(cited(steps.front().rule) == std::vector<std::string>{"forces.2"});
  CHECK(cited(steps.back().rule) == std::vector<std::string>{"turns"});
}

TEST_CASE("chaos turn: every rule a step cites is named by the text's table", "[chaos][turn]") {
  std::string doc = adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) + "/docs/rules/chaos.md");
  auto table = doc.find("## Rule names");
  REQUIRE(table != std::string::npos);
  doc = doc.substr(table, doc.find("\n## ", table + 1) - table);
  for (const auto& step : chaos::turn_sequence()) {
    INFO(step.name);
    CHECK(std::string(step.name).size() > 0);
    for (const auto& name : cited(step.rule)) {
      INFO(name);
      CHECK(doc.find(name) != std::string::npos);
    }
  }
}
