// adjutant view --orders: the order page, and the checker it carries
// (src/web/order_check.*, compiled to WebAssembly by wasm/). The checker
// answers as `adjutant orders` does; the page is one self-contained file;
// opened in headless Chromium, a whole phase of a sample game clicked on it
// exports the body the sample's adjudication took, and an illegal click
// shows the CLI's error id; the same for a turn of the 1961 Chancellorsville.
#include <sys/wait.h>
#include <zlib.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

#include "game/adjudicate.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "report/inline_script.h"
#include "report/order_page.h"
#include "report/order_page_wasm.h"
#include "rules/hex_ruleset.h"
#include "rules/notation.h"
#include "support/cli_game.h"
#include "support/cli_harness.h"
#include "support/page_engine.h"
#include "util/error.h"
#include "util/files.h"
#include "web/answer.h"
#include "web/order_check.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

// The bytes a gzip member inflates to (the page's module).
std::string gunzip(const std::string& gz) {
  z_stream z{};
  REQUIRE(inflateInit2(&z, 16 + MAX_WBITS) == Z_OK);
  std::string out;
  char buf[65536];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
  z.avail_in = uInt(gz.size());
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    status = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
  }
  inflateEnd(&z);
  CHECK(status == Z_STREAM_END);
  return out;
}

const fs::path kSamples = source_dir() / "samples" / "games";

// A copy of a sample game as it stood after its first `lines` log lines:
// the orders of the next line are due.
fs::path game_at(const TempDir& work, const std::string& sample, int lines) {
  fs::path dir = work.path() / (sample + "-" + std::to_string(lines));
  fs::copy(kSamples / sample, dir, fs::copy_options::recursive);
  std::string log = adjutant::read_file(dir / "log.jsonl"), kept;
  std::size_t at = 0;
  for (int i = 0; i < lines; ++i) {
    std::size_t end = log.find('\n', at);
    kept += log.substr(at, end + 1 - at);
    at = end + 1;
  }
  std::ofstream(dir / "log.jsonl", std::ios::trunc) << kept;
  return dir;
}

// The order body of log line `seq` of a sample (its envelope fields dropped).
Json sample_orders(const std::string& sample, int seq) {
  std::string log = adjutant::read_file(kSamples / sample / "log.jsonl");
  std::size_t at = 0;
  for (int i = 0; i < seq; ++i) at = log.find('\n', at) + 1;
  Json body = Json::parse(log.substr(at, log.find('\n', at) - at))["body"]["body"];
  Json out = Json::object();
  for (const char* k : {"moves", "attacks", "standing"})
    if (body.contains(k)) out[k] = body[k];
  return out;
}

Json sample_echo(const std::string& sample, int seq) {
  std::string log = adjutant::read_file(kSamples / sample / "log.jsonl");
  std::size_t at = 0;
  for (int i = 0; i < seq; ++i) at = log.find('\n', at) + 1;
  return Json::parse(log.substr(at, log.find('\n', at) - at))["body"]["echo"];
}

Json setup_of(const adjutant::game::ReadGame& g, const std::string& side) {
  const auto& ruleset = g.archive.ruleset();
  return {{"scenario", g.archive.scenario_json()},
          {"version", ruleset.version()},
          {"state", ruleset.view(g.replay.state(), side).to_json()},
          {"side", side}};
}

// Turn 2, Confederate, of skirmish-noumpire: the orders of log line 5 are
// due. What the sample sent, with 2/Heth's destination spelt out as the
// path the adjudication took (the page builds paths by clicking), and the
// standing orders as the page sends them (every field).
Json clicked_phase() {
  return Json::parse(R"({
    "moves": [
      {"unit": "1/Heth", "path": ["0402", "0502", "0602", "0603"]},
      {"unit": "2/Heth", "path": ["0502", "0602", "0603"]},
      {"unit": "1/Pender", "path": ["0801", "0901", "1001", "1002", "1003"]}],
    "attacks": [
      {"attackers": ["1/Heth", "2/Heth", "Pegram"], "defenders": ["0604"], "advance": "1/Heth"},
      {"attackers": ["1/Pender"], "defenders": ["1004"], "advance": "1/Pender"}],
    "standing": {"retreat": {"prefer": "toward", "hex": "0101"}, "cavalry_evade": true,
                 "advance": false, "losses": "fewest_units"}})");
}

bool chromium_present() {
  return std::system("command -v chromium >/dev/null 2>&1") == 0;
}

// Whether an order page can be written and opened in headless Chromium;
// says why not when it cannot.
bool pages_clickable() {
  if (adjutant::report::order_wasm().present() && chromium_present()) return true;
  WARN(
      "SKIPPED: " << (chromium_present() ? "built without emscripten" : "chromium is not installed")
                  << ", so the order page was not clicked (make deps installs both)");
  return false;
}

}  // namespace

TEST_CASE("the order checker answers as the CLI's check does", "[web][orders]") {
  TempDir work("order-check");
  fs::path dir = game_at(work, "skirmish-noumpire", 5);
  adjutant::game::ReadGame g(dir);
  adjutant::web::OrderChecker checker(setup_of(g, "confederate"));

  SECTION("the sample's orders: valid, echoed as the adjudication echoed them") {
    Json r = checker.check(sample_orders("skirmish-noumpire", 5));
    INFO(r.dump(2));
    REQUIRE(r["ok"] == true);
    CHECK(r["echo"] == sample_echo("skirmish-noumpire", 6));
    // The preview: each move's path and MP, each attack's odds (8.1).
    REQUIRE(r["moves"].size() == 3);
    CHECK(r["moves"][1]["unit"] == "2/Heth");
    CHECK(r["moves"][1]["path"] == Json::array({"0502", "0602", "0603"}));
    CHECK(r["moves"][1]["mp"] == 2);
    CHECK(r["moves"][1]["of"] == 6);
    CHECK(r["moves"][1]["order"] == 2);
    REQUIRE(r["attacks"].size() == 2);
    CHECK(r["attacks"][0] == Json::parse(R"({"order": 4, "odds": "2-1", "attack": 26,
                                             "defence": 12, "best": "2-1"})"));
    CHECK(r["attacks"][1]["order"] == 5);
  }

  SECTION("the clicked body of the same phase is understood the same way") {
    Json r = checker.check(clicked_phase());
    INFO(r.dump(2));
    REQUIRE(r["ok"] == true);
    CHECK(r["echo"] == sample_echo("skirmish-noumpire", 6));
  }

  SECTION("a refusal: the CLI's ids and words, and what was understood so far") {
    Json body = clicked_phase();
    body["moves"][2]["path"].push_back("1004");  // into Buford's hex
    Json r = checker.check(body);
    INFO(r.dump(2));
    REQUIRE(r["ok"] == false);
    fs::path file = work.path() / "refused.json";
    adjutant::write_file_atomic(file, body.dump());
    auto cli = run_adjutant("orders '" + dir.string() + "' '" + file.string() + "'");
    REQUIRE(cli.exit == 1);
    CHECK(r["error"] == r["problems"][0]["id"]);
    for (const auto& p : r["problems"]) {
      // The CLI says "FILE: <text>"; the page "orders: <text>".
      CHECK(cli.err.find(file.string() + ": " + p["text"].get<std::string>()) != std::string::npos);
      CHECK(r["refusal"].get<std::string>().find("orders: " + p["text"].get<std::string>()) !=
            std::string::npos);
    }
    CHECK(cli.err.find("[" + r["error"].get<std::string>() + "]") != std::string::npos);
    // The two moves before it and the first attack are still shown.
    CHECK(r["moves"].size() == 2);
    CHECK(r["attacks"].size() >= 1);
  }

  SECTION(
      "a unit the state marks ineffective (10.0) may not attack; an undeclared mark is refused") {
    Json setup = setup_of(g, "confederate");
    setup["state"]["units"]["1/Pender"]["ineffective"] = true;
    adjutant::web::OrderChecker marked(setup);
    Json r = marked.check(clicked_phase());
    INFO(r.dump(2));
    REQUIRE(r["ok"] == false);
    bool named = false;
    for (const auto& p : r["problems"])
      named = named || (p["id"] == "attack.ineffective" && p["rule"] == "10.0");
    CHECK(named);
    // The page reads the state as the ruleset declares it: no other mark.
    setup["state"]["units"]["1/Pender"]["routed"] = true;
    CHECK_THROWS_WITH(adjutant::web::OrderChecker(setup), Catch::Contains("routed"));
  }

  SECTION("a move half built shows its MP so far, though the phase is refused") {
    Json body = {{"moves", Json::array({{{"unit", "1/Pender"}, {"path", {"0801", "0901"}}}})},
                 {"attacks", Json::array({{{"attackers", {"Jenkins"}}, {"defenders", {"0101"}}}})}};
    Json r = checker.check(body);
    REQUIRE(r["ok"] == false);
    REQUIRE(r["moves"].size() == 1);
    CHECK(r["moves"][0]["mp"] == 1);
  }

  SECTION("text: the notation of docs/orders.md, read back to the same body") {
    Json r = checker.text(clicked_phase());
    REQUIRE(r["ok"] == true);
    auto notation = adjutant::rules::make_notation("bluegray");
    CHECK(r["text"] == notation->print(clicked_phase()));
    auto back = notation->parse(r["text"].get<std::string>(), "t", {&g.archive.ruleset(), nullptr},
                                "confederate");
    CHECK(back.body == clicked_phase());
  }

  SECTION("the one-call interface the WebAssembly build exports") {
    using adjutant::web::answer;
    CHECK(Json::parse(answer(R"({"op":"check","body":{}})"))["error"] == "web.request");
    // Loading hashes the scenario: the engine asks the page for it (the
    // page's WebCrypto, here the program's own) and is asked again. What
    // an earlier request taught the engine is forgotten first.
    CHECK(Json::parse(answer(R"({"op":"forget"})"))["ok"] == true);
    Json first =
        Json::parse(answer(Json({{"op", "load"}, {"setup", setup_of(g, "confederate")}}).dump()));
    CHECK(first.contains("need"));
    adjutant::testing::PageEngine page;
    Json loaded = page.ask({{"op", "load"}, {"setup", setup_of(g, "confederate")}});
    CHECK(loaded == Json::parse(R"({"ok": true, "side": "confederate"})"));
    Json r = Json::parse(answer(Json({{"op", "check"}, {"body", clicked_phase()}}).dump()));
    CHECK(r["ok"] == true);
    CHECK(Json::parse(answer("{"))["error"].get<std::string>().rfind("json.", 0) == 0);
    CHECK(Json::parse(answer(R"({"op":"fly"})"))["error"] == "web.request");
    CHECK(Json::parse(answer(R"({"op":"load","setup":{"version":1}})"))["error"] == "web.setup");
    Json bad = Json::parse(answer(R"({"op":"check","body":{"moves":7}})"));
    CHECK(bad["ok"] == false);
    CHECK(bad["error"] == "orders.wrong_type");
  }
}

// What a program built without emscripten says, in every build: the page
// is refused before anything is read or written.
TEST_CASE("without its WebAssembly checker the order page is refused (view.no_order_page)",
          "[view][orders]") {
  TempDir work("no-wasm");
  fs::path dir = game_at(work, "skirmish-noumpire", 5);
  std::string before = folder_hash(dir);
  adjutant::game::ReadGame g(dir);
  try {
    adjutant::report::order_page(g.archive, g.replay.state(), "", adjutant::report::OrderWasm{});
    FAIL("an order page was built without its checker");
  } catch (const adjutant::Error& e) {
    CHECK(e.id() == "view.no_order_page");
    CHECK(e.exit_code() == adjutant::Exit::kEnvironment);
  }
  CHECK(folder_hash(dir) == before);
  // With the program's own checker (when it carries one) the same call builds it.
  if (adjutant::report::order_wasm().present())
    CHECK(!adjutant::report::order_page(g.archive, g.replay.state(), "").empty());
}

TEST_CASE("view --orders writes the order page, or says why not", "[view][orders]") {
  TempDir work("order-page");
  fs::path dir = game_at(work, "skirmish-noumpire", 5);
  const bool wasm = adjutant::report::order_wasm().present();

  if (!wasm) {
    auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                          "' --orders");
    CHECK(r.exit == 4);
    CHECK(r.err.find("[view.no_order_page]") != std::string::npos);
    CHECK(!fs::exists(work.path() / "p"));
    WARN("SKIPPED: built without emscripten, so no order page was written (make deps installs it)");
    return;
  }

  SECTION("one self-contained page: map, data, checker; no network, no key") {
    std::string before = folder_hash(dir);
    auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                          "' --orders");
    INFO(r.out << r.err);
    REQUIRE(r.exit == 0);
    CHECK(folder_hash(dir) == before);
    std::string page = adjutant::read_file(work.path() / "p" / "index.html");
    CHECK(page.find("default-src 'none'") != std::string::npos);
    CHECK(page.find("'wasm-unsafe-eval'") != std::string::npos);
    CHECK(page.find("src=\"http") == std::string::npos);
    CHECK(page.find("orders of Confederate, turn 2") != std::string::npos);
    // The module gzipped, as base64: it inflates to WebAssembly ("\0asm",
    // version 1) that is the program's, which the page loaded here too.
    std::size_t m = page.find("id=\"order-wasm\">") + 16;
    std::string module =
        gunzip(adjutant::ledger::from_base64(page.substr(m, page.find("</script>", m) - m)));
    CHECK(module.substr(0, 8) == std::string("\0asm\1\0\0\0", 8));
    CHECK(adjutant::ledger::base64(adjutant::report::order_wasm().module) ==
          page.substr(m, page.find("</script>", m) - m));
    CHECK(page.find("AdjutantOrderCheck") != std::string::npos);
    CHECK(page.find("private") == std::string::npos);  // never asks for a key
    // The data the page checks with: the scenario, the state, the side.
    std::size_t a = page.find("id=\"order-data\">") + 16;
    Json data = Json::parse(page.substr(a, page.find("</script>", a) - a));
    CHECK(data["side"] == "confederate");
    CHECK(data["enemy"] == "union");
    CHECK(data["setup"]["scenario"] == adjutant::game::Archive::open(dir).scenario_json());
    CHECK(data["hexes"].size() == 12 * 10);  // every hex of the map, 0101 to 1210
    CHECK(data["standing"]["retreat"]["hex"] == "0101");
    // The same bytes from the same archive.
    auto again = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "q").string() +
                              "' --orders --side confederate");
    REQUIRE(again.exit == 0);
    CHECK(adjutant::read_file(work.path() / "q" / "index.html") == page);
  }

  SECTION("refused: orders not due, the game over, a phase without a page (1961 set-up)") {
    auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "u").string() +
                          "' --orders --side union");
    CHECK(r.exit == 1);
    CHECK(r.err.find("[view.orders_not_due]") != std::string::npos);
    CHECK(!fs::exists(work.path() / "u"));
    r = run_adjutant("view '" + (kSamples / "skirmish-conceded").string() + "' --out '" +
                     (work.path() / "c").string() + "' --orders");
    CHECK(r.exit == 1);
    CHECK(r.err.find("[view.orders_game_over]") != std::string::npos);
    fs::path ah = game_at(work, "ah1961-sample", 1);
    r = run_adjutant("view '" + ah.string() + "' --out '" + (work.path() / "a").string() +
                     "' --orders");
    CHECK(r.exit == 2);
    CHECK(r.err.find("[view.orders_ruleset]") != std::string::npos);
    CHECK(!fs::exists(work.path() / "a"));
  }
}

TEST_CASE("a whole phase clicked on the order page in headless Chromium",
          "[view][orders][chromium][slow]") {
  if (!pages_clickable()) return;
  TempDir work("order-page-chromium");
  fs::path dir = game_at(work, "skirmish-noumpire", 5);
  auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                        "' --orders");
  REQUIRE(r.exit == 0);
  // Turn 2, Confederate: three moves hex by hex (one illegal click, taken
  // back), two attacks with their advances, the standing orders.
  Json actions = Json::parse(R"([
    {"unit": "1/Heth"}, {"hex": "0502"}, {"hex": "0602"}, {"hex": "0603"}, {"button": "done"},
    {"unit": "2/Heth"}, {"hex": "0602"}, {"hex": "0603"}, {"button": "done"},
    {"hex": "0801"}, {"hex": "0901"}, {"hex": "1001"}, {"hex": "1002"}, {"hex": "1003"},
    {"hex": "1004"}, {"button": "undo"}, {"button": "done"},
    {"button": "new-attack"}, {"hex": "0604"}, {"hex": "0603"}, {"hex": "0603"}, {"hex": "0602"},
    {"choose": ["advance", "1/Heth"]},
    {"button": "new-attack"}, {"hex": "1004"}, {"hex": "1003"}, {"choose": ["advance", "1/Pender"]},
    {"choose": ["st-prefer", "toward"]}, {"choose": ["st-hex", "0101"]}, {"tick": ["st-evade", true]}
  ])");
  fs::path script = work.path() / "actions.json";
  adjutant::write_file_atomic(script, actions.dump());
  fs::path out = work.path() / "browser.json";
  std::string cmd = "/usr/bin/python3 '" + (source_dir() / "tests/tools/order_page.py").string() +
                    "' '" + (work.path() / "p" / "index.html").string() + "' '" + script.string() +
                    "' >'" + out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  std::string text = adjutant::read_file(out);
  INFO(text);
  REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  Json b = Json::parse(text);
  CHECK(b["errors"].empty());
  CHECK(b["requests"].empty());  // nothing fetched: the rules run in the page
  const Json& steps = b["steps"];
  REQUIRE(steps.size() == actions.size());

  // The MP spent, hex by hex, as the rules count them.
  CHECK(steps[3]["moves"][0] ==
        "1. 1/Heth: 0402 - 0502 (1 of 6 MP) - 0602 (2 of 6 MP) - 0603 (3 of 6 MP)");
  // Clicking 0801 with nothing selected picks 1/Pender there.
  CHECK(steps[9]["moves"][2].get<std::string>().rfind("3. 1/Pender: 0801", 0) == 0);
  // The illegal click: into an enemy's hex. Its error id and words are the
  // CLI's for the same body.
  const Json& bad = steps[14];
  CHECK(bad["step"]["hex"] == "1004");
  REQUIRE(!bad["problems"].empty());
  std::string id = bad["check"];
  CHECK(id.rfind("move.", 0) == 0);
  {
    Json body = clicked_phase();
    body["moves"][2]["path"].push_back("1004");
    body["attacks"] = Json::array();
    body.erase("standing");
    fs::path file = work.path() / "bad.json";
    adjutant::write_file_atomic(file, body.dump());
    auto cli = run_adjutant("orders '" + dir.string() + "' '" + file.string() + "'");
    CHECK(cli.exit == 1);
    std::string first = cli.err.substr(0, cli.err.find('\n'));
    CHECK(first.find("[" + id + "]") != std::string::npos);
    CHECK(first.substr(file.string().size() + 2) == bad["problems"][0].get<std::string>());
  }
  CHECK(steps[15]["check"] != id);  // undone
  // The odds of each attack as it is built (8.1).
  CHECK(steps[21]["odds"][0] == "2-1");
  CHECK(steps[25]["odds"][1] == "2-1");

  const Json& last = b["final"];
  CHECK(last["check"] == "ok");
  CHECK(last["echo"] == sample_echo("skirmish-noumpire", 6));
  // The export: the body the sample's adjudication took, as JSON and as text.
  CHECK(Json::parse(b["json"].get<std::string>()) == clicked_phase());
  CHECK(b["download"] == "orders-confederate-turn2.txt");
  fs::path as_text = work.path() / "orders.txt";
  adjutant::write_file_atomic(as_text, b["text"].get<std::string>());
  auto cli = run_adjutant("orders '" + dir.string() + "' '" + as_text.string() + "'");
  INFO(cli.err);
  REQUIRE(cli.exit == 0);
  CHECK(Json::parse(cli.out) == clicked_phase());
}

namespace {

// Runs tests/tools/order_page.py on `page` with `actions`; its report.
Json click_page(const TempDir& work, const fs::path& page, const Json& actions) {
  fs::path script = work.path() / "actions.json";
  adjutant::write_file_atomic(script, actions.dump());
  fs::path out = work.path() / "browser.json";
  std::string cmd = "/usr/bin/python3 '" + (source_dir() / "tests/tools/order_page.py").string() +
                    "' '" + page.string() + "' '" + script.string() + "' >'" + out.string() +
                    "' 2>&1";
  int status = std::system(cmd.c_str());
  std::string text = adjutant::read_file(out);
  INFO(text);
  REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  return Json::parse(text);
}

}  // namespace

TEST_CASE("a whole 1961 turn clicked on the order page in headless Chromium",
          "[view][orders][chromium][slow][ah1961]") {
  if (!pages_clickable()) return;
  TempDir work("order-page-1961");
  // samples/games/ah1961-bot, turn 2, Confederate: the orders of log line
  // 17 are due. Early moves two squares; A.P.Hill attacks the two batteries
  // of 1709 (units, not a square: each click on it takes the next one),
  // names where each retreats if it loses, and advances.
  fs::path dir = game_at(work, "ah1961-bot", 17);
  auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                        "' --orders");
  INFO(r.err);
  REQUIRE(r.exit == 0);
  std::string page = adjutant::read_file(work.path() / "p" / "index.html");
  CHECK(page.find("orders of Confederate, turn 2") != std::string::npos);
  Json actions = Json::parse(R"([
    {"unit": "Early"}, {"hex": "1611"}, {"hex": "1511"}, {"button": "done"},
    {"unit": "A.P.Hill"}, {"hex": "1709"}, {"button": "clear"},
    {"button": "new-attack"}, {"hex": "1709"}, {"hex": "1709"}, {"hex": "1810"},
    {"choose": ["advance", "A.P.Hill"]},
    {"choose": ["retreat-unit", "Art/XI"]}, {"button": "retreat-pick"}, {"hex": "1608"},
    {"hex": "1509"},
    {"choose": ["retreat-unit", "Art/XII"]}, {"button": "retreat-pick"}, {"hex": "1608"},
    {"hex": "1509"}
  ])");
  Json b = click_page(work, work.path() / "p" / "index.html", actions);
  CHECK(b["errors"].empty());
  CHECK(b["requests"].empty());
  const Json& steps = b["steps"];
  REQUIRE(steps.size() == actions.size());
  CHECK(steps[3]["moves"][0] == "1. Early: 1612 - 1611 - 1511");
  // The squares it spends, though the turn is refused until A.P.Hill, in
  // the zone of the batteries, attacks them (secondary.3).
  CHECK(steps[3]["check"] == "attack.missing_attacker");
  CHECK(steps[3]["echo"][0] == "Early moves 1612-1611-1511, 2 of 4 squares");

  // The illegal click: A.P.Hill into the enemy's square. Its id and words
  // are the CLI's for the same body; dropping the move clears it.
  const Json& bad = steps[5];
  REQUIRE(!bad["problems"].empty());
  std::string id = bad["check"];
  CHECK(id.rfind("move.", 0) == 0);
  {
    Json body = {{"moves", Json::array({{{"unit", "Early"}, {"path", {"1612", "1611", "1511"}}},
                                        {{"unit", "A.P.Hill"}, {"path", {"1810", "1709"}}}})}};
    fs::path file = work.path() / "bad.json";
    adjutant::write_file_atomic(file, body.dump());
    auto cli = run_adjutant("orders '" + dir.string() + "' '" + file.string() + "'");
    CHECK(cli.exit == 1);
    std::string first = cli.err.substr(0, cli.err.find('\n'));
    CHECK(first.find("[" + id + "]") != std::string::npos);
    CHECK(first.substr(file.string().size() + 2) == bad["problems"][0].get<std::string>());
  }
  CHECK(steps[6]["check"] == "attack.missing_attacker");  // the move dropped
  CHECK(steps[10]["check"] == "ok");
  // Both batteries of the square, by two clicks.
  CHECK(steps[9]["attacks"][0].get<std::string>().rfind("attack Art/XI Art/XII with", 0) == 0);

  const Json& last = b["final"];
  CHECK(last["check"] == "ok");
  CHECK(last["echo"] == sample_echo("ah1961-bot", 18));
  Json expected = sample_orders("ah1961-bot", 17);
  CHECK(Json::parse(b["json"].get<std::string>()) == expected);
  CHECK(b["download"] == "orders-confederate-turn2.txt");
  // The text export reads back, through `adjutant orders`, into the same body.
  fs::path as_text = work.path() / "orders.txt";
  adjutant::write_file_atomic(as_text, b["text"].get<std::string>());
  auto cli = run_adjutant("orders '" + dir.string() + "' '" + as_text.string() + "'");
  INFO(cli.err << b["text"].get<std::string>());
  REQUIRE(cli.exit == 0);
  CHECK(Json::parse(cli.out) == expected);
}

TEST_CASE("1961 group moves, substitutions and bridges clicked on the order page",
          "[view][orders][chromium][slow][ah1961]") {
  if (!pages_clickable()) return;
  TempDir work("order-page-1961-more");
  // Three phases of samples/games/ah1961-sample, each clicked whole: the
  // page's JSON export is the body the sample's adjudication took, its
  // echo the adjudication's, and its text export reads back into the body.
  struct Phase {
    int line;  // the log line whose orders are clicked
    std::string title;
    const char* actions;
  };
  const std::vector<Phase> phases = {
      // Union, turn 1: 1/V and 2/V move together (log line 11).
      {11, "orders of Union, turn 1", R"([
        {"unit": "3/II"}, {"hex": "2210"}, {"button": "done"},
        {"unit": "Pleasonton"}, {"hex": "2610"}, {"hex": "2611"}, {"button": "done"},
        {"unit": "1/V"}, {"button": "group-add"}, {"hex": "2207"}, {"hex": "2107"},
        {"button": "done"}])"},
      // Confederate, turn 1: Anderson breaks down into five brigades, and
      // Wilcox moves from its square; the cavalry attacks three units,
      // clicked by their squares (2310's second unit alone: a third click
      // there takes its first one out) and by their buttons for the
      // attackers, in the sample's order (log line 13).
      {13, "orders of Confederate, turn 1", R"([
        {"unit": "W.H.F.Lee"}, {"hex": "2013"}, {"hex": "2113"}, {"hex": "2112"}, {"hex": "2111"},
        {"button": "done"},
        {"unit": "F.Lee"}, {"hex": "1913"}, {"hex": "2013"}, {"hex": "2113"}, {"hex": "2112"},
        {"hex": "2111"}, {"button": "done"},
        {"choose": ["sub-division", "Anderson"]}, {"button": "sub-new"},
        {"choose": ["sub-brigade", "Wilcox"]}, {"button": "sub-add"},
        {"choose": ["sub-brigade", "Mahone"]}, {"button": "sub-add"},
        {"choose": ["sub-brigade", "Posey"]}, {"button": "sub-add"},
        {"choose": ["sub-brigade", "Wright"]}, {"button": "sub-add"},
        {"choose": ["sub-brigade", "Perry"]}, {"button": "sub-add"},
        {"unit": "Wilcox"}, {"hex": "1715"}, {"hex": "1815"}, {"button": "done"},
        {"button": "new-attack"}, {"hex": "2210"}, {"hex": "2209"}, {"hex": "2310"},
        {"hex": "2310"}, {"hex": "2310"}, {"unit": "W.H.F.Lee"}, {"unit": "F.Lee"}])"},
      // Union, turn 4: Bridge/3 bridges 2110 to 2111 (log line 23).
      {23, "orders of Union, turn 4", R"([
        {"unit": "1/II"}, {"hex": "2111"}, {"button": "done"},
        {"unit": "Boat/1"}, {"hex": "2109"}, {"button": "done"},
        {"choose": ["bridge-unit", "Bridge/3"]}, {"button": "bridge-new"},
        {"hex": "2110"}, {"hex": "2111"}])"},
  };
  for (const auto& p : phases) {
    INFO("log line " << p.line);
    fs::path dir = game_at(work, "ah1961-sample", p.line);
    fs::path out = work.path() / ("p" + std::to_string(p.line));
    auto r = run_adjutant("view '" + dir.string() + "' --out '" + out.string() + "' --orders");
    INFO(r.err);
    REQUIRE(r.exit == 0);
    CHECK(adjutant::read_file(out / "index.html").find(p.title) != std::string::npos);
    Json actions = Json::parse(p.actions);
    Json b = click_page(work, out / "index.html", actions);
    CHECK(b["errors"].empty());
    CHECK(b["requests"].empty());
    const Json& last = b["final"];
    INFO(last.dump(1));
    CHECK(last["check"] == "ok");
    CHECK(last["echo"] == sample_echo("ah1961-sample", p.line + 1));
    Json expected = sample_orders("ah1961-sample", p.line);
    CHECK(Json::parse(b["json"].get<std::string>()) == expected);
    fs::path as_text = work.path() / ("orders-" + std::to_string(p.line) + ".txt");
    adjutant::write_file_atomic(as_text, b["text"].get<std::string>());
    auto cli = run_adjutant("orders '" + dir.string() + "' '" + as_text.string() + "'");
    INFO(cli.err << b["text"].get<std::string>());
    REQUIRE(cli.exit == 0);
    CHECK(Json::parse(cli.out) == expected);
    if (p.line == 11) {
      CHECK(last["moves"][2] == "3. 1/V 2/V: 2307 - 2207 - 2107");
      CHECK(b["text"].get<std::string>().find("1/V 2/V 2307 2207 2107") != std::string::npos);
    }
    if (p.line == 13) {
      CHECK(last["moves"][2] == "3. substitute Anderson by Wilcox Mahone Posey Wright Perry");
      CHECK(b["text"].get<std::string>().find("substitute Anderson by") != std::string::npos);
    }
    if (p.line == 23) {
      CHECK(last["moves"][2] == "3. build Bridge/3 across 2110 to 2111");
      CHECK(b["text"].get<std::string>().find("build Bridge/3") != std::string::npos);
    }
  }
}

TEST_CASE("in a browser that cannot inflate its checker the order page says so and how to go on",
          "[view][orders][chromium]") {
  if (!pages_clickable()) return;
  TempDir work("order-page-old-browser");
  fs::path dir = game_at(work, "skirmish-noumpire", 5);
  auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                        "' --orders");
  REQUIRE(r.exit == 0);
  // The page carries its checker gzipped; without DecompressionStream (a
  // browser older than Chromium 80, Firefox 113, Safari 16.4) it cannot
  // check, and says so rather than failing silently.
  Json b = click_page(work, work.path() / "p" / "index.html",
                      Json{{"hide", Json::array({"DecompressionStream"})}});
  CHECK(b["check"] == "no-checker");
  CHECK(b["ready"].is_null());
  std::string said = b["result"];
  CHECK(said.find("DecompressionStream") != std::string::npos);
  CHECK(said.find("adjutant orders") != std::string::npos);
}

TEST_CASE("every JSON in a page writes < as \\u003c: no string ends or comments out a script",
          "[view][orders]") {
  Json hostile = {{"title", "<!--<script>alert(1)</script>"}, {"a<b", "</"}};
  std::string text = adjutant::report::script_json(hostile);
  CHECK(text.find('<') == std::string::npos);
  CHECK(Json::parse(text) == hostile);
  if (!adjutant::report::order_wasm().present()) {
    WARN("SKIPPED: built without emscripten, so no order page (make deps installs it)");
    return;
  }
  // A scenario whose title opens a comment and a script: the page's data
  // block holds no "<", and reads back the same title.
  TempDir work("hostile-page");
  Json scenario =
      Json::parse(adjutant::read_file(source_dir() / "scenarios" / "bluegray-skirmish.json"));
  scenario["title"] = "Ely's Mill <!--<script>";
  adjutant::write_file_atomic(work.path() / "hostile.json", scenario.dump(2));
  adjutant::testing::CliGame game(work.path(), "hostile", (work.path() / "hostile.json").string());
  auto r = run_adjutant("view game --out p --orders", work.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  std::string page = adjutant::read_file(work.path() / "p" / "index.html");
  std::size_t a = page.find("id=\"order-data\">") + 16;
  std::string block = page.substr(a, page.find("</script>", a) - a);
  CHECK(block.find('<') == std::string::npos);
  CHECK(Json::parse(block)["setup"]["scenario"]["title"] == scenario["title"]);
  CHECK(page.find("<!--<script>") == std::string::npos);
}
