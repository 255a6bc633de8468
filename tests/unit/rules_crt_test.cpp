// The Blue & Gray odds rounding (8.1) and every cell of the Combat Results
// Table (GAPS.md), checked through the whole engine: check, dice, events.
#include <catch2/catch.hpp>

#include <string>

#include "ledger/dice.h"
#include "rules/bluegray/odds.h"
#include "rules/ruleset.h"
#include "util/files.h"

namespace {

using adjutant::rules::Json;

Json skirmish() {
  std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file);
}

// GAPS.md "Blue & Gray Combat Results Table (complete)", die 1..6 by column.
const char* const kColumns[10] = {"1-5", "1-4", "1-3", "1-2", "1-1",
                                  "2-1", "3-1", "4-1", "5-1", "6-1"};
const char* const kTable[6][10] = {
    {"Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "De", "De", "De", "De"},
    {"Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De", "De"},
    {"Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De"},
    {"Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr"},
    {"Ae", "Ae", "Ar", "Ar", "Ar", "Ar", "Dr", "Ex", "Ex", "Dr"},
    {"Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Ex"},
};

Json unit(const std::string& id, const std::string& side, int strength, const std::string& hex) {
  return {{"id", id},      {"side", side}, {"type", "infantry"}, {"strength", strength},
          {"movement", 6}, {"hex", hex}};
}

}  // namespace

TEST_CASE("odds round in the defender's favour and clamp at both ends", "[rules][odds]") {
  auto sc = adjutant::rules::hexmap::Scenario::from_json(skirmish(), "skirmish");
  struct Row {
    int attack, defence;
    const char* odds;
  };
  const Row rows[] = {
      {19, 7, "2-1"}, {21, 7, "3-1"}, {20, 7, "2-1"},  {14, 7, "2-1"}, {13, 7, "1-1"},
      {7, 7, "1-1"},  {6, 7, "1-2"},  {3, 7, "1-3"},   {7, 25, "1-4"}, {6, 25, "1-5"},
      {2, 11, "1-5"}, {1, 99, "1-5"}, {0, 5, "1-5"},   {40, 5, "6-1"}, {36, 6, "6-1"},
      {35, 6, "5-1"}, {5, 0, "6-1"},  {12, 12, "1-1"}, {4, 12, "1-3"}, {4, 13, "1-4"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.attack, r.defence);
    CHECK(sc.crt.columns[adjutant::rules::bluegray::odds_column(sc.crt, r.attack, r.defence)] ==
          std::string(r.odds));
  }
}

TEST_CASE("declared odds parse only as CRT columns", "[rules][odds]") {
  auto sc = adjutant::rules::hexmap::Scenario::from_json(skirmish(), "skirmish");
  using adjutant::rules::bluegray::column_of;
  using adjutant::rules::bluegray::parse_odds;
  CHECK(column_of(sc.crt, "1-5") == 0);
  CHECK(column_of(sc.crt, "6-1") == 9);
  CHECK_FALSE(column_of(sc.crt, "7-1"));
  CHECK(parse_odds("3-2") == std::pair{3, 2});
  CHECK_FALSE(parse_odds("3:2"));
  CHECK_FALSE(parse_odds("0-1"));
  CHECK_FALSE(parse_odds("2-"));
}

TEST_CASE("every CRT cell, through check and adjudicate", "[rules][crt]") {
  for (int column = 0; column < 10; ++column) {
    // 1-5 .. 1-1 as 1 against 5 .. 1; 2-1 .. 6-1 as 2 .. 6 against 1.
    int attack = column < 5 ? 1 : column - 3;
    int defence = column < 5 ? 5 - column : 1;
    Json scenario = skirmish();
    scenario["units"] = Json::array(
        {unit("C", "confederate", attack, "0104"), unit("U", "union", defence, "0105")});
    auto rs = adjutant::rules::make_ruleset(scenario, "crt");
    auto state = rs->initial_state();
    Json orders = {{"attacks", {{{"attackers", {"C"}}, {"defenders", {"0105"}}}}}};
    auto checked = rs->check(state, orders, "crt");
    for (int die = 1; die <= 6; ++die) {
      CAPTURE(kColumns[column], die);
      adjutant::ledger::FixedDice dice({die});
      Json events = rs->adjudicate(state, checked, dice);
      REQUIRE(dice.rolls().size() == 1);
      CHECK(dice.rolls()[0].purpose == "combat 1.1 (rule 8.1)");
      const Json* combat = nullptr;
      for (const auto& e : events)
        if (e["type"] == "combat") combat = &e;
      REQUIRE(combat != nullptr);
      CHECK((*combat)["odds"] == kColumns[column]);
      CHECK((*combat)["die"]["value"] == die);
      CHECK((*combat)["result"] == kTable[die - 1][column]);
    }
  }
}

// Odds previews and order checks never touch the dice stream (STYLE.md,
// after Wesnoth): the adjudication asks for exactly one die per combat
// resolved, in the order of the attacks, and for nothing else. A preview
// that rolled, or a check whose plan made the engine roll twice, would take
// the second combat's die for the first, or ask for a die too many.
TEST_CASE("the dice go to the combats alone, one each, in attack order", "[rules][crt]") {
  Json scenario = skirmish();
  scenario["units"] =
      Json::array({unit("C1", "confederate", 6, "0104"), unit("U1", "union", 6, "0105"),
                   unit("C2", "confederate", 12, "0304"), unit("U2", "union", 6, "0305")});
  auto rs = adjutant::rules::make_ruleset(scenario, "crt");
  auto state = rs->initial_state();
  Json orders = {{"attacks",
                  {{{"attackers", {"C1"}}, {"defenders", {"0105"}}},
                   {{"attackers", {"C2"}}, {"defenders", {"0305"}}}}}};
  auto checked = rs->check(state, orders, "crt");
  CHECK(checked.echo.size() == 2);
  for (auto dice : {std::vector<int>{6, 1}, std::vector<int>{1, 6}}) {
    adjutant::ledger::FixedDice fixed(dice);
    Json events = rs->adjudicate(state, checked, fixed);
    REQUIRE(fixed.rolls().size() == 2);
    std::vector<Json> combats;
    for (const auto& e : events)
      if (e["type"] == "combat") combats.push_back(e);
    REQUIRE(combats.size() == 2);
    CHECK(combats[0]["die"]["value"] == dice[0]);
    CHECK(combats[0]["odds"] == "1-1");
    CHECK(combats[1]["die"]["value"] == dice[1]);
    CHECK(combats[1]["odds"] == "2-1");
    CHECK(fixed.rolls()[0].purpose.find("rule 8.1") != std::string::npos);
  }
  // One die fewer than the combats is an error, not a silent reuse.
  adjutant::ledger::FixedDice short_dice({3});
  CHECK_THROWS(rs->adjudicate(state, checked, short_dice));
}
