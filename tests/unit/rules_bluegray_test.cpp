// Blue & Gray pieces clearer as tables: exchange losses (8.3), the turn
// sequence (4.0) and the victory levels (scenario data, 14.5 style).
#include <catch2/catch.hpp>

#include <string>

#include "rules/bluegray/explain.h"
#include "rules/bluegray/losses.h"
#include "rules/bluegray/phases.h"
#include "rules/bluegray/victory.h"
#include "util/files.h"

namespace {

using adjutant::rules::Json;
namespace bg = adjutant::rules::bluegray;
using Ids = std::vector<std::string>;

Json skirmish_json() {
  std::string file = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file);
}

Json unit(const std::string& id, int strength, const std::string& hex) {
  return {{"id", id},           {"side", "confederate"},
          {"type", "infantry"}, {"strength", strength},
          {"movement", 6},      {"hex", hex}};
}

}  // namespace

TEST_CASE("exchange losses: preference order, policies and the default", "[rules][losses]") {
  Json j = skirmish_json();
  j["units"] = Json::array({unit("A12", 12, "0101"), unit("B10", 10, "0102"), unit("C3", 3, "0104"),
                            unit("D4", 4, "0105")});
  auto sc = adjutant::rules::hexmap::Scenario::from_json(j, "losses");
  adjutant::model::State st;
  for (const char* id : {"A12", "B10", "C3", "D4"}) st.units[id].location = "0101";
  bg::Board board(sc, st);
  Ids all = {"A12", "B10", "C3", "D4"};
  // Fewest units, then least excess, then the smaller list of ids.
  CHECK(bg::choose_losses(board, all, 7, {}, "fewest_units") == Ids{"B10"});
  CHECK(bg::choose_losses(board, all, 11, {}, "fewest_units") == Ids{"A12"});
  CHECK(bg::choose_losses(board, all, 13, {}, "fewest_units") == Ids{"B10", "C3"});
  CHECK(bg::choose_losses(board, all, 7, {}, "weakest_first") == Ids{"C3", "D4"});
  CHECK(bg::choose_losses(board, all, 7, {}, "strongest_first") == Ids{"A12"});
  CHECK(bg::choose_losses(board, all, 7, {"C3", "D4", "A12"}, "fewest_units") == Ids{"C3", "D4"});
  // A preference list that falls short is completed by the policy.
  CHECK(bg::choose_losses(board, all, 14, {"C3"}, "fewest_units") == Ids{"C3", "A12"});
  // Not enough strength: every exposed attacker is lost.
  CHECK(bg::choose_losses(board, {"C3", "D4"}, 9, {}, "fewest_units") == Ids{"C3", "D4"});
  CHECK(bg::choose_losses(board, all, 0, {}, "fewest_units").empty());
}

TEST_CASE("the turn sequence follows the track, skips and ends", "[rules][phases]") {
  Json j = skirmish_json();
  j["turns"]["skip"] = Json::array({{{"turn", 1}, {"side", "union"}}});
  auto sc = adjutant::rules::hexmap::Scenario::from_json(j, "phases");
  auto turns = bg::player_turns(sc.turns);
  REQUIRE(turns.size() == 15);
  CHECK(turns[0].side == "confederate");
  CHECK(turns[1].turn == 2);
  auto next = bg::next_player_turn(sc.turns, 1, "confederate");
  REQUIRE(next);
  CHECK((next->turn == 2 && next->side == "confederate"));
  CHECK_FALSE(bg::next_player_turn(sc.turns, 8, "union"));
  CHECK(bg::is_night(sc, 5));
  CHECK_FALSE(bg::is_night(sc, 4));
  CHECK(bg::player_turn_steps().size() == 7);
  CHECK(std::string(bg::player_turn_steps()[2].name) == "movement quota tallied");
}

TEST_CASE("victory levels by integer ratio (14.5 table as scenario data)", "[rules][victory]") {
  auto sc = adjutant::rules::hexmap::Scenario::from_json(skirmish_json(), "victory");
  struct Row {
    int union_vp, confederate_vp;
    const char* result;
  };
  const Row rows[] = {
      {20, 10, "Union Decisive"},         {30, 0, "Union Decisive"},
      {19, 10, "Union Substantive"},      {15, 10, "Union Substantive"},
      {14, 10, "Union Marginal"},         {11, 10, "Union Marginal"},
      {10, 10, "Confederate Marginal"},   {0, 0, "Confederate Marginal"},
      {7, 10, "Confederate Marginal"},    {20, 30, "Confederate Substantive"},
      {6, 10, "Confederate Substantive"}, {5, 10, "Confederate Decisive"},
      {0, 10, "Confederate Decisive"},
  };
  for (const auto& r : rows) {
    CAPTURE(r.union_vp, r.confederate_vp);
    CHECK(
        bg::victory_level(sc.victory, {{"union", r.union_vp}, {"confederate", r.confederate_vp}}) ==
        std::string(r.result));
  }
}

TEST_CASE("explain_text tells a combat's whole chain", "[rules][explain]") {
  Json combat = {
      {"type", "combat"},
      {"n", 1},
      {"attackers",
       {{{"unit", "C12"},
         {"hex", "0803"},
         {"type", "infantry"},
         {"strength", 12},
         {"ranged", false}}}},
      {"defenders", {{{"unit", "U6"}, {"hex", "0804"}, {"type", "infantry"}, {"strength", 6}}}},
      {"hexes",
       {{{"hex", "0804"},
         {"strength", 6},
         {"multiplier", 2},
         {"defence", 12},
         {"modifier", "0804: defender doubled: Rough (TEC)"}}}},
      {"attack", 12},
      {"defence", 12},
      {"computed", "1-1"},
      {"odds", "1-1"},
      {"die", {{"k", 0}, {"value", 4}}},
      {"result", "Ar"},
      {"rule", "8.1"}};
  Json after = Json::array({{{"type", "retreat"},
                             {"unit", "C12"},
                             {"from", "0803"},
                             {"to", "0703"},
                             {"cause", "Ar"},
                             {"rule", "8.5"}}});
  std::string text = bg::explain_text(combat, after);
  CHECK(text.find("Hex 0804: 6 SP x 2 = 12 (0804: defender doubled: Rough (TEC))") !=
        std::string::npos);
  CHECK(text.find("ratio 12:12, rounded for the defender to 1-1") != std::string::npos);
  CHECK(text.find("Die 1 of the adjudication rolled 4; CRT 1-1 column, row 4: Ar: all attacking "
                  "units retreat one hex") != std::string::npos);
  CHECK(text.find("C12 retreats 0803 -> 0703 (Ar) (rule 8.5)") != std::string::npos);
}
