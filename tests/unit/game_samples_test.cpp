// The committed sample archives verify, and `adjutant bench` over them gives
// the signature in tests/bench.sig (a change of outcome changes both).
#include <catch2/catch.hpp>

#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "game/log.h"
#include "ledger/keys.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;

TEST_CASE("every committed sample archive verifies", "[game][samples]") {
  int seen = 0;
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "games")) {
    auto r = run_adjutant("verify '" + e.path().string() + "'");
    INFO(e.path().string() << "\n" << r.out << r.err);
    CHECK(r.exit == 0);
    ++seen;
  }
  CHECK(seen >= 2);
}

TEST_CASE("bench prints the signature recorded in tests/bench.sig", "[game][bench]") {
  auto r = run_adjutant("bench", source_dir());
  REQUIRE(r.exit == 0);
  CHECK(r.out == adjutant::read_file(source_dir() / "tests" / "bench.sig"));
}

TEST_CASE("bench --time times the player-turns of the largest scenario and of the longest game",
          "[game][bench]") {
  // Cemetery Hill's sample is the longer game (59 lines against 37), Hooker
  // and Lee's map the larger (25x28 against 21x27 hexes).
  adjutant::testing::TempDir tmp("bench-time");
  for (const char* g : {"cemetery-hill-bot", "hooker-lee-2006-bot"})
    fs::copy(source_dir() / "samples" / "games" / g, tmp.path() / g, fs::copy_options::recursive);
  auto r = run_adjutant("bench --time '" + tmp.path().string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  CHECK(r.out.find("verify  cemetery-hill-bot ") != std::string::npos);
  CHECK(r.out.find("verify  hooker-lee-2006-bot ") != std::string::npos);
  CHECK(r.out.find("turn    hooker-lee-2006-bot (the largest scenario): one player-turn "
                   "adjudicated (replayed): median ") != std::string::npos);
  CHECK(r.out.find("turn    cemetery-hill-bot (the longest game): ") != std::string::npos);
  CHECK(r.out.find("lines   cemetery-hill-bot: per line ") != std::string::npos);
  CHECK(r.out.find("batch   ") != std::string::npos);
  CHECK(r.out.find("memory  peak resident ") != std::string::npos);
}

TEST_CASE("a ruleset version newer than this build's is reported as such, not as tampering",
          "[game][version]") {
  adjutant::testing::TempDir tmp("version");
  fs::path game = tmp.path() / "game";
  fs::copy(source_dir() / "samples" / "games" / "skirmish-noumpire", game,
           fs::copy_options::recursive);
  // Re-sign genesis claiming ruleset version 999, as a future adjutant would write it.
  std::string log = adjutant::read_file(game / "log.jsonl");
  auto first_end = log.find('\n');
  auto genesis = adjutant::ledger::Json::parse(log.substr(0, first_end));
  genesis["body"]["ruleset"]["version"] = 999;
  auto key =
      adjutant::ledger::SigningKey::load_pem(source_dir() / "samples" / "keys" / "union.key");
  std::string line = adjutant::game::make_entry_line(0, adjutant::game::kZeroHash, "genesis",
                                                     genesis["body"], key);
  adjutant::write_file_atomic(game / "log.jsonl", line + "\n");
  adjutant::write_file_atomic(game / "game.json", genesis["body"].dump(2));
  auto r = run_adjutant("verify '" + game.string() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit == 5);
  CHECK(r.err.find("version 999") != std::string::npos);
  CHECK(r.err.find("not evidence of tampering") != std::string::npos);
  auto status = run_adjutant("status '" + game.string() + "'");
  CHECK(status.exit == 5);
  CHECK(status.err.find("[archive.ruleset_version]") != std::string::npos);
}

// The whole games of tools/make-samples.sh: one per scenario, played by the
// bot from genesis to the scenario's final victory level, with and without an
// umpire; `adjutant verify` and the independent verifier (tests/tools) count
// the very same lines, adjudications and dice in each.
TEST_CASE("every scenario has a whole sample game, verified alike by both verifiers",
          "[game][samples]") {
  std::set<std::string> scenarios, played;
  // Hex scenarios and Chaos of Battle tables (scenarios/table/) alike; a
  // table game lasts as many turns as its scenario lists.
  std::map<std::string, int> table_turns;
  for (const auto& folder : {fs::path("scenarios"), fs::path("scenarios") / "table"})
    for (const auto& e : fs::directory_iterator(source_dir() / folder))
      if (e.path().extension() == ".json") {
        auto sc = adjutant::ledger::Json::parse(adjutant::read_file(e.path()));
        scenarios.insert(sc["id"].get<std::string>());
        if (sc.value("format", "") == "adjutant-chaos/1")
          table_turns[sc["id"].get<std::string>()] = int(sc["turns"].size());
      }
  REQUIRE(!table_turns.empty());
  std::set<bool> umpires;
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "games")) {
    auto genesis = adjutant::ledger::Json::parse(adjutant::read_file(e.path() / "game.json"));
    auto state = adjutant::ledger::Json::parse(adjutant::read_file(e.path() / "state.json"));
    auto v = run_adjutant("verify --json '" + e.path().string() + "'");
    INFO(e.path().string() << "\n" << v.out << v.err);
    REQUIRE(v.exit == 0);
    auto report = adjutant::ledger::Json::parse(v.out);
    auto iv = adjutant::testing::run_command(
        "/usr/bin/python3 '" +
        (source_dir() / "tests" / "tools" / "independent_verify.py").string() + "' --no-vectors '" +
        e.path().string() + "'");
    const std::string& text = iv.out;
    INFO(text);
    CHECK(iv.exit == 0);
    CHECK(text.find(": " + std::to_string(report["lines"].get<int>()) + " lines, " +
                    std::to_string(report["adjudications"].get<int>()) + " adjudications, " +
                    std::to_string(report["dice"].get<int>()) + " dice agree") !=
          std::string::npos);
    // A whole game: from genesis to the final victory level of its scenario.
    // The bot plays them (ah1961-sample, the scripted 1961 game, is played
    // by tools/make-ah1961-sample.sh).
    bool by_bot = e.path().filename().string().find("-bot") != std::string::npos;
    // The pinned scenario.json names it: a fog-of-war genesis of protocol 2
    // names none (docs/protocol.md 10a).
    std::string scenario_id =
        adjutant::ledger::Json::parse(adjutant::read_file(e.path() / "scenario.json"))["id"]
            .get<std::string>();
    auto table = table_turns.find(scenario_id);
    int least = table == table_turns.end() ? 11 : table->second;
    bool whole = state["phase"] == "" && !state["result"].get<std::string>().empty() &&
                 report["adjudications"].get<int>() >= least;
    if (by_bot) CHECK(whole);
    if (!whole) continue;
    played.insert(scenario_id);
    if (by_bot) umpires.insert(genesis["host"] == "umpire");
  }
  CHECK(played == scenarios);
  CHECK(umpires == std::set<bool>{false, true});
}
