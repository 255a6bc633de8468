// The bot plays whole games of every shipped scenario in memory, with many
// seeds: every order file it writes passes the ruleset's check as written
// (it never needs to drop a refused order in rules it knows), every game
// reaches its end, and the same state and seed give the same orders.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "bot/bot.h"
#include "game/archive.h"
#include "ledger/digest.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/error.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;

namespace {

struct Played {
  int phases = 0;
  int refused = 0;
  int moves = 0;
  int attacks = 0;
  int combats = 0;
  int entered = 0;
  int exited = 0;
  bool ended = false;
  std::map<std::string, int> events;  // by type
  std::string result;                 // the game_end event's "result"
  std::string first_refusal;
  std::vector<std::string> bodies;  // the canonical order bodies, in play order
};

Json scenario_json(const std::string& file) {
  return Json::parse(adjutant::read_file(adjutant::testing::source_dir() / "scenarios" / file));
}

// Plays `file` from set-up to the end, the bot moving for both sides: in
// a simultaneous phase (a table game) every side due writes its file from
// the same state, and the phase is adjudicated from all of them.
Played play(const std::string& file, std::uint64_t seed, int version = 0) {
  Json raw = scenario_json(file);
  auto ruleset = adjutant::rules::make_ruleset(raw, file, version);
  adjutant::rules::hexmap::Scenario sc;
  if (adjutant::rules::ruleset_info(ruleset->id())->hex) {
    sc = adjutant::rules::hexmap::Scenario::from_json(raw, file);
    sc.rules_version = ruleset->version();
  }
  auto bot = adjutant::bot::make_generator(ruleset->id());
  Played out;
  adjutant::model::State state = ruleset->initial_state();
  while (!state.phase.empty() && out.phases < 200) {
    std::vector<adjutant::rules::SideOrders> phase_orders;
    for (const auto& side : ruleset->current_phase(state).waiting_on()) {
      auto orders = bot->orders({*ruleset, sc, state, side, seed});
      out.refused += int(orders.refused.size());
      if (std::getenv("BOT_TRACE"))
        for (const auto& r : orders.refused)
          std::fprintf(stderr, "%s seed %llu turn %d %s: %s\n", file.c_str(),
                       (unsigned long long)seed, state.turn, side.c_str(), r.text().c_str());
      if (!orders.refused.empty() && out.first_refusal.empty())
        out.first_refusal = "turn " + std::to_string(state.turn) + " " + side + ": " +
                            orders.refused.front().text();
      out.bodies.push_back(adjutant::ledger::canonical(orders.body));
      // (read without adding the fields: a set-up body has neither)
      out.moves += int(orders.body.value("moves", Json::array()).size());
      out.moves += int(orders.body.value("brigades", Json::object()).size());
      out.attacks += int(orders.body.value("attacks", Json::array()).size());
      Json body = orders.body;
      body["side"] = side;
      phase_orders.push_back({side, ruleset->check(state, body, "bot orders")});
    }
    adjutant::ledger::SeededDice dice(adjutant::ledger::sha256(file + "/" + std::to_string(seed) +
                                                               "/" + std::to_string(out.phases)));
    Json events = phase_orders.size() == 1
                      ? ruleset->adjudicate(state, phase_orders.front().checked, dice)
                      : ruleset->adjudicate_phase(state, phase_orders, dice);
    for (const auto& e : events) {
      std::string type = e.value("type", "");
      ++out.events[type];
      if (type == "exit" && e.contains("returns")) ++out.events["exit with a return"];
      if (type == "game_end") out.result = e.value("result", "");
      out.combats += type == "combat";
      out.entered += type == "enter";
      out.exited += type == "exit";
      out.ended = out.ended || type == "game_end";
    }
    state = adjutant::game::apply_adjudication(*ruleset, state, events);
    ++out.phases;
  }
  return out;
}

}  // namespace

// The rulesets the bot has not been taught yet (docs/bot.md); each must
// really lack a generator, so the list cannot outlive the teaching.
const std::set<std::string> kNotYetTaught = {};

TEST_CASE("every ruleset the rules registry knows has taught the bot", "[bot]") {
  for (const auto& r : adjutant::rules::registered_rulesets()) {
    INFO(r.id);
    if (kNotYetTaught.count(r.id)) {
      CHECK_THROWS_WITH(adjutant::bot::make_generator(r.id), Catch::Contains("bot.no_generator"));
      continue;
    }
    CHECK_NOTHROW(adjutant::bot::make_generator(r.id));
  }
  try {
    adjutant::bot::make_generator("no-such-rules");
    FAIL("a ruleset without a generator was accepted");
  } catch (const adjutant::Error& e) {
    CHECK(e.id() == "bot.no_generator");
  }
}

TEST_CASE("the bot plays the training scenario to its end, never refused", "[bot]") {
  for (std::uint64_t seed : {1, 2, 3, 4, 5, 6, 7, 8}) {
    Played p = play("bluegray-skirmish.json", seed);
    INFO("seed " << seed << ": " << p.first_refusal);
    CHECK(p.refused == 0);
    CHECK(p.ended);
    CHECK(p.phases == 16);
    CHECK(p.moves > 0);
    CHECK(p.combats > 0);
    CHECK(p.entered == 2);  // 1/XI on turn 2, 2/Pender on turn 3
  }
}

TEST_CASE("the bot plays the training scenario under ruleset version 1 too", "[bot]") {
  for (std::uint64_t seed : {1, 2, 3}) {
    Played p = play("bluegray-skirmish.json", seed, 1);
    INFO("seed " << seed << ": " << p.first_refusal);
    CHECK(p.refused == 0);
    CHECK(p.ended);
  }
}

TEST_CASE("the bot plays Cemetery Hill to its end, never refused", "[bot][cemetery-hill]") {
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    Played p = play("cemetery-hill.json", seed);
    INFO("seed " << seed << ": " << p.first_refusal);
    CHECK(p.refused == 0);
    CHECK(p.ended);
    CHECK(p.phases == 29);  // 15 turns less the Union's first player-turn (14.1)
    CHECK(p.combats > 0);
    CHECK(p.entered > 20);  // the reinforcements of 14.34 come on
  }
}

TEST_CASE("the same state and seed give the same orders, another seed may not", "[bot]") {
  Played a = play("bluegray-skirmish.json", 11);
  Played b = play("bluegray-skirmish.json", 11);
  CHECK(a.bodies == b.bodies);
  bool differ = false;
  for (std::uint64_t seed : {12, 13, 14, 15})
    differ = differ || play("bluegray-skirmish.json", seed).bodies != a.bodies;
  CHECK(differ);
}

TEST_CASE(
    "the bot plays every scenario under every version of its ruleset to the end, never refused",
    "[bot][scenarios][slow]") {
  int games = 0;
  std::vector<fs::path> files;
  // Every scenario, the table scenarios (scenarios/table) among them.
  for (const auto& e :
       fs::recursive_directory_iterator(adjutant::testing::source_dir() / "scenarios"))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 5);
  int tables = 0;
  for (const auto& path : files) {
    std::string file = fs::relative(path, adjutant::testing::source_dir() / "scenarios").string();
    Json raw = scenario_json(file);
    const auto* info = adjutant::rules::ruleset_info(raw.value("ruleset", ""));
    REQUIRE(info);
    if (kNotYetTaught.count(info->id)) continue;
    for (int version = 1; version <= info->latest; ++version) {
      std::unique_ptr<adjutant::rules::Ruleset> probe;
      try {
        probe = adjutant::rules::make_ruleset(raw, file, version);
      } catch (const adjutant::Error&) {
        continue;  // a scenario newer than this version of its ruleset
      }
      for (std::uint64_t seed : {21, 22}) {
        Played p = play(file, seed, version);
        INFO(file << " version " << version << " seed " << seed << ": " << p.first_refusal);
        CHECK(p.refused == 0);
        CHECK(p.ended);
        if (info->hex) {
          CHECK(p.combats > 0);
        } else {
          // A table game: the armies meet (a CHECK) and deploy.
          CHECK(p.events["check"] > 0);
          CHECK(p.events["deploy"] > 0);
          ++tables;
        }
        ++games;
      }
    }
  }
  CHECK(games >= 12);
  CHECK(tables >= 2);
}

TEST_CASE(
    "the bot plays Hooker and Lee's exclusive rules: the flank march, the crossing, "
    "exits, demoralization",
    "[bot][hooker-lee]") {
  for (const char* file : {"hooker-lee-1975.json", "hooker-lee-2006.json"}) {
    std::map<std::string, int> events;
    std::set<std::string> results;
    for (std::uint64_t seed : {1, 2, 3, 4}) {
      Played p = play(file, seed);
      INFO(file << " seed " << seed << ": " << p.first_refusal);
      CHECK(p.refused == 0);
      CHECK(p.ended);
      CHECK(p.phases == 18);  // 9 game-turns of two player-turns
      for (const auto& [type, n] : p.events) events[type] += n;
      results.insert(p.result);
    }
    INFO(file);
    CHECK(events["exit with a return"] > 0);               // Jackson's flank march (16.22, 18.22)
    CHECK(events["crossing_roll"] > 0);                    // Averill at Ely's Ford (17.2, 19.14)
    CHECK(events["crossed"] > 0);                          // I Corps over the river (18.13, 20.15)
    CHECK(events["demoralized"] > 0);                      // 18.1, 20.11
    CHECK(events["quota"] > 0);                            // the Union's six units (17.1, 19.11)
    CHECK(events["exit"] > events["exit with a return"]);  // exits that score (16.11, 18.11)
    CHECK(results.size() > 1);                             // the seeds give different games
  }
}

TEST_CASE(
    "the bot plays Chancellorsville (1961) from Prepare For Play to How To Win, never refused",
    "[bot][ah1961]") {
  std::map<std::string, int> events;
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    Played p = play("ah1961.json", seed);
    INFO("seed " << seed << ": " << p.first_refusal);
    CHECK(p.refused == 0);
    CHECK(p.ended);
    // Five set-up steps, then two player-turns a turn until the 25th or
    // until an army has no combat unit left.
    CHECK(p.phases > 5);
    CHECK(p.phases <= 55);
    CHECK(p.moves > 0);
    CHECK(p.attacks > 0);
    CHECK(p.combats > 0);
    for (const auto& [type, n] : p.events) events[type] += n;
  }
  CHECK(events["place"] > 0);
  CHECK(events["fortify"] == 8);  // each side's step 1, in four games
  CHECK(events["eliminate"] > 0);
}

TEST_CASE("the bot plays Chaos of Battle: both sides' files each turn, markers meet in CHECKs",
          "[bot][chaos]") {
  std::map<std::string, int> events;
  std::set<std::string> results;
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    Played p = play("table/chaos-meeting.json", seed);
    INFO("seed " << seed << ": " << p.first_refusal);
    CHECK(p.refused == 0);
    CHECK(p.ended);
    CHECK(p.phases == 7);          // one simultaneous phase a turn, seven turns
    CHECK(p.bodies.size() == 14);  // both sides' order files each turn
    CHECK(p.moves > 0);
    for (const auto& [type, n] : p.events) events[type] += n;
    results.insert(p.result);
  }
  // Each side's draw at the start in four games, and more: a won fight
  // draws, a REBEL YELL the Union draws is thrown back for two.
  CHECK(events["tokens_drawn"] >= 8);
  CHECK(events["fight_resolve"] > 0);  // version 2: the bots fight
  CHECK(events["check"] > 0);
  CHECK(events["deploy"] > 0);
  CHECK(events["chaos_roll"] > 0);
  CHECK(events["move"] > 0);
  CHECK(events["stress_test"] > 0);  // dawn and night turns
  CHECK(events["artillery_fire"] > 0);
  CHECK(events["withdraw"] > 0);
  CHECK(events["form_up"] > 0);
  // The same seed plays the same game.
  CHECK(play("table/chaos-meeting.json", 3).bodies == play("table/chaos-meeting.json", 3).bodies);
  CHECK(events["game_end"] == 4);
}
