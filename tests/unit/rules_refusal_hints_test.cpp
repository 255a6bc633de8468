// Refusals that say how to fix: each order problem of docs/errors.md ends
// with one way forward, and the checks that know a better one for the case
// at hand give it (the hexes a unit can reach, the hexes beside a defender,
// the nearest unit names).
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "rules/name_hints.h"
#include "rules/ruleset.h"
#include "util/files.h"

namespace {

using adjutant::rules::Json;
using adjutant::rules::OrderProblem;

std::string repo_file(const std::string& name) {
  return std::string(ADJUTANT_SOURCE_DIR) + "/" + name;
}

Json scenario_named(const std::string& name) {
  std::string file = repo_file("scenarios/" + name + ".json");
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file);
}

// The ids of the table rows of a section of docs/errors.md.
std::vector<std::string> documented_ids(const std::string& heading) {
  std::string doc = adjutant::read_file(repo_file("docs/errors.md"));
  std::size_t from = doc.find(heading);
  REQUIRE(from != std::string::npos);
  std::size_t to = doc.find("\n## ", from + heading.size());
  std::string section = doc.substr(from, to - from);
  std::vector<std::string> ids;
  std::regex row(R"(^\| ([^|]+) \|)", std::regex::multiline);
  std::regex id(R"(^[a-z_]+\.[a-z_.]+$)");
  for (auto it = std::sregex_iterator(section.begin(), section.end(), row);
       it != std::sregex_iterator(); ++it) {
    std::string cell = (*it)[1];
    std::size_t start = 0;
    while (start <= cell.size()) {
      std::size_t comma = cell.find(',', start);
      std::string one =
          cell.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      one.erase(0, one.find_first_not_of(' '));
      one.erase(one.find_last_not_of(' ') + 1);
      if (std::regex_match(one, id)) ids.push_back(one);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return ids;
}

}  // namespace

TEST_CASE("every order problem of docs/errors.md has a way forward", "[rules][hints]") {
  std::vector<std::string> ids = documented_ids("## Blue & Gray orders");
  for (const auto& id : documented_ids("## Chaos of Battle orders")) ids.push_back(id);
  REQUIRE(ids.size() > 100);
  for (const auto& id : ids) {
    // Bugs if ever seen: no player can act on them.
    if (id == "chaos.not_chaos" || id == "chaos.side_part" || id == "scenario.ah1961") continue;
    INFO(id);
    OrderProblem p{id, 1, "1/Heth", "0402", "7.0", "a message"};
    std::string next = p.way_forward();
    CHECK_FALSE(next.empty());
    // The placeholders are filled in.
    CHECK(next.find('{') == std::string::npos);
    // The problem's line ends with it, after the rule; JSON gives it as "hint".
    CHECK_THAT(p.text(), Catch::EndsWith("(rule 7.0). " + next));
  }
  // A check's own hint wins over the id's.
  OrderProblem own{"move.off_map", 1, "1/Heth", "0499", "7.0", "0499 is off the map"};
  own.hint = "Try 0409";
  CHECK(own.way_forward() == "Try 0409");
  adjutant::rules::OrdersRefused refused("o.json", {own});
  CHECK(refused.to_json()[0]["hint"] == "Try 0409");
}

TEST_CASE("an attack from a hex not beside the defender lists the hexes an attacker could use",
          "[rules][hints]") {
  auto ruleset = adjutant::rules::make_ruleset(scenario_named("cemetery-hill"), "cemetery-hill");
  auto state = ruleset->initial_state();
  // 1 Rodes stands at 0704; 3/XI holds 1105.
  auto problems = ruleset->problems(
      state, {{"attacks", {{{"attackers", {"1 Rodes"}}, {"defenders", {"1105"}}}}}});
  REQUIRE_FALSE(problems.empty());
  const auto& p = problems.front();
  CHECK(p.id == "attack.not_adjacent");
  CHECK(p.unit == "1 Rodes");
  // The six hexes around 1105, less any the enemy holds or the map bars.
  CHECK_THAT(p.hint, Catch::StartsWith("Attack from a hex beside 1105 (") &&
                         Catch::Contains("1104") && Catch::Contains("1005") &&
                         Catch::EndsWith("move 1 Rodes there first, or leave it out"));
}

TEST_CASE("a move with no legal path says how near the unit can come", "[rules][hints]") {
  auto ruleset = adjutant::rules::make_ruleset(scenario_named("cemetery-hill"), "cemetery-hill");
  auto state = ruleset->initial_state();
  auto problems = ruleset->problems(state, {{"moves", {{{"unit", "2 Pender"}, {"to", "1509"}}}}});
  REQUIRE(problems.size() == 1);
  const auto& p = problems.front();
  CHECK(p.id == "move.no_path");
  // The cheapest legal path's cost, and the steps that make it dear.
  CHECK_THAT(p.message, Catch::StartsWith("no legal path from 0309 to 1509 within 6 MP: the "
                                          "cheapest legal path costs ") &&
                            Catch::Contains(" MP; entering ") && Catch::Contains(" costs "));
  // The hexes it can reach nearest the goal, as the way forward.
  CHECK_THAT(p.hint, Catch::StartsWith("Within 6 MP it can reach ") &&
                         Catch::Contains("hexes from 1509): move there this turn"));
  // Those hexes are reachable: a move to each is taken (what it then
  // must attack is another matter).
  std::string hint = p.hint;
  std::regex hex_number(R"(\b\d{4}\b)");
  int reachable = 0;
  for (auto it = std::sregex_iterator(hint.begin(), hint.end(), hex_number);
       it != std::sregex_iterator(); ++it) {
    if (it->str() == "1509") continue;
    ++reachable;
    for (const auto& q :
         ruleset->problems(state, {{"moves", {{{"unit", "2 Pender"}, {"to", it->str()}}}}})) {
      INFO(it->str() << ": " << q.text());
      CHECK(q.id.rfind("move.", 0) != 0);
    }
  }
  CHECK(reachable >= 1);
}

TEST_CASE("a typo's nearest names, look-alike ids and words meant as hex numbers",
          "[rules][hints]") {
  using namespace adjutant::rules::text;
  CHECK(edit_distance("Pegrm", "Pegram", 3) == 1);
  CHECK(edit_distance("Jinkins", "jenkins", 3) == 1);
  CHECK(edit_distance("Hteh", "Heth", 3) == 1);   // two letters swapped
  CHECK(edit_distance("abc", "xyzabc", 2) == 3);  // past the limit
  std::vector<std::string> names = {"1 Heth", "2 Heth", "Pegram", "Jenkins", "1 Pender"};
  CHECK(nearest_names("Pegrm", names) == std::vector<std::string>{"Pegram"});
  CHECK(nearest_names("3 Heth", names) == std::vector<std::string>{"1 Heth", "2 Heth"});
  CHECK(nearest_names("Longstreet", names).empty());
  CHECK(did_you_mean({"1 Heth", "2 Heth"}) == "did you mean 1 Heth or 2 Heth?");
  CHECK(lookalike_key("2/Ill") == lookalike_key("2/III"));
  CHECK(lookalike_key("1/III") != lookalike_key("2/III"));
  for (const char* near : {"05O6", "506", "05066", "l234", "H05O6"}) CHECK(near_hex(near));
  for (const char* not_near : {"0506", "H0506", "Heth", "1/I", "III", "12", "2/Ill"})
    CHECK_FALSE(near_hex(not_near));
  auto sc =
      adjutant::rules::hexmap::Scenario::from_json(scenario_named("bluegray-skirmish"), "skirmish");
  CHECK(unknown_unit_hint(sc, "Jinkins", "confederate") ==
        "Did you mean Jenkins? A unit is named by its id, exactly as the scenario writes it");
}
