// The Chaos of Battle table kept typed beside the game state's JSON
// (model::ExtraMemo, set by set_chaos and read by chaos_of): it must always
// equal reading state.extra.chaos afresh, through whole games, and never
// answer for a member it was not made from.
#include <filesystem>
#include <map>
#include <string>

#include <catch2/catch.hpp>

#include "support/chaos_fixture.h"

#include "game/archive.h"
#include "game/replay.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/table_play.h"
#include "support/error_id.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;
namespace fs = std::filesystem;
using adjutant::model::State;
using Json = nlohmann::json;

namespace {

// Field by field, every part of the table.
void require_same(const chaos::ChaosState& a, const chaos::ChaosState& b) {
  REQUIRE(a.turn == b.turn);
  REQUIRE(a.brigades.size() == b.brigades.size());
  for (const auto& [id, x] : a.brigades) {
    const auto& y = b.brigades.at(id);
    REQUIRE(x.side == y.side);
    REQUIRE(x.stress == y.stress);
    REQUIRE(x.markers == y.markers);
    REQUIRE(x.commander == y.commander);
  }
  REQUIRE(a.regiments.size() == b.regiments.size());
  for (const auto& [id, x] : a.regiments) {
    const auto& y = b.regiments.at(id);
    REQUIRE(x.brigade == y.brigade);
    REQUIRE(x.stands == y.stands);
    REQUIRE(x.stress == y.stress);
    REQUIRE(x.removed == y.removed);
    REQUIRE(x.at == y.at);
    REQUIRE(x.facing == y.facing);
    REQUIRE(x.limbered == y.limbered);
    REQUIRE(x.dismounted == y.dismounted);
  }
  auto same_figures = [](const std::map<std::string, chaos::FigureState>& x,
                         const std::map<std::string, chaos::FigureState>& y) {
    REQUIRE(x.size() == y.size());
    for (const auto& [id, f] : x) {
      const auto& g = y.at(id);
      REQUIRE(f.side == g.side);
      REQUIRE(f.at == g.at);
      REQUIRE(f.facing == g.facing);
      REQUIRE(f.destroyed == g.destroyed);
    }
  };
  same_figures(a.wagons, b.wagons);
  same_figures(a.commanders, b.commanders);
}

bool kept(const State& s) {
  return s.memo.find(s.extra.at("chaos")) != nullptr;
}

}  // namespace

TEST_CASE("the table kept beside the state equals the table read afresh through whole games",
          "[chaos][state][memo]") {
  for (const char* sample : {"chaos-meeting-bot", "chaos-meeting-v3-bot"}) {
    INFO(sample);
    const fs::path dir = fs::path(ADJUTANT_SOURCE_DIR) / "samples" / "games" / sample;
    auto a = adjutant::game::Archive::open(dir);
    adjutant::game::Replay replay(a);
    REQUIRE(kept(replay.state()));
    int adjudications = 0;
    for (std::size_t n = 1; n < a.log().size(); ++n) {
      replay.step(a.log()[n]);
      const State& s = replay.state();
      if (a.log()[n].kind == "adjudication") {
        ++adjudications;
        // Each adjudication's state is kept: the next order checks and
        // adjudication read no JSON.
        REQUIRE(kept(s));
      }
      require_same(chaos::chaos_of(s), chaos::state_from_json(s.extra.at("chaos")));
      // And the JSON is what the typed table writes.
      REQUIRE(chaos::to_json(chaos::chaos_of(s)) == s.extra.at("chaos"));
    }
    CHECK(adjudications >= 7);
  }
}

TEST_CASE(
    "a copy of the state reads its own JSON; a move keeps the table; a member replaced "
    "is read afresh",
    "[chaos][state][memo]") {
  auto sc = adjutant::testing::chaos_meeting_scenario();
  State s;
  chaos::ChaosState table = chaos::initial_state(sc);
  chaos::set_chaos(s, table);
  REQUIRE(kept(s));

  State copy = s;
  CHECK_FALSE(kept(copy));
  require_same(chaos::chaos_of(copy), table);
  State assigned;
  assigned = s;
  CHECK_FALSE(kept(assigned));

  State moved = std::move(s);
  CHECK(kept(moved));
  require_same(chaos::chaos_of(moved), table);

  // Another object put in the member's place: never answered from the memo.
  chaos::ChaosState other = table;
  other.brigades.begin()->second.stress = 7;
  moved.extra["chaos"] = chaos::to_json(other);
  CHECK_FALSE(kept(moved));
  CHECK(chaos::chaos_of(moved).brigades.begin()->second.stress == 7);
  moved.extra = Json::object();
  moved.extra["chaos"] = chaos::to_json(table);
  CHECK_FALSE(kept(moved));

  // The member edited in place, the very object the table was kept for:
  // read afresh, never the stale table.
  chaos::set_chaos(moved, table);
  REQUIRE(kept(moved));
  const std::string brigade = table.brigades.begin()->first;
  moved.extra["chaos"]["brigades"][brigade]["stress"] = 5;
  CHECK_FALSE(kept(moved));
  CHECK(chaos::chaos_of(moved).brigades.at(brigade).stress == 5);
}

TEST_CASE("a table that reading would refuse is not kept, and is refused as before",
          "[chaos][state][memo]") {
  auto sc = adjutant::testing::chaos_meeting_scenario();
  chaos::ChaosState table = chaos::initial_state(sc);
  CHECK(chaos::reads_back(table));
  SECTION("a brigade's stress beyond 999") {
    table.brigades.begin()->second.stress = 1000;
  }
  SECTION("a regiment's facing beyond 359") {
    table.regiments.begin()->second.facing = 360;
  }
  SECTION("a point beyond the table limits") {
    table.regiments.begin()->second.at = chaos::Point{1LL << 40, 0};
  }
  SECTION("a regiment of no brigade") {
    table.regiments.begin()->second.brigade = "nobody";
  }
  SECTION("three markers") {
    table.brigades.begin()->second.markers.assign(3, chaos::Point{100, 100});
  }
  CHECK_FALSE(chaos::reads_back(table));
  State s;
  chaos::set_chaos(s, table);
  CHECK_FALSE(kept(s));
  CHECK_THROWS(chaos::chaos_of(s));
}
