// Avalon Hill's Chancellorsville (1961): the odds formula and its examples,
// every cell of the Combat Results Table against the text (and GAPS.md for
// the cells the text lacks) as the engine applies it, and a game by mail
// through the command line: set-up by signed order files, a refused order
// that names the unit, the square and the rule before any die, and the
// committed sample game played to the end.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "ledger/dice.h"
#include "rules/ah1961/odds.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;

namespace {

Json ah1961_scenario() {
  return Json::parse(adjutant::read_file(source_dir() / "scenarios" / "ah1961.json"));
}

// RULE-D as the text prints it; "" where the text is cut (1-4 and 4-1 after
// die 2) or silent (1-6, 1-5, 5-1, 6-1): those come from GAPS.md below.
const std::map<std::string, std::vector<std::string>> kText = {
    {"1-1", {"DE", "EX", "DB2", "AB2", "AE", "AE"}},
    {"1-2", {"DB2", "EX", "AB2", "AB2", "AE", "AE"}},
    {"1-3", {"AB2", "AB2", "AB2", "AB2", "AE", "AE"}},
    {"1-4", {"AB2", "AE", "", "", "", ""}},
    {"2-1", {"DE", "EX", "DB2", "AB2", "EX", "AE"}},
    {"3-1", {"DE", "EX", "DB2", "DB2", "EX", "DE"}},
    {"4-1", {"DE", "EX", "", "", "", ""}},
};

// GAPS.md: the Afrika Korps table, used for every cell the text lacks.
const std::map<std::string, std::vector<std::string>> kGaps = {
    {"1-6", {"AE", "AE", "AB2", "AE", "AE", "AE"}},
    {"1-5", {"AE", "AE", "AB2", "AB2", "AE", "AE"}},
    {"1-4", {"AB2", "AE", "AB2", "AB2", "AE", "AE"}},
    {"1-3", {"AB2", "AB2", "AB2", "AB2", "AE", "AE"}},
    {"1-2", {"DB2", "EX", "AB2", "AB2", "AE", "AE"}},
    {"1-1", {"DE", "EX", "DB2", "AB2", "AE", "AE"}},
    {"2-1", {"DE", "EX", "DB2", "AB2", "EX", "AE"}},
    {"3-1", {"DE", "EX", "DB2", "DB2", "EX", "DE"}},
    {"4-1", {"DE", "EX", "DE", "DB2", "DB2", "DE"}},
    {"5-1", {"DE", "DB2", "DE", "DB2", "DE", "DE"}},
    {"6-1", {"DE", "DB2", "DE", "DE", "DE", "DE"}},
};

std::string expected_cell(const std::string& column, int die) {
  auto t = kText.find(column);
  if (t != kText.end() && !t->second[die - 1].empty()) return t->second[die - 1];
  return kGaps.at(column)[die - 1];
}

// Confederate attackers (at 2222) and Union defenders (at 2223) whose
// basic factors give each column.
struct Position {
  std::vector<std::string> attackers, defenders;
};
const std::map<std::string, Position> kPositions = {
    {"1-6", {{"Posey"}, {"2/I", "3/I"}}},
    {"1-5", {{"Posey"}, {"1/II"}}},
    {"1-4", {{"Posey"}, {"1/I"}}},
    {"1-3", {{"Posey"}, {"2/I"}}},
    {"1-2", {{"Posey"}, {"Pleasonton"}}},
    {"1-1", {{"Kershaw"}, {"Pleasonton"}}},
    {"2-1", {{"Kershaw", "Semmes"}, {"Pleasonton"}}},
    {"3-1", {{"Kershaw", "Semmes", "Wofford"}, {"Pleasonton"}}},
    {"4-1", {{"McLaws"}, {"Pleasonton"}}},
    {"5-1", {{"A.P.Hill"}, {"Pleasonton"}}},
    {"6-1", {{"A.P.Hill", "Kershaw"}, {"Pleasonton"}}},
};

}  // namespace

TEST_CASE("1961 odds: the text's formula and its examples", "[rules][ah1961]") {
  using adjutant::rules::ah1961::basic_odds;
  CHECK(basic_odds(24, 11).column == "2-1");
  CHECK(basic_odds(16, 9).column == "1-1");
  CHECK(basic_odds(38, 12).column == "3-1");
  CHECK(basic_odds(4, 15).column == "1-3");
  CHECK(basic_odds(2, 3).column == "1-1");
  CHECK(basic_odds(4, 2).column == "2-1");  // "4-2 battle odds would convert to 2-1"
  CHECK(basic_odds(9, 3).column == "3-1");  // "9-3 converts to 3-1"
  CHECK(basic_odds(13, 2).column == "6-1");
  CHECK(!basic_odds(13, 2).automatic);
  // Odds greater than 6 to 1 or 1 to 6 mean automatic elimination.
  CHECK(basic_odds(14, 2).automatic);
  CHECK(basic_odds(14, 2).automatic_result == "DE");
  CHECK(basic_odds(1, 7).automatic);
  CHECK(basic_odds(1, 7).automatic_result == "AE");
  CHECK(basic_odds(1, 6).column == "1-6");
}

TEST_CASE("1961 CRT: every cell as the engine applies it", "[rules][ah1961][crt]") {
  Json scenario = ah1961_scenario();
  auto rs = adjutant::rules::make_ruleset(scenario, "ah1961");
  int cells = 0;
  for (const auto& [column, pos] : kPositions) {
    for (int die = 1; die <= 6; ++die) {
      adjutant::model::State st = rs->initial_state();
      st.turn = 1;
      st.phase = "confederate";
      for (auto& [id, u] : st.units) u.status = adjutant::model::UnitStatus::kEliminated;
      auto put = [&](const std::string& id, const std::string& square) {
        st.units[id].status = adjutant::model::UnitStatus::kActive;
        st.units[id].location = square;
      };
      for (const auto& a : pos.attackers) put(a, "2222");
      for (const auto& d : pos.defenders) put(d, "2223");
      put("Lee", "0124");
      put("Hooker", "0101");
      Json orders = {{"attacks", {{{"attackers", pos.attackers}, {"defenders", pos.defenders}}}}};
      auto checked = rs->check(st, orders, "cell");
      adjutant::ledger::FixedDice dice({die});
      Json events = rs->adjudicate(st, checked, dice);
      auto after = rs->apply(st, events);
      std::string want = expected_cell(column, die);
      INFO(column << " die " << die << ": " << events.dump());
      REQUIRE(events[0]["type"] == "combat");
      CHECK(events[0]["odds"] == column);
      CHECK(events[0]["cell"]["result"] == want);
      auto status = [&](const std::string& id) { return after.units.at(id).status; };
      auto where = [&](const std::string& id) { return after.units.at(id).location; };
      const auto gone = adjutant::model::UnitStatus::kEliminated;
      if (want == "AE")
        for (const auto& a : pos.attackers) CHECK(status(a) == gone);
      if (want == "DE")
        for (const auto& d : pos.defenders) CHECK(status(d) == gone);
      if (want == "AB2")
        for (const auto& a : pos.attackers) CHECK((status(a) == gone || where(a) != "2222"));
      if (want == "DB2")
        for (const auto& d : pos.defenders) CHECK((status(d) == gone || where(d) != "2223"));
      if (want == "EX") {
        // The side with fewer factors (here always the one with fewer) loses all.
        int att = events[0]["attack"], def = events[0]["defence"];
        const auto& fewer = att <= def ? pos.attackers : pos.defenders;
        for (const auto& u : fewer) CHECK(status(u) == gone);
      }
      ++cells;
    }
  }
  CHECK(cells == 66);
}

TEST_CASE("1961 scenario: the CRT holds the text's cells and GAPS.md's", "[rules][ah1961][crt]") {
  Json crt = ah1961_scenario()["crt"];
  REQUIRE(crt["columns"].size() == 11);
  for (std::size_t c = 0; c < crt["columns"].size(); ++c)
    for (int die = 1; die <= 6; ++die)
      CHECK(crt["rows"][die - 1][c] == expected_cell(crt["columns"][c], die));
}

TEST_CASE("1961 by mail: set-up orders, a refused order names unit, square and rule",
          "[rules][ah1961][game]") {
  adjutant::testing::TempDir tmp("ah1961-game");
  const fs::path dir = tmp.path();
  adjutant::testing::ScopedSecrets secrets(dir / "secrets");
  std::string cards;
  for (std::string side : {"union", "confederate", "umpire"}) {
    fs::copy_file(source_dir() / "samples" / "keys" / (side + ".key"), dir / (side + ".key"));
    fs::permissions(dir / (side + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    auto r = run_adjutant("join --chain " + side + ".chain --game ah --side " + side +
                              " --name P --email p@example.org --key " + side + ".key --out " +
                              side + ".card.json",
                          dir);
    REQUIRE(r.exit == 0);
    cards += " --card " + side + ".card.json";
  }
  auto made = run_adjutant("new game --name ah --scenario '" +
                               (source_dir() / "scenarios" / "ah1961.json").string() + "'" + cards +
                               " --key umpire.key --created 2026-11-01T09:00:00Z",
                           dir);
  REQUIRE(made.exit == 0);
  // Refused orders are signed with --force (sign checks them first and
  // would refuse them), to show the adjudication refuses them too.
  auto play = [&](const std::string& file, const std::string& side, bool force = false) {
    auto s = run_adjutant("sign '" + file + "' --game game --key " + side + ".key --chain " + side +
                              ".chain --out o.json" + (force ? " --force" : ""),
                          dir);
    REQUIRE(s.exit == 0);
    return run_adjutant("adjudicate game o.json --key umpire.key --chain umpire.chain --no-outputs",
                        dir);
  };
  const fs::path orders = source_dir() / "samples" / "orders" / "ah1961";
  // A Union fortification in the north-west area is refused at step 1.
  adjutant::write_file_atomic(dir / "bad-forts.json",
                              R"({"fortifications": ["2309", "2409", "2208", "2310", "0410"]})");
  std::string before = adjutant::testing::folder_hash(dir / "game");
  auto refused = play((dir / "bad-forts.json").string(), "union", true);
  CHECK(refused.exit == 1);
  CHECK(refused.err.find("[setup.region]") != std::string::npos);
  CHECK(refused.err.find("0410") != std::string::npos);
  CHECK(adjutant::testing::folder_hash(dir / "game") == before);
  for (const char* f : {"00-setup1-union", "01-setup1-confederate", "02-setup2-union",
                        "03-setup3-confederate", "04-setup4-union"}) {
    std::string name = f;
    std::string side = name.find("union") != std::string::npos ? "union" : "confederate";
    auto r = play((orders / (name + ".json")).string(), side);
    INFO(name << "\n" << r.out << r.err);
    REQUIRE(r.exit == 0);
  }
  // Turn 1: infantry cannot swim; refused before any die, naming the unit,
  // the square and the rule.
  adjutant::write_file_atomic(dir / "swim.json",
                              R"({"moves": [{"unit": "3/V", "path": ["2310", "2311"]}]})");
  before = adjutant::testing::folder_hash(dir / "game");
  auto swim = play((dir / "swim.json").string(), "union", true);
  CHECK(swim.exit == 1);
  CHECK(swim.err.find("(unit 3/V) at 2311: [move.river]") != std::string::npos);
  CHECK(swim.err.find("(rule river.crossing)") != std::string::npos);
  CHECK(adjutant::testing::folder_hash(dir / "game") == before);
  auto ok = play((orders / "05-t1-union.json").string(), "union");
  INFO(ok.out << ok.err);
  CHECK(ok.exit == 0);
  auto v = run_adjutant("verify game", dir);
  INFO(v.out << v.err);
  CHECK(v.exit == 0);
  CHECK(v.out.find("6 adjudications") != std::string::npos);
}

TEST_CASE("1961 sample game: played to the end and verified", "[rules][ah1961][game]") {
  const fs::path game = source_dir() / "samples" / "games" / "ah1961-sample";
  auto v = run_adjutant("verify '" + game.string() + "'");
  INFO(v.out << v.err);
  REQUIRE(v.exit == 0);
  CHECK(v.out.find("55 adjudications") != std::string::npos);
  auto s = run_adjutant("status '" + game.string() + "' --json");
  REQUIRE(s.exit == 0);
  Json status = Json::parse(s.out);
  // All 62 Confederate factors (the cavalry driven back on turn 1) are on
  // the board after 25 turns: 16 or more.
  CHECK(status["result"] == "Confederate victory");
  CHECK(status["vp"]["confederate"] == 62);
  CHECK(status["turn"] == 25);
}

TEST_CASE("1961 explain: a battle's chain in words", "[rules][ah1961]") {
  const fs::path game = source_dir() / "samples" / "games" / "ah1961-sample";
  auto r = run_adjutant("explain '" + game.string() + "' --combat 1.1");
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  // Art/II on fortified shore square 2209, attacked from across the river: x3.
  CHECK(r.out.find("square 2209: 2 x 3 = 6 (fortification+shore)") != std::string::npos);
  CHECK(r.out.find("odds: 3 to 16: divide the smaller into the larger, fractions ignored: 1-5") !=
        std::string::npos);
  CHECK(r.out.find("result: A BACK 2") != std::string::npos);
}

TEST_CASE("1961 maps draw fortifications, bridges, railroads, HQs and detachments",
          "[rules][ah1961][render]") {
  adjutant::testing::TempDir tmp("ah1961-render");
  const fs::path game = source_dir() / "samples" / "games" / "ah1961-sample";
  // Line 28: the Union's turn 5, after the bridge at Banks' Ford was built.
  auto r = run_adjutant("render '" + game.string() + "' --at 28 --out '" +
                        (tmp.path() / "map.svg").string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  std::string svg = adjutant::read_file(tmp.path() / "map.svg");
  CHECK(svg.find("class=\"bridge\" data-unit=\"Bridge/3\"") != std::string::npos);
  CHECK(svg.find("class=\"fortification\" data-hex=\"2209\"") != std::string::npos);
  CHECK(svg.find("data-kind=\"railroad\"") != std::string::npos);
  CHECK(svg.find("data-kind=\"unfinished_railroad\"") != std::string::npos);
  // Before the set-up, nothing is fortified.
  auto before = run_adjutant("render '" + game.string() + "' --at 0 --out '" +
                             (tmp.path() / "map0.svg").string() + "'");
  REQUIRE(before.exit == 0);
  CHECK(adjutant::read_file(tmp.path() / "map0.svg").find("class=\"fortification\"") ==
        std::string::npos);
}
