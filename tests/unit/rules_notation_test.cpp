// Text orders (docs/orders.md): every order body of every sample written as
// text and read back unchanged; every example of docs/orders.md read into the
// body its sample's log holds; names, errors with line and column.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "ledger/jcs.h"
#include "rules/hexmap/scenario.h"
#include "rules/notation.h"
#include "rules/ruleset.h"
#include "rulesets/hidden_pieces.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::rules::make_notation;
using adjutant::rules::hexmap::Scenario;
using adjutant::rules::text::TextRefused;
using adjutant::testing::source_dir;

namespace {

Json notation_json(const fs::path& file) {
  return adjutant::ledger::parse_strict(adjutant::read_file(file), file.string());
}

struct Sample {
  Json scenario_json;
  std::shared_ptr<const adjutant::rules::Ruleset> game;  // the hex notations read its scenario
  std::string ruleset;
};

const Sample& sample_scenario(const fs::path& file) {
  static std::map<std::string, Sample> cache;
  auto it = cache.find(file.string());
  if (it == cache.end()) {
    Json j = notation_json(file);
    it = cache
             .emplace(file.string(), Sample{j, adjutant::rules::make_ruleset(j, file.string()),
                                            j.value("ruleset", "bluegray")})
             .first;
  }
  return it->second;
}

Json own_fields(Json body) {
  for (const char* k :
       {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
    body.erase(k);
  return body;
}

// Every order body of a sample archive's log, with its side.
std::vector<std::pair<std::string, Json>> logged_orders(const fs::path& game) {
  std::vector<std::pair<std::string, Json>> out;
  std::ifstream in(game / "log.jsonl");
  std::string line;
  while (std::getline(in, line)) {
    Json e = Json::parse(line);
    if (e.value("kind", "") != "orders") continue;
    const Json& body = e["body"]["body"];
    out.push_back({body["side"].get<std::string>(), own_fields(body)});
  }
  return out;
}

adjutant::rules::TextGame hex_game(const Sample& s) {
  return {s.game.get(), nullptr};
}

Json read_text(const Sample& s, const std::string& text, const std::string& side) {
  return make_notation(s.ruleset)->parse(text, "orders.txt", hex_game(s), side).body;
}

// The hex games among the samples (a Chaos of Battle sample round-trips in
// rules_chaos_notation_test.cpp).
std::vector<fs::path> sample_games() {
  std::vector<fs::path> out;
  // The hex games: a Chaos of Battle table has its own notation tests.
  auto hex = [](const fs::path& game) {
    return Json::parse(adjutant::read_file(game / "scenario.json")).value("format", "") !=
           "adjutant-chaos/1";
  };
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "games"))
    if (hex(e.path())) out.push_back(e.path());
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "frozen"))
    if (e.is_directory())
      for (const auto& g : fs::directory_iterator(e.path()))
        if (hex(g.path())) out.push_back(g.path());
  std::sort(out.begin(), out.end());
  return out;
}

fs::path scenario_file(const std::string& name) {
  return source_dir() / "scenarios" / (name + ".json");
}

const Sample& skirmish() {
  return sample_scenario(scenario_file("bluegray-skirmish"));
}

// The problem a text is refused with.
adjutant::rules::text::TextProblem refusal(const Sample& s, const std::string& text,
                                           const std::string& side) {
  try {
    read_text(s, text, side);
  } catch (const TextRefused& e) {
    REQUIRE(!e.problems().empty());
    return e.problems().front();
  }
  FAIL("the text was read: " << text);
  return {};
}

const std::string& errors_doc() {
  static const std::string doc = adjutant::read_file(source_dir() / "docs" / "errors.md");
  return doc;
}

}  // namespace

TEST_CASE("every ruleset has a text notation", "[notation]") {
  for (const auto& info : adjutant::rules::registered_rulesets()) {
    INFO(info.id);
    if (info.id == adjutant::testing::kHiddenPieces) continue;  // a test game: JSON orders only
    CHECK_NOTHROW(make_notation(info.id));
  }
  CHECK_THROWS_WITH(make_notation("chess"), Catch::Contains("[text.no_notation]"));
}

TEST_CASE("every order body of every sample reads back from its text", "[notation]") {
  int bodies = 0;
  std::set<std::string> rulesets;
  for (const auto& game : sample_games()) {
    const Sample& s = sample_scenario(game / "scenario.json");
    auto notation = make_notation(s.ruleset);
    for (const auto& [side, body] : logged_orders(game)) {
      std::string text = notation->print(body);
      INFO(game.filename().string() << " " << side << "\n" << body.dump() << "\n" << text);
      Json back = notation->parse(text, "orders.txt", hex_game(s), side).body;
      CHECK(back == body);
      ++bodies;
    }
    rulesets.insert(s.ruleset);
  }
  // The order files of samples/orders, against the scenario each was written for.
  const std::map<std::string, std::string> scenarios = {
      {"skirmish", "bluegray-skirmish"}, {"cemetery-hill", "cemetery-hill"}, {"ah1961", "ah1961"}};
  for (const auto& [folder, scenario] : scenarios) {
    const Sample& s = sample_scenario(scenario_file(scenario));
    auto notation = make_notation(s.ruleset);
    for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "orders" / folder)) {
      Json body = notation_json(e.path());
      std::string side = e.path().stem().string();
      side = side.substr(side.rfind('-') + 1);
      std::string text = notation->print(body);
      INFO(e.path().string() << "\n" << text);
      CHECK(notation->parse(text, "orders.txt", hex_game(s), side).body == body);
      ++bodies;
    }
  }
  CHECK(rulesets == std::set<std::string>{"ah1961", "bluegray"});
  CHECK(bodies >= 200);  // 229 when written
}

TEST_CASE("the examples of docs/orders.md read into their samples' order bodies", "[notation]") {
  // An example is a fenced block after a line naming its sample and log line:
  // "From samples/games/skirmish-umpire, log line 1:".
  std::ifstream in(source_dir() / "docs" / "orders.md");
  REQUIRE(in);
  std::regex from(R"(From samples/games/([a-z0-9-]+), log line ([0-9]+))");
  std::string line, game;
  int seq = -1, examples = 0;
  bool inside = false;
  std::string text;
  std::set<std::string> games;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!inside && std::regex_search(line, m, from)) {
      game = m[1];
      seq = std::stoi(m[2]);
      continue;
    }
    if (line.rfind("```", 0) == 0) {
      if (!inside && seq >= 0) {
        inside = true;
        text.clear();
      } else if (inside) {
        inside = false;
        fs::path dir = source_dir() / "samples" / "games" / game;
        std::ifstream log(dir / "log.jsonl");
        std::string entry;
        for (int i = 0; i <= seq; ++i) std::getline(log, entry);
        Json e = Json::parse(entry);
        REQUIRE(e["kind"] == "orders");
        const Json& body = e["body"]["body"];
        INFO(game << " line " << seq << "\n" << text);
        const Sample& s = sample_scenario(dir / "scenario.json");
        CHECK(read_text(s, text, body["side"]) == own_fields(body));
        games.insert(game);
        ++examples;
        seq = -1;
      }
      continue;
    }
    if (inside) text += line + "\n";
  }
  CHECK_FALSE(inside);
  // Every ruleset and the notation's special cases: lettered hexes, set-up.
  for (const char* g : {"skirmish-umpire", "cemetery-hill-bot", "grand-chancellorsville-bot",
                        "hooker-lee-2006-bot", "ah1961-sample"}) {
    INFO(g);
    CHECK(games.count(g));
  }
  CHECK(examples >= 8);
}

TEST_CASE("the Chaos of Battle examples of docs/orders.md read into their bodies",
          "[notation][chaos]") {
  // "On a new game of scenarios/table/chaos-meeting.json (Union, turn 1):",
  // the text, then the body it is read as. (tests/unit/game_text_orders_test
  // gives each to `adjutant orders` on a new game, for the check's echo.)
  std::string doc = adjutant::read_file(source_dir() / "docs" / "orders.md");
  std::regex example(
      R"(On a new game of (scenarios/[a-z/-]+\.json) \(([A-Za-z]+), turn 1\):\n\n```\n([^`]*)```\n\nis read as\n\n```json\n([^`]*)```)");
  int examples = 0;
  std::set<std::string> sides;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), example);
       it != std::sregex_iterator(); ++it) {
    Json scenario = notation_json(source_dir() / std::string((*it)[1]));
    auto ruleset = adjutant::rules::make_ruleset(scenario, "scenario.json");
    std::string side = adjutant::rules::text::lower(std::string((*it)[2]));
    auto view = ruleset->view(ruleset->initial_state(), side);
    INFO(side << "\n" << (*it)[3]);
    Json body = make_notation(ruleset->id())
                    ->parse(std::string((*it)[3]), "orders.txt",
                            adjutant::rules::TextGame{ruleset.get(), &view}, side)
                    .body;
    CHECK(body == Json::parse(std::string((*it)[4])));
    sides.insert(side);
    ++examples;
  }
  CHECK(sides == std::set<std::string>{"confederate", "union"});
  CHECK(examples >= 2);
}

TEST_CASE("text orders: the forms of a Blue & Gray order", "[notation]") {
  const Sample& s = skirmish();
  Json body = read_text(s,
                        "# turn 1\n"
                        "\n"
                        "  1/heth   0402   # case and spaces do not matter\n"
                        "JENKINS 0901-1001-1002-1003\n"
                        "1/XI enter 0610 0607 strategic\n"
                        "Pegram path 0601\n"
                        "attack 1004 with jenk, Pegram odds 1-2 advance Jenkins losses Pegram\n"
                        "standing retreat toward 0101\n"
                        "STANDING evade no losses weakest\n",
                        "confederate");
  Json expected = Json::parse(R"({
    "moves": [{"unit": "1/Heth", "to": "0402"},
              {"unit": "Jenkins", "path": ["0901", "1001", "1002", "1003"]},
              {"unit": "1/XI", "enter": "0610", "to": "0607", "strategic": true},
              {"unit": "Pegram", "path": ["0601"]}],
    "attacks": [{"attackers": ["Jenkins", "Pegram"], "defenders": ["1004"], "odds": "1-2",
                 "advance": "Jenkins", "losses": ["Pegram"]}],
    "standing": {"retreat": {"prefer": "toward", "hex": "0101"}, "cavalry_evade": false,
                 "losses": "weakest_first"}})");
  CHECK(body == expected);
}

TEST_CASE("text orders: a forced march (Grand Chancellorsville 23.21) reads and prints",
          "[notation]") {
  const Sample& s = skirmish();
  Json body = read_text(s, "1/Heth 0402 forced\nJenkins forced no 0901 1001\n", "confederate");
  Json expected = Json::parse(R"({
    "moves": [{"unit": "1/Heth", "to": "0402", "forced": true},
              {"unit": "Jenkins", "path": ["0901", "1001"], "forced": false}]})");
  CHECK(body == expected);
  auto notation = make_notation("bluegray");
  std::string text = notation->print(expected);
  CHECK(text == "1/Heth 0402 forced\nJenkins 0901 1001 forced no\n");
  CHECK(read_text(s, text, "confederate") == expected);
}

TEST_CASE("text orders: names by prefix, names with spaces, lettered hexes", "[notation]") {
  const Sample& ch = sample_scenario(scenario_file("cemetery-hill"));
  CHECK(read_text(ch, "attack 1605 with 1 Early 2 Early advance 1 Early", "confederate") ==
        Json::parse(R"({"attacks": [{"attackers": ["1 Early", "2 Early"], "defenders": ["1605"],
                        "advance": "1 Early"}]})"));
  CHECK(read_text(ch, "f lee 2116 exit", "confederate") ==
        Json::parse(R"({"moves": [{"unit": "F Lee", "to": "2116", "exit": true}]})"));
  const Sample& gc = sample_scenario(scenario_file("grand-chancellorsville"));
  CHECK(read_text(gc, "1/F. Lee/S h0305\nattack f1805 with \"Gordon/E\"", "confederate") ==
        Json::parse(R"({"moves": [{"unit": "1/F. Lee/S", "to": "H0305"}],
                        "attacks": [{"attackers": ["Gordon/E"], "defenders": ["F1805"]}]})"));
  // A prefix of one unit of the side; an exact id even if it is the enemy's
  // (the check then refuses it as not the side's own).
  CHECK(read_text(skirmish(), "Buf 1004", "union")["moves"][0]["unit"] == "Buford");
  CHECK(read_text(skirmish(), "Buford 1004", "confederate")["moves"][0]["unit"] == "Buford");
}

TEST_CASE("text orders: the 1961 set-up and turn forms", "[notation]") {
  const Sample& s = sample_scenario(scenario_file("ah1961"));
  CHECK(
      read_text(s, "fortify 2309 2310\n1/II 2208\nsubstitute Early by Gordon Hoke at 2514\n",
                "union") ==
      Json::parse(R"({"fortifications": ["2309", "2310"], "place": [{"unit": "1/II", "at": "2208"}],
                        "substitute": [{"division": "Early", "brigades": ["Gordon", "Hoke"],
                                        "at": "2514"}]})"));
  Json turn = read_text(s,
                        "1/V 2/V 2307 2207 2107\n"
                        "build Bridge/3 across 2110 to 2111\n"
                        "attack 3/II Art/II with W.H.F.Lee F.Lee retreat 3/II 2110 2111\n",
                        "confederate");
  CHECK(turn["moves"][0] ==
        Json::parse(R"({"units": ["1/V", "2/V"], "path": ["2307", "2207", "2107"]})"));
  CHECK(turn["moves"][1] ==
        Json::parse(R"({"build": "Bridge/3", "river": "2110", "far": "2111"})"));
  // Defenders by the start of an enemy unit's id, attackers of one's own.
  CHECK(read_text(s, "attack hook with w.h", "confederate")["attacks"][0] ==
        Json::parse(R"({"attackers": ["W.H.F.Lee"], "defenders": ["Hooker"]})"));
  CHECK(refusal(s, "attack W.H with F.Lee", "confederate").id == "text.unknown_unit");
  CHECK(turn["attacks"][0] ==
        Json::parse(R"({"attackers": ["W.H.F.Lee", "F.Lee"], "defenders": ["3/II", "Art/II"],
                        "retreat": {"3/II": ["2110", "2111"]}})"));
}

TEST_CASE("text orders: unknown and ambiguous names list the candidates", "[notation]") {
  // A typo: the nearest name, not every unit (docs/orders.md "Unit names").
  auto p = refusal(skirmish(), "\n  Jinkins 0402\n", "confederate");
  CHECK(p.id == "text.unknown_unit");
  CHECK(p.pos.line == 2);
  CHECK(p.pos.column == 3);
  CHECK_THAT(p.message, Catch::EndsWith("did you mean Jenkins?"));
  p = refusal(skirmish(), "Pegrm 0402", "confederate");
  CHECK_THAT(p.message, Catch::EndsWith("did you mean Pegram?") && !Catch::Contains("1/Heth"));
  // Nothing near: every unit of the side.
  p = refusal(skirmish(), "Xyzzyplugh 0402", "confederate");
  CHECK(p.id == "text.unknown_unit");
  CHECK_THAT(p.message, Catch::Contains("1/Heth") && Catch::Contains("Pegram"));
  p = refusal(skirmish(), "1/Heth 0402\nattack 1004 with 1/ Pegram\n", "confederate");
  CHECK(p.id == "text.ambiguous_unit");
  CHECK(p.pos.line == 2);
  CHECK(p.pos.column == 18);
  CHECK_THAT(p.message,
             Catch::Contains("1/Heth") && Catch::Contains("1/Pender") && !Catch::Contains("1/I"));
  p = refusal(skirmish(), "Hein 0402", "confederate");
  CHECK_THAT(p.message, Catch::Contains("did you mean") || Catch::Contains("are"));
}

TEST_CASE("text orders: a word meant as a hex number is named as such, with what was expected",
          "[notation]") {
  struct Case {
    std::string text, word;
    int column;
    std::string says;
  };
  for (const Case& c : std::vector<Case>{
           {"1/Heth 05O6", "05O6", 8,
            "the letter O stands where a digit should: did you mean 0506?"},
           {"1/Heth 506", "506", 8, "it has three digits: did you mean 0506?"},
           {"1/Heth 0402 04O3", "04O3", 13, "did you mean 0403?"},
           {"1/Heth 0402 04l3", "04l3", 13, "the letter l stands where a digit should"},
           {"attack 1OO4 with Jenkins", "1OO4", 8, "expected the hex attacked"},
           {"1/Heth 05066", "05066", 8, "it has 5 digits"},
       }) {
    INFO(c.text);
    auto p = refusal(skirmish(), c.text, "confederate");
    CHECK(p.id == "text.hex");
    CHECK(p.pos.column == c.column);
    CHECK_THAT(p.message, Catch::StartsWith("\"" + c.word + "\" is not a hex number") &&
                              Catch::Contains(c.says));
  }
}

TEST_CASE("text orders: ids that differ only by look-alike letters are taken either way",
          "[notation]") {
  // Cemetery Hill spells the III Corps' 2nd Division "2/Ill" (lower-case l):
  // "2/III" names it too; "1/III" stays the 1st Division.
  const Sample& ch = sample_scenario(scenario_file("cemetery-hill"));
  Json body = read_text(ch, "2/III enter 0127 0126\n1/lll 0223\n", "union");
  CHECK(body["moves"][0]["unit"] == "2/Ill");
  CHECK(body["moves"][1]["unit"] == "1/III");
  body = read_text(ch, "2/Ill enter 0127 0126\n", "union");
  CHECK(body["moves"][0]["unit"] == "2/Ill");
}

TEST_CASE("text orders: every problem names its line and column", "[notation]") {
  struct Case {
    std::string text, id;
    int line, column;
  };
  for (const Case& c : std::vector<Case>{
           {"Jenkins", "text.hex", 1, 8},
           {"Jenkins to", "text.hex", 1, 11},
           {"attack with Jenkins", "text.hex", 1, 8},
           {"attack 1004 Jenkins", "text.syntax", 1, 13},
           {"Jenkins 0901 \"Pegram", "text.quote", 1, 14},
           {"standing retreat toward 0101\nstanding retreat away", "text.twice", 2, 10},
           {"standing evade maybe", "text.syntax", 1, 16},
           {"1/Heth 0402 enter 0401 enter 0401", "text.twice", 1, 24},
           {"attack 1004 with Jenkins odds 1-2 odds 1-3", "text.twice", 1, 35},
           {"attack 1004 with Jenkins odds \"1 2\"", "text.syntax", 1, 31},
           {"standing retreat sideways", "text.syntax", 1, 18},
           {"no retreats", "text.syntax", 1, 4},
       }) {
    INFO(c.text);
    auto p = refusal(skirmish(), c.text, "confederate");
    CHECK(p.id == c.id);
    CHECK(p.pos.line == c.line);
    CHECK(p.pos.column == c.column);
    CHECK(errors_doc().find("| " + p.id + " |") != std::string::npos);
  }
  // Every line with a problem is reported, not just the first.
  try {
    read_text(skirmish(), "Jinkins 0402\n1/Heth 0402\nPegrim 0601\n", "confederate");
    FAIL("read");
  } catch (const TextRefused& e) {
    REQUIRE(e.problems().size() == 2);
    CHECK(e.problems()[1].pos.line == 3);
    CHECK_THAT(std::string(e.what()), Catch::Contains("orders.txt:3:1: [text.unknown_unit]"));
  }
}

TEST_CASE("text orders: a body the notation cannot write is refused", "[notation]") {
  auto bg = make_notation("bluegray");
  CHECK_THROWS_WITH(
      bg->print(Json::parse(R"({"moves": [{"unit": "X", "to": "0402", "speed": 3}]})")),
      Catch::Contains("[text.unprintable]"));
  CHECK_THROWS_WITH(bg->print(Json::parse(R"({"moves": [{"unit": 7, "to": "0402"}]})")),
                    Catch::Contains("[text.unprintable]"));
  // A name the reader would split or take for a keyword is quoted, and read
  // back as a name.
  Json odd =
      Json::parse(R"({"attacks": [{"attackers": ["with", "A \"B\""], "defenders": ["0101"]}]})");
  std::string text = bg->print(odd);
  CHECK(text == "attack 0101 with \"with\" \"A \\\"B\\\"\"\n");
  auto p = refusal(skirmish(), text, "confederate");
  CHECK(p.id == "text.unknown_unit");
  CHECK_THAT(p.message, Catch::Contains("called \"with\""));
}
