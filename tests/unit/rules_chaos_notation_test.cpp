// Chaos of Battle text orders (docs/orders.md "Chaos of Battle"): every form
// of the notation read into the order body the chaos check takes, inches
// read exactly, paths that leave out where they start, names of the side's
// own pieces only (fog of war), problems with line and column, and bodies
// written as text and read back unchanged.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "ledger/jcs.h"
#include "rules/chaos/text_names.h"
#include "rules/notation.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace {

using adjutant::ledger::Json;
using adjutant::rules::make_notation;
using adjutant::rules::TextGame;
using adjutant::rules::text::TextProblem;
using adjutant::rules::text::TextRefused;
using adjutant::testing::source_dir;

Json meeting_json() {
  auto file = source_dir() / "scenarios" / "table" / "chaos-meeting.json";
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file.string());
}

struct Table {
  std::unique_ptr<adjutant::rules::Ruleset> ruleset;
  adjutant::model::State state;

  explicit Table(const Json& scenario)
      : ruleset(adjutant::rules::make_ruleset(scenario, "chaos-meeting.json")),
        state(ruleset->initial_state()) {}

  // The text read as `side` writes it, against the side's view.
  Json read(const std::string& text, const std::string& side = "union") const {
    auto view = ruleset->view(state, side);
    return make_notation("chaos")
        ->parse(text, "orders.txt", TextGame{ruleset.get(), &view}, side)
        .body;
  }

  TextProblem refusal(const std::string& text, const std::string& side = "union") const {
    try {
      read(text, side);
    } catch (const TextRefused& e) {
      REQUIRE(!e.problems().empty());
      return e.problems().front();
    }
    FAIL("the text was read: " << text);
    return {};
  }
};

const Table& meeting_table() {
  static Table t(meeting_json());
  return t;
}

const std::string& errors_doc() {
  static const std::string doc = adjutant::read_file(source_dir() / "docs" / "errors.md");
  return doc;
}

}  // namespace

TEST_CASE("chaos text orders: every field of the order file", "[notation][chaos]") {
  const Table& t = meeting_table();
  // Marker 1 of the Iron Brigade stands at 12,15, its marker 2 at 48,12;
  // Gamble's brigade is deployed, its commander at 30,19; Reynolds at 30,12.
  Json body = t.read(
      "# turn 1\n"
      "sequence Iron, cutler Stone GAMBLE\n"
      "iron prefers 2\n"
      "Iron Brigade  move 14,25 16.5,30.25\n"
      "Cutler move marker 2 26,5 27.5,14 engage 30,90\n"
      "Stone shake out marker 1 facing 90\n"
      "Gamble fire closest rest no\n"
      "Gamble remarker 40,20\n"
      "commander Reynolds 30,18\n");
  Json expected = Json::parse(R"({
    "sequence": ["meredith", "cutler", "stone", "gamble"],
    "preferred": {"meredith": 2},
    "brigades": {
      "meredith": {"move": {"path": [[1200, 1500], [1400, 2500], [1650, 3025]]}},
      "cutler": {"move": {"marker": 2, "path": [[2600, 500], [2750, 1400]],
                          "engage": [3000, 9000]}},
      "stone": {"shake_out": {"marker": 1, "facing": 90}},
      "gamble": {"fire": {"2us-a": "closest"}, "rest": false,
                 "remarker": [[3000, 1900], [4000, 2000]]}},
    "commanders": {"union-hq": {"path": [[3000, 1200], [3000, 1800]]}}})");
  CHECK(body == expected);

  // The engaged brigades' orders (the check refuses them on this turn).
  CHECK(t.read("Iron withdraw\nStone form up\nCutler withdraw no\n")["brigades"] ==
        Json::parse(R"({"meredith": {"withdraw": true}, "stone": {"form_up": true},
                        "cutler": {"withdraw": false}})"));
  CHECK(t.read("Gamble maneuver 31,19 8il-cav 25,21 facing 10 12th 30,21.5 fire 2us-a at 30,40")
            ["brigades"]["gamble"] == Json::parse(R"({"maneuver": {"commander": [3100, 1900],
                                     "regiments": {"8il-cav": {"at": [2500, 2100], "facing": 10},
                                                   "12il-cav": {"at": [3000, 2150]}}},
                        "fire": {"2us-a": [3000, 4000]}})"));
  // A path written whole, an engage where the path ends, the brackets of
  // an echo, a player commander without the word.
  CHECK(t.read("Iron move 12,15 14,25 engage")["brigades"]["meredith"]["move"] ==
        Json::parse(R"({"path": [[1200, 1500], [1400, 2500]], "engage": [1400, 2500]})"));
  CHECK(t.read("Iron move (14.00, 25.00)")["brigades"]["meredith"]["move"]["path"] ==
        Json::parse("[[1200, 1500], [1400, 2500]]"));
  CHECK(t.read("reynolds move 30,18")["commanders"] ==
        Json::parse(R"({"union-hq": {"path": [[3000, 1200], [3000, 1800]]}})"));
  CHECK(t.read("Iron shake out") ==
        Json::parse(R"({"brigades": {"meredith": {"shake_out": {}}}})"));
  CHECK(t.read("no orders\nno commanders\nno preferred\nno sequence") ==
        Json::parse(R"({"brigades": {}, "commanders": {}, "preferred": {}, "sequence": []})"));
  CHECK(t.read("") == Json::object());
}

TEST_CASE("chaos text orders: inches are read exactly, in hundredths", "[notation][chaos]") {
  const Table& t = meeting_table();
  auto path = [&](const std::string& point) {
    return t.read("Stone move " + point)["brigades"]["stone"]["move"]["path"][1];
  };
  CHECK(path("15.5,6.25") == Json::parse("[1550, 625]"));
  CHECK(path("15.05 6") == Json::parse("[1505, 600]"));
  CHECK(path(".5,6.250") == Json::parse("[50, 625]"));
  CHECK(path("-1,6") == Json::parse("[-100, 600]"));  // off the table: the check says so
  auto p = t.refusal("Stone move 15.125,6");
  CHECK(p.id == "text.precision");
  CHECK(p.pos.column == 12);
  CHECK(t.refusal("Stone move 15,6.001").id == "text.precision");
  CHECK(t.refusal("Stone move 1.2.3,6").id == "text.inches");
  CHECK(t.refusal("Stone move 15").id == "text.inches");
  CHECK(t.refusal("Stone move 1234567,6").id == "text.inches");
}

TEST_CASE("chaos text orders: names of the side's own pieces only", "[notation][chaos]") {
  const Table& t = meeting_table();
  // An enemy brigade, by its id or its name, is no name the side may write.
  for (const char* enemy : {"archer 30,90", "Archer's brigade 30,90", "Heth 30,90"}) {
    INFO(enemy);
    auto p = t.refusal(std::string(enemy), "union");
    CHECK(p.id == "text.unknown_unit");
    for (const char* hidden : {"pettigrew", "davis", "brockenbrough", "confederate-hq"})
      CHECK(p.message.find(hidden) == std::string::npos);
    CHECK_THAT(p.message, Catch::Contains("meredith (Iron Brigade)"));
  }
  auto p = t.refusal("Iron move 14,25", "confederate");
  CHECK(p.id == "text.unknown_unit");
  CHECK(p.message.find("meredith") == std::string::npos);
  CHECK_THAT(p.message, Catch::Contains("archer"));

  // An ambiguous start lists the candidates.
  Json j = meeting_json();
  j["sides"][0]["brigades"][2]["name"] = "Cutler's second brigade";  // stone
  Table renamed(j);
  p = renamed.refusal("Cut move 14,25");
  CHECK(p.id == "text.ambiguous_unit");
  CHECK_THAT(p.message, Catch::Contains("cutler") && Catch::Contains("stone"));
  CHECK(renamed.read("cutler rest no")["brigades"].contains("cutler"));  // exact id
  CHECK(renamed.read("Cutler's second brigade rest no")["brigades"].contains("stone"));
  // Regiments and batteries of the brigade ordered, by id or name.
  p = t.refusal("Gamble maneuver 31,19 7wi 25,21");
  CHECK(p.id == "text.unknown_unit");
  CHECK_THAT(p.message, Catch::Contains("8il-cav") && !Catch::Contains("7wi ("));
  CHECK(t.refusal("Stone fire closest").id == "text.unknown_unit");
}

TEST_CASE("chaos text orders: every problem names its line and column", "[notation][chaos]") {
  struct Case {
    std::string text, id;
    int line, column;
  };
  for (const Case& c : std::vector<Case>{
           {"Iron move", "text.inches", 1, 10},
           {"Iron move 14", "text.inches", 1, 13},
           {"Iron fly 14,25", "text.syntax", 1, 6},
           {"Iron", "text.syntax", 1, 5},
           {"Iron form up line", "text.syntax", 1, 14},
           {"Iron form", "text.syntax", 1, 10},
           {"Iron rest no\n  Iron rest", "text.twice", 2, 8},
           {"Iron move 14,25 move 15,25", "text.twice", 1, 17},
           {"sequence Iron Stone iron", "text.twice", 1, 21},
           {"Iron prefers two", "text.syntax", 1, 14},
           {"Iron shake out facing north", "text.syntax", 1, 23},
           {"Gamble fire 2us-a sideways", "text.syntax", 1, 19},
           {"Jinkins 14,25", "text.unknown_unit", 1, 1},
           {"Iron move \"14,25", "text.quote", 1, 11},
           {"no retreats", "text.syntax", 1, 4},
       }) {
    INFO(c.text);
    auto p = meeting_table().refusal(c.text);
    CHECK(p.id == c.id);
    CHECK(p.pos.line == c.line);
    CHECK(p.pos.column == c.column);
    CHECK(errors_doc().find("| " + p.id + " |") != std::string::npos);
  }
  CHECK(errors_doc().find("| text.precision |") != std::string::npos);
}

TEST_CASE("chaos text orders: a body written as text reads back unchanged", "[notation][chaos]") {
  const Table& t = meeting_table();
  auto notation = make_notation("chaos");
  std::vector<Json> bodies = {
      Json::object(),
      Json::parse(R"({"brigades": {}, "preferred": {}, "commanders": {}, "sequence": []})"),
      t.read("sequence Iron Cutler Stone Gamble\nIron prefers 2\nIron move 14,25 16.5,30.25\n"
             "Cutler move marker 2 26,5 27.5,14 engage 30,90\nStone shake out facing 90\n"
             "Gamble fire closest rest no remarker 40,20\ncommander Reynolds 30,18\n"),
      t.read("Iron withdraw no\nStone form up\nIron shake out marker 2\n"
             "Gamble maneuver 31,19 8il-cav 25,21 facing 10 12il-cav 30,21.5\n"
             "Gamble fire 2us-a at 30.05,40 rest yes\n"),
      // Version 2: a fight, the fight's policies and committed tokens.
      t.read("Gamble form up fight 12il toward 30,40\nIron fight 2wi\n"
             "policy hold the line below 6 test enemy_most_stressed\n"
             "policy artillery target closest\n"
             "token rally to the standard with Iron\ntoken outflank when first\n"),
      Json::parse(R"({"policies": {}, "tokens": []})"),
      // Version 3: limbering and mounting in a maneuver, cavalry kept
      // dismounted in a withdrawal.
      t.read("Gamble maneuver 31,19 2us-a limber 8il-cav 25,21 facing 10 dismount 12il-cav mount\n"
             "Iron maneuver 12,15 4us-b 13,16 unlimber\nGamble withdraw dismounted 8il-cav\n"),
      // Version 3: regiments placed by a shake out and by a deployed move.
      t.read("Stone shake out marker 1 facing 0 commander 15,6 143pa 10.9,8 149pa 15,8 "
             "150pa 19.1,8 facing 10\n"
             "Gamble move 30,25 8il-cav 26,27 12il-cav at 30.2,27 3in-cav 34.4,27 2us-a 30,29.5\n"),
  };
  for (const Json& body : bodies) {
    std::string text = notation->print(body);
    INFO(body.dump() << "\n" << text);
    CHECK(t.read(text) == body);
    // Without a view, paths are read as written: whole, as printed.
    CHECK(notation->parse(text, "t", TextGame{t.ruleset.get(), nullptr}, "union").body == body);
  }
  CHECK(notation->print(bodies[2]) ==
        "sequence meredith cutler stone gamble\n"
        "meredith prefers 2\n"
        "cutler move marker 2 26,5 27.5,14 engage 30,90\n"
        "gamble fire 2us-a closest\n"
        "gamble rest no\n"
        "gamble remarker 30,19 40,20\n"
        "meredith move 12,15 14,25 16.5,30.25\n"
        "stone shake out facing 90\n"
        "commander union-hq 30,12 30,18\n");
  CHECK(notation->print(bodies[4]) ==
        "policy artillery target closest\n"
        "policy hold the line below 6\n"
        "policy test enemy_most_stressed\n"
        "token rally_to_the_standard with meredith\n"
        "token outflank when first\n"
        "gamble form up\n"
        "gamble fight 12il-cav toward 30,40\n"
        "meredith fight 2wi\n");
  CHECK(bodies[6]["brigades"]["gamble"]["maneuver"] == Json::parse(R"({"commander": [3100, 1900],
        "regiments": {"2us-a": {"limber": true},
                      "8il-cav": {"at": [2500, 2100], "facing": 10, "mount": false},
                      "12il-cav": {"mount": true}}})"));
  CHECK(notation->print(bodies[6]) ==
        "gamble withdraw dismounted 8il-cav\n"
        "gamble maneuver 31,19 12il-cav mount 2us-a limber 8il-cav 25,21 facing 10 dismount\n"
        "meredith maneuver 12,15 4us-b 13,16 unlimber\n");
  CHECK(bodies[7]["brigades"]["stone"]["shake_out"] == Json::parse(R"({"marker": 1, "facing": 0,
        "commander": [1500, 600], "regiments": {"143pa": {"at": [1090, 800]},
        "149pa": {"at": [1500, 800]}, "150pa": {"at": [1910, 800], "facing": 10}}})"));
  CHECK(bodies[7]["brigades"]["gamble"]["move"]["regiments"]["2us-a"] ==
        Json::parse(R"({"at": [3000, 2950]})"));
  // What the notation cannot write.
  for (const char* bad :
       {R"({"brigades": {"meredith": {"fight": {"toward": [1, 2]}}}})",
        R"({"policies": {"retreat": "never"}})", R"({"tokens": [{"token": "Two Words"}]})",
        R"({"brigades": {"meredith": {"move": {"path": [[1, 2.5]]}}}})",
        R"({"brigades": {"meredith": {"fire": {}}}})", R"({"preferred": {"meredith": "2"}})",
        R"({"brigades": {"gamble": {"withdraw": {"regiments": {"8il-cav": {"mount": true}}}}}})"}) {
    INFO(bad);
    CHECK_THROWS_WITH(notation->print(Json::parse(bad)), Catch::Contains("[text.unprintable]"));
  }
}

TEST_CASE("chaos text orders: every order body of a Chaos of Battle sample reads back",
          "[notation][chaos]") {
  // The umpire's copy of a table game holds every order body in clear.
  int bodies = 0;
  for (const auto& e : std::filesystem::directory_iterator(source_dir() / "samples" / "games")) {
    Json scenario = adjutant::ledger::parse_strict(adjutant::read_file(e.path() / "scenario.json"),
                                                   "scenario.json");
    if (scenario.value("format", "") != "adjutant-chaos/1") continue;
    auto ruleset = adjutant::rules::make_ruleset(scenario, "scenario.json");
    auto notation = make_notation("chaos");
    std::ifstream log(e.path() / "log.jsonl");
    for (std::string line; std::getline(log, line);) {
      Json entry = Json::parse(line);
      if (entry.value("kind", "") != "orders") continue;
      Json body = entry["body"]["body"];
      std::string side = body["side"];
      for (const char* k :
           {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
        body.erase(k);
      std::string text = notation->print(body);
      INFO(e.path().filename().string() << " " << body.dump() << "\n" << text);
      CHECK(notation->parse(text, "orders.txt", TextGame{ruleset.get(), nullptr}, side).body ==
            body);
      ++bodies;
    }
  }
  if (bodies == 0) WARN("no Chaos of Battle sample game yet: no logged body was written as text");
}

TEST_CASE("chaos text orders: a list of 2,000 names reads in time linear in the names",
          "[notation][chaos]") {
  using adjutant::rules::chaos::text_orders::Named;
  using adjutant::rules::chaos::text_orders::OwnNames;
  using adjutant::rules::text::Token;
  std::vector<Named> pieces;
  for (int i = 0; i < 40; ++i)
    pieces.push_back({"r" + std::to_string(i), "Regiment Number " + std::to_string(i), "regiment"});
  OwnNames names(pieces, "regiment of b1");
  // 2,000 words: names by id, by their three words, and a prefix.
  std::vector<Token> words;
  for (int i = 0; words.size() < 2000; ++i) {
    int col = int(words.size()) + 1;
    if (i % 2) {
      words.push_back({"r" + std::to_string(i % 40), {1, col}, false, false});
    } else {
      for (const char* w : {"regiment", "number"})
        words.push_back({w, {1, int(words.size()) + 1}, false, false});
      words.push_back({std::to_string(i % 40), {1, int(words.size()) + 1}, false, false});
    }
  }
  auto start = std::chrono::steady_clock::now();
  auto found = names.list(words);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 1.0);
  REQUIRE(found.size() == 1000);
  CHECK(found[0].first->id == "r0");
  CHECK(found[1].first->id == "r1");
  CHECK(found[2].first->id == "r2");
  // One name, written whole or by the start of a word, still reads.
  std::size_t used = 0;
  CHECK(names.leading(std::vector<Token>(words.begin(), words.begin() + 3), used).id == "r0");
  CHECK(used == 3);
}
