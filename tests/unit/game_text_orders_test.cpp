// `adjutant orders` and `adjutant sign` with text orders, on the sample game
// at turn 2 (the confederate's orders due): the body and echo are those of
// the JSON order file, the signed files are the same bytes, problems name
// their line and column and change nothing.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "ledger/jcs.h"
#include "rules/text_lexer.h"
#include "support/cli_harness.h"
#include "support/text_lines.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::make_sample_game;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

void put(const fs::path& file, const std::string& text) {
  std::ofstream(file) << text;
}

std::vector<std::string> lines_after_first(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line))
    if (line.rfind("  ", 0) == 0) out.push_back(line.substr(2));
  return out;
}

}  // namespace

TEST_CASE("text orders are read, checked, echoed and signed like their JSON", "[game][text]") {
  TempDir tmp("text-orders");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  fs::path json_orders =
      source_dir() / "samples" / "orders" / "skirmish" / "03-t2-confederate.json";
  Json expected = adjutant::ledger::parse_strict(adjutant::read_file(json_orders), "orders");

  // The JSON order file as text, and that text back into the same body.
  auto text = run_adjutant("orders game --to-text '" + json_orders.string() + "'", tmp.path());
  REQUIRE(text.exit == 0);
  CHECK_THAT(text.out, Catch::Contains("attack 0604 with 1/Heth 2/Heth Pegram advance 1/Heth"));
  put(tmp.path() / "orders.txt", "# turn 2\n" + text.out);
  std::string before = folder_hash(game);
  auto read = run_adjutant("orders game orders.txt", tmp.path());
  INFO(read.err);
  REQUIRE(read.exit == 0);
  CHECK(Json::parse(read.out) == expected);

  // What it understood is the check's echo of the signed JSON, word for word.
  auto signed_json = run_adjutant("sign '" + json_orders.string() +
                                      "' --game game --key confederate.key --out json.signed.json",
                                  tmp.path());
  REQUIRE(signed_json.exit == 0);
  auto check = run_adjutant("check game json.signed.json --json", tmp.path());
  REQUIRE(check.exit == 0);
  std::vector<std::string> echo = Json::parse(check.out)["echo"].get<std::vector<std::string>>();
  REQUIRE(!echo.empty());
  CHECK(lines_after_first(read.err) == echo);

  // --out: the body in the file, the echo on stdout.
  auto out = run_adjutant("orders game orders.txt -o body.json", tmp.path());
  REQUIRE(out.exit == 0);
  CHECK(lines_after_first(out.out) == echo);
  CHECK_THAT(out.out, Catch::Contains("wrote body.json"));
  CHECK(Json::parse(adjutant::read_file(tmp.path() / "body.json")) == expected);

  // Standard input when no file is given.
  std::string cmd = "cd '" + tmp.path().string() + "' && '" + ADJUTANT_BINARY +
                    "' orders game < orders.txt > stdin.out 2> stdin.err";
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(Json::parse(adjutant::read_file(tmp.path() / "stdin.out")) == expected);

  // sign takes the text itself: the same signed bytes as from the JSON.
  auto signed_text = run_adjutant(
      "sign orders.txt --game game --key confederate.key --out text.signed.json", tmp.path());
  INFO(signed_text.err);
  REQUIRE(signed_text.exit == 0);
  CHECK_THAT(signed_text.out, Catch::Contains("read 5 orders from the text"));
  CHECK(adjutant::read_file(tmp.path() / "text.signed.json") ==
        adjutant::read_file(tmp.path() / "json.signed.json"));
  CHECK(folder_hash(game) == before);
}

TEST_CASE("text orders: problems name the line and column, and change nothing", "[game][text]") {
  TempDir tmp("text-orders-bad");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);
  std::string before = folder_hash(game);

  // The reader's problems, every bad line.
  put(tmp.path() / "names.txt", "1/Heth 0402 0502\nJinkins 0901\nattack 0604 with 1/ Pegram\n");
  auto names = run_adjutant("orders game names.txt", tmp.path());
  CHECK(names.exit == 1);
  CHECK(names.out.empty());
  CHECK_THAT(names.err, Catch::Contains("names.txt:2:1: [text.unknown_unit]"));
  CHECK_THAT(names.err, Catch::Contains("names.txt:3:18: [text.ambiguous_unit]") &&
                            Catch::Contains("1/Heth, 1/Pender"));

  // The check's problems, on the line of their order (attacks after moves).
  put(tmp.path() / "rules.txt",
      "# a mistyped hex\nattack 0604 with Pegram\n\n  1/Heth 0402 0499\n");
  auto rules = run_adjutant("orders game rules.txt", tmp.path());
  CHECK(rules.exit == 1);
  CHECK_THAT(rules.err,
             Catch::Contains("rules.txt:4:3: order 1 (unit 1/Heth) at 0499: [move.off_map]"));

  // The same refusal from sign's text and from check of what sign wrote.
  auto sign = run_adjutant("sign names.txt --game game --key confederate.key", tmp.path());
  CHECK(sign.exit == 1);
  CHECK_THAT(sign.err, Catch::Contains("[text.unknown_unit]"));
  CHECK_FALSE(fs::exists(tmp.path() / "names.signed.json"));

  // Orders for the side that is not to move.
  put(tmp.path() / "union.txt", "1/I 0606\n");
  auto other = run_adjutant("orders game union.txt --side union", tmp.path());
  CHECK(other.exit == 1);
  CHECK_THAT(other.err, Catch::Contains("[orders.not_your_phase]"));
  auto nobody = run_adjutant("orders game union.txt --side umpire", tmp.path());
  CHECK(nobody.exit == 1);
  CHECK_THAT(nobody.err, Catch::Contains("[orders.unknown_side]"));
  CHECK(folder_hash(game) == before);
}

TEST_CASE(
    "each example of docs/orders.md, given to its sample game where it was due, is "
    "checked and echoed as the adjudication logged it",
    "[game][text]") {
  std::string doc = adjutant::read_file(source_dir() / "docs" / "orders.md");
  std::regex example(
      R"(From samples/games/([a-z0-9-]+), log line ([0-9]+)[^\n]*\n\n```\n([^`]*)```)");
  int examples = 0;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), example);
       it != std::sregex_iterator(); ++it) {
    std::string name = (*it)[1];
    int seq = std::stoi((*it)[2]);
    INFO(name << " line " << seq);
    TempDir tmp("text-orders-doc");
    fs::path game = tmp.path() / "game";
    fs::copy(source_dir() / "samples" / "games" / name, game, fs::copy_options::recursive);
    // The log as it stood when these orders were due.
    std::vector<std::string> lines;
    std::istringstream log(adjutant::read_file(game / "log.jsonl"));
    for (std::string line; std::getline(log, line);) lines.push_back(line);
    REQUIRE(int(lines.size()) > seq + 1);
    std::string head;
    for (int i = 0; i < seq; ++i) head += lines[std::size_t(i)] + "\n";
    put(game / "log.jsonl", head);
    put(tmp.path() / "orders.txt", (*it)[3]);
    auto r = run_adjutant("orders game orders.txt", tmp.path());
    INFO(r.err);
    REQUIRE(r.exit == 0);
    Json orders = Json::parse(lines[std::size_t(seq)])["body"]["body"];
    Json adjudication = Json::parse(lines[std::size_t(seq) + 1])["body"];
    Json body = Json::parse(r.out);
    for (const char* k :
         {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
      orders.erase(k);
    CHECK(body == orders);
    CHECK(lines_after_first(r.err) == adjudication["echo"].get<std::vector<std::string>>());
    ++examples;
  }
  CHECK(examples >= 8);
}

namespace {

// A new Chaos of Battle game of `scenario`, hosted by its umpire, as
// tests/unit/game_chaos_cli_test.cpp makes one; the keys beside it.
void make_chaos_game(const fs::path& work, const fs::path& scenario) {
  std::string cards;
  for (std::string party : {"union", "confederate", "umpire"}) {
    fs::copy_file(source_dir() / "samples" / "keys" / (party + ".key"), work / (party + ".key"));
    fs::permissions(work / (party + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    auto joined =
        run_adjutant("join --game meet --side " + party + " --name " + party + " --email " + party +
                         "@example.org --key " + party + ".key --out " + party + ".card.json",
                     work);
    REQUIRE(joined.exit == 0);
    cards += " --card " + party + ".card.json";
  }
  auto made = run_adjutant("new game --name meet --scenario '" + scenario.string() + "'" + cards +
                               " --key umpire.key --created 2026-11-01T09:00:00Z",
                           work);
  INFO(made.err);
  REQUIRE(made.exit == 0);
}

}  // namespace

TEST_CASE(
    "each Chaos of Battle example of docs/orders.md, given to a new game, is read, checked "
    "and echoed as the document says, and signed",
    "[game][text][chaos]") {
  TempDir tmp("text-orders-chaos");
  adjutant::testing::ScopedSecrets secrets(tmp.path() / "secrets");
  std::string doc = adjutant::read_file(source_dir() / "docs" / "orders.md");
  std::regex example(
      R"(On a new game of (scenarios/[a-z/-]+\.json) \(([A-Za-z]+), turn 1\)(, refused)?:\n\n```\n([^`]*)```\n\n(?:is read as|with)\n\n```(?:json)?\n([^`]*)```(?:\n\nand understood as\n\n```\n([^`]*)```)?)");
  int read = 0, refused = 0;
  fs::path made_of;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), example);
       it != std::sregex_iterator(); ++it) {
    fs::path scenario = source_dir() / std::string((*it)[1]);
    if (made_of.empty()) {
      make_chaos_game(tmp.path(), scenario);
      made_of = scenario;
    }
    REQUIRE(scenario == made_of);
    std::string side = adjutant::rules::text::lower(std::string((*it)[2]));
    INFO(side << "\n" << (*it)[4]);
    put(tmp.path() / "orders.txt", (*it)[4]);
    std::string before = folder_hash(tmp.path() / "game");
    auto r = run_adjutant("orders game --side " + side + " orders.txt", tmp.path());
    INFO(r.out << r.err);
    if ((*it)[3].matched) {
      // A refusal: the lines the document shows, and nothing written.
      CHECK(r.exit == 1);
      CHECK(r.out.empty());
      CHECK(adjutant::testing::text_lines(r.err) == adjutant::testing::text_lines((*it)[5]));
      ++refused;
    } else {
      REQUIRE(r.exit == 0);
      CHECK(Json::parse(r.out) == Json::parse(std::string((*it)[5])));
      std::vector<std::string> echo = adjutant::testing::text_lines((*it)[6]);
      REQUIRE(!echo.empty());
      CHECK(lines_after_first(r.err) == echo);
      // sign takes the text; check of the signed file echoes the same.
      auto s = run_adjutant(
          "sign orders.txt --game game --key " + side + ".key --out " + side + ".signed.json",
          tmp.path());
      REQUIRE(s.exit == 0);
      auto c = run_adjutant("check game " + side + ".signed.json --json", tmp.path());
      REQUIRE(c.exit == 0);
      CHECK(Json::parse(c.out)["echo"].get<std::vector<std::string>>() == echo);
      ++read;
    }
    CHECK(folder_hash(tmp.path() / "game") == before);
  }
  CHECK(read >= 2);
  CHECK(refused >= 2);
}

TEST_CASE("a line of 2,000 unit names is read in time linear in the names", "[game][text]") {
  TempDir tmp("text-many-names");
  make_sample_game(tmp.path() / "game", false);
  std::string line = "attack 0604 with";
  const char* names[] = {"1/Heth", "2/Heth", "Pegram"};
  for (int i = 0; i < 2000; ++i) line += std::string(" ") + names[i % 3];
  put(tmp.path() / "many.txt", line + " advance 1/Heth\n");
  auto start = std::chrono::steady_clock::now();
  auto r = run_adjutant("orders game many.txt", tmp.path());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(r.err.substr(0, 2000));
  WARN("2,000 names read and checked in " << seconds << " s");
  CHECK(seconds < 3.0);
  // Read to the end: what stops it is the rules (each unit attacks once,
  // rule 8.41), not the reader.
  CHECK(r.exit == 1);
  CHECK(r.err.find("[attack.twice]") != std::string::npos);
  CHECK(r.err.find("[text.") == std::string::npos);
}
