// Chaos of Battle events in words: every event of the sample games, as the
// umpire and each side read them, is a sentence naming pieces and tokens as
// the scenario and the text name them, never a dump of its fields; and the
// reports of the samples say "turn 3", never "turn 3, turn player-turn".
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>

#include "support/chaos_fixture.h"
#include "support/cli_harness.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

TEST_CASE("every Chaos of Battle event of the samples is a sentence, for every reader",
          "[report][chaos]") {
  auto ruleset = adjutant::testing::chaos_meeting(0);
  std::set<std::string> types;
  for (const char* game : {"chaos-meeting-bot", "chaos-meeting-v3-bot"})
    for (const auto& turn :
         fs::directory_iterator(source_dir() / "samples" / "games" / game / "turns")) {
      if (!fs::exists(turn.path() / "events.json")) continue;
      Json events = Json::parse(adjutant::read_file(turn.path() / "events.json"));
      for (const std::string reader : {"", "union", "confederate"}) {
        Json seen = reader.empty() ? events : ruleset->visible_events(events, reader);
        for (const auto& e : seen) {
          std::string words = ruleset->describe_event(e);
          INFO(e.dump() << "\n" << words);
          types.insert(e.value("type", ""));
          CHECK_FALSE(words.empty());
          CHECK(words.back() == '.');
          // No field dumps: no key=value, no JSON, no ids with underscores.
          CHECK(words.find('=') == std::string::npos);
          CHECK(words.find('{') == std::string::npos);
          CHECK(words.find("[") == std::string::npos);
          CHECK(words.find('_') == std::string::npos);
        }
      }
    }
  CHECK(types.size() >= 20);
}

TEST_CASE("Chaos of Battle sentences: names, inches and the compass", "[report][chaos]") {
  auto ruleset = adjutant::testing::chaos_meeting(0);
  auto said = [&](const char* event) { return ruleset->describe_event(Json::parse(event)); };
  CHECK(
      said(
          R"({"type":"move","brigade":"gamble","side":"union","from":[3000,4000],"to":[3300,4300],"marker":false,"rule":"move.deployed"})") ==
      "Gamble's cavalry brigade marches 4.2\" north-east to (33.00, 43.00).");
  CHECK(
      said(
          R"({"type":"move","brigade":"cutler","side":"union","from":[2330,1669],"to":[2330,2869],"marker":true,"rule":"move.marker"})") ==
      "Cutler's brigade's marker moves 12\" north to (23.30, 28.69).");
  // An enemy's marker, named only by its side and where it goes.
  CHECK(said(R"({"type":"move","side":"confederate","from":[4493,9112],"to":[4267,8450]})") ==
        "A Confederate marker moves 7\" south to (42.67, 84.50).");
  CHECK(
      said(
          R"({"type":"tokens_drawn","side":"union","tokens":["rebel_yell","like_a_stone_wall"],"rule":"forces.2"})") ==
      "Union draws 2 combat tokens: Rebel Yell and Like a Stone Wall.");
  CHECK(said(R"({"type":"turn","turn":3,"turn_type":"early_night"})") ==
        "Turn 3 begins: early night.");
  CHECK(
      said(R"({"type":"initiative","winner":"confederate","rolls":[[2,6]],"rule":"engagement"})") ==
      "Confederate wins the initiative (rolls: Union 2, Confederate 6).");
  CHECK(
      said(
          R"({"type":"commander_move","commander":"union-hq","side":"union","from":[2863,1557],"to":[2800,2098],"rule":"move.commanders"})") ==
      "Maj. Gen. J. Reynolds rides 5.4\" north to (28.00, 20.98).");
  // A type it does not know is left to the report's own words.
  CHECK(said(R"({"type":"something_new"})").empty());
}

TEST_CASE("a Chaos of Battle report reads in sentences and says \"turn N\"", "[report][chaos]") {
  TempDir tmp("chaos-report");
  fs::path game = tmp.path() / "game";
  fs::copy(source_dir() / "samples" / "games" / "chaos-meeting-v3-bot", game,
           fs::copy_options::recursive);
  for (int t = 1; t <= 3; ++t)
    for (const char* side : {"union", "confederate", "umpire"}) {
      auto r = run_adjutant("report '" + game.string() + "' -t " + std::to_string(t) + " --side " +
                            side + " --format text");
      INFO(t << " " << side << "\n" << r.out << r.err);
      REQUIRE(r.exit == 0);
      CHECK(r.out.find(": turn " + std::to_string(t) + "\n") != std::string::npos);
      CHECK(r.out.find("player-turn") == std::string::npos);
      CHECK_FALSE(std::regex_search(r.out, std::regex(R"(\w=)")));
      CHECK(r.out.find("Movement\n--------") != std::string::npos);
    }
}
