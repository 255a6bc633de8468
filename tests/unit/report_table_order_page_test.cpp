// The Chaos of Battle order page (adjutant view --orders on a table game):
// its checker checks a side's orders from that side's view and part of the
// scenario and answers as the umpire's check of the whole state does; the
// page holds nothing the side may not see (the same bytes whatever the
// enemy's hidden facts are); and, in headless Chromium, a whole turn of
// samples/games/chaos-meeting-bot clicked on it exports the order file the
// bot played, an illegal click showing the CLI's error id and words.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

#include "game/adjudicate.h"
#include "game/archive.h"
#include "game/text_orders.h"
#include "ledger/jcs.h"
#include "report/order_page.h"
#include "report/order_page_table.h"
#include "report/order_page_wasm.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/scenario_part.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/turn.h"
#include "rules/chaos/view.h"
#include "support/cli_harness.h"
#include "util/error.h"
#include "util/files.h"
#include "web/order_check.h"

namespace table_page_test {

namespace fs = std::filesystem;
namespace chaos = adjutant::rules::chaos;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

const char* const kSample = "chaos-meeting-bot";
// The same table played at chaos version 3 (limbering among its events).
const char* const kSampleV3 = "chaos-meeting-v3-bot";

fs::path sample_dir(const std::string& sample = kSample) {
  return source_dir() / "samples" / "games" / sample;
}

// A copy of the sample as it stood after its first `lines` log lines.
fs::path copy_at(const TempDir& work, int lines, const std::string& sample = kSample) {
  fs::path dir = work.path() / (sample + "-" + std::to_string(lines));
  fs::copy(sample_dir(sample), dir, fs::copy_options::recursive);
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

// The order body of log line `seq` (1-based), without its envelope fields.
Json played(int seq, const std::string& sample = kSample) {
  std::string log = adjutant::read_file(sample_dir(sample) / "log.jsonl");
  std::size_t at = 0;
  for (int i = 1; i < seq; ++i) at = log.find('\n', at) + 1;
  Json body = Json::parse(log.substr(at, log.find('\n', at) - at))["body"]["body"];
  for (const char* k :
       {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
    body.erase(k);
  return body;
}

Json table_setup_of(const adjutant::game::ReadGame& g, const std::string& side) {
  const auto& ruleset = g.archive.ruleset();
  return {{"scenario", chaos::side_part(g.archive.scenario_json(), side)},
          {"version", ruleset.version()},
          {"state", ruleset.view(g.replay.state(), side).to_json()},
          {"side", side}};
}

// What `adjutant orders` makes of a body on the umpire's copy: ok and the
// echo, or the problems' texts.
Json cli_check(const adjutant::game::ReadGame& g, const std::string& side, const Json& body) {
  try {
    auto c = adjutant::game::check_written_orders(g.archive, g.replay.state(), side, body,
                                                  adjutant::web::kOrderSource);
    return {{"ok", true}, {"echo", c.echo}};
  } catch (const adjutant::rules::OrdersRefused& e) {
    Json texts = Json::array();
    for (const auto& p : e.problems()) texts.push_back(p.text());
    return {{"ok", false}, {"error", e.problems().front().id}, {"problems", texts}};
  }
}

Json page_check(const adjutant::web::OrderChecker& checker, const Json& body) {
  Json r = checker.check(body);
  if (r["ok"] == true) return {{"ok", true}, {"echo", r["echo"]}};
  Json texts = Json::array();
  for (const auto& p : r["problems"]) texts.push_back(p["text"]);
  return {{"ok", false}, {"error", r["error"]}, {"problems", texts}};
}

// Bodies that ask the check about the enemy: each brigade's path toward
// and onto every enemy piece, too far and off the table; a fight toward
// every enemy piece; engaging every enemy piece and empty ground;
// remarkers beside the enemy.
std::vector<Json> probes(const adjutant::game::ReadGame& g, const std::string& side) {
  std::vector<Json> out = {Json::object()};
  const auto& sc = chaos::scenario_of(g.archive.ruleset());
  chaos::ReadView v = chaos::read_view(g.archive.ruleset().view(g.replay.state(), side), side);
  std::vector<chaos::Point> enemy = v.flags;
  for (const auto& r : v.regiments) enemy.push_back(r.at);
  enemy.push_back({3000, 5400});  // empty ground mid-table
  for (const auto& [id, b] : v.own.brigades) {
    chaos::Point from = b.commander ? *b.commander : b.markers.front();
    Json mark = b.commander ? Json() : Json(1);
    auto move = [&](chaos::Point to, Json engage) {
      Json m = {{"path", {chaos::json_of(from), chaos::json_of(to)}}};
      if (!mark.is_null()) m["marker"] = mark;
      if (!engage.is_null()) m["engage"] = engage;
      return Json{{"brigades", {{id, {{"move", m}}}}}};
    };
    out.push_back(move({from.x, from.y + 4000}, nullptr));  // 40": too far
    out.push_back(move({from.x, -100}, nullptr));           // off the table
    for (auto e : enemy) {
      // Half way there, engaging it; and onto it (a deployed brigade's
      // regiments may end on an enemy base).
      out.push_back(move({(from.x + e.x) / 2, (from.y + e.y) / 2}, chaos::json_of(e)));
      out.push_back(move(e, nullptr));
      std::string reg;
      for (const auto& [rid, r] : v.own.regiments)
        if (r.brigade == id && r.at && !r.removed) reg = rid;
      if (b.commander && !reg.empty())
        out.push_back({{"brigades",
                        {{id,
                          {{"form_up", true},
                           {"fight", {{"regiment", reg}, {"toward", chaos::json_of(e)}}}}}}}});
      if (b.commander)
        out.push_back(
            {{"brigades",
              {{id, {{"remarker", {chaos::json_of(*b.commander), chaos::json_of(e)}}}}}}});
    }
  }
  (void)sc;
  return out;
}

}  // namespace table_page_test

using namespace table_page_test;

TEST_CASE("the order page checks a side's orders from its view as the umpire's check does",
          "[web][orders][chaos]") {
  TempDir work("table-order-check");
  int compared = 0, refused = 0;
  std::set<std::string> ids;
  // Before each turn's orders (lines 1, 4, ..., 19), each side: the order
  // file the bot played, and probes of what the check asks of the enemy.
  for (int turn = 1; turn <= 7; ++turn) {
    int lines = 1 + 3 * (turn - 1);
    fs::path dir = copy_at(work, lines);
    adjutant::game::ReadGame g(dir);
    for (const std::string side : {"union", "confederate"}) {
      adjutant::web::OrderChecker checker(table_setup_of(g, side));
      std::vector<Json> bodies = probes(g, side);
      bodies.push_back(played(lines + (side == "union" ? 1 : 2)));
      for (const auto& body : bodies) {
        INFO("turn " << turn << ", " << side << ": " << body.dump());
        Json cli = cli_check(g, side, body);
        CHECK(page_check(checker, body) == cli);
        ++compared;
        if (cli["ok"] == false) {
          ++refused;
          ids.insert(cli["error"].get<std::string>());
        }
      }
      // The order file the bot played is accepted.
      CHECK(page_check(checker, played(lines + (side == "union" ? 1 : 2)))["ok"] == true);
    }
  }
  INFO(compared << " bodies, " << refused << " refused");
  CHECK(compared > 300);
  // The refusals that ask about the enemy are among them.
  for (const char* id : {"chaos.too_far", "chaos.off_table", "chaos.engage_target"}) {
    INFO(id);
    CHECK(ids.count(id) == 1);
  }
}

TEST_CASE("the order page's preview measures paths against their rates", "[web][orders][chaos]") {
  TempDir work("table-order-preview");
  adjutant::game::ReadGame g(copy_at(work, 13));  // before turn 5's orders
  adjutant::web::OrderChecker checker(table_setup_of(g, "confederate"));
  Json r = checker.check(played(15));
  INFO(r.dump(2));
  REQUIRE(r["ok"] == true);
  // Archer moves marker 2 from (39.79, 79.13) to (35.26, 68.02): 12.00"
  // as the check measures it (its echo says the same), against 18.00", the
  // longest rate a marker on clear ground could roll.
  REQUIRE(r["moves"].size() == 2);
  CHECK(r["moves"][0] == Json::parse(R"({"brigade": "archer", "marker": 2, "length": 1200,
                                         "rate": 1800, "going": "clear"})"));
  CHECK(r["echo"][4].get<std::string>().find("12.00\" of at most 18.00\"") != std::string::npos);
  CHECK(r["commanders"][0]["commander"] == "confederate-hq");
  CHECK(r["commanders"][0]["rate"] == 800);
}

TEST_CASE("a side's part of a Chaos of Battle scenario holds none of the enemy's forces",
          "[rules][chaos]") {
  Json j =
      Json::parse(adjutant::read_file(source_dir() / "scenarios" / "table" / "chaos-meeting.json"));
  Json part = chaos::side_part(j, "confederate");
  CHECK(part["format"] == chaos::kPartFormat);
  CHECK(part["side"] == "confederate");
  CHECK(part["sides"][0] == Json({{"id", "union"},
                                  {"name", j["sides"][0]["name"]},
                                  {"colour", j["sides"][0]["colour"]}}));
  CHECK(part["sides"][1] == j["sides"][1]);
  chaos::Scenario s = chaos::load_side_part(part, "part.json");
  CHECK(s.side("union").brigades.empty());
  CHECK(s.side("confederate").brigades.size() == 4);
  for (const char* name : {"meredith", "Iron Brigade", "8il-cav", "Reynolds", "union-train"})
    CHECK(part.dump().find(name) == std::string::npos);
  // A part that keeps the other side's forces is refused.
  Json bad = part;
  bad["sides"][0]["brigades"] = j["sides"][0]["brigades"];
  CHECK_THROWS_AS(chaos::load_side_part(bad, "bad.json"), adjutant::Error);
  Json stranger = part;
  stranger["side"] = "prussia";
  CHECK_THROWS_AS(chaos::load_side_part(stranger, "bad.json"), adjutant::Error);
}

TEST_CASE("a side's order page is the same whatever the enemy's hidden facts are",
          "[report][orders][chaos]") {
  // The Confederate page; the Union's hidden facts change: every brigade,
  // regiment and commander name, stress, the order of Meredith's markers.
  Json j =
      Json::parse(adjutant::read_file(source_dir() / "scenarios" / "table" / "chaos-meeting.json"));
  Json renamed = j;
  for (auto& b : renamed["sides"][0]["brigades"]) {
    b["name"] = "Hidden " + b["name"].get<std::string>();
    b["commander"] = "Col. Nobody";
    b["quality"] = "untested";
    for (auto& r : b["regiments"]) r["name"] = "Secret " + r["name"].get<std::string>();
  }
  renamed["sides"][0]["commanders"][0]["name"] = "Gen. Unknown";
  chaos::Scenario s1 = chaos::load_scenario(j, "a.json");
  chaos::Scenario s2 = chaos::load_scenario(renamed, "b.json");
  adjutant::model::State a = chaos::initial_game_state(s1);
  adjutant::model::State b = chaos::initial_game_state(s2);
  chaos::ChaosState t = chaos::chaos_of(b);
  t.brigades.at("gamble").stress = 5;
  t.brigades.at("meredith").stress = 3;
  std::swap(t.brigades.at("meredith").markers[0], t.brigades.at("meredith").markers[1]);
  t.regiments.at("8il-cav").stress = 4;
  chaos::set_chaos(b, t);
  REQUIRE(a.canonical() != b.canonical());
  // A stand-in checker: the page's bytes, not the checker's, are compared.
  adjutant::report::OrderWasm wasm{"/* glue */", "\0asm"};
  auto page = [&](const Json& scenario, const chaos::Scenario& s, const adjutant::model::State& st,
                  const std::string& side) {
    adjutant::report::TablePageInput in;
    in.ruleset = "chaos";
    in.scenario = chaos::side_part(scenario, side);
    in.version = 2;
    in.seen = chaos::side_view(s, st, side);
    in.side = side;
    in.side_name = s.side(side).name;
    in.title = "meeting: orders of " + s.side(side).name + ", turn 1";
    in.about = "the same line";
    return adjutant::report::table_order_page(in, wasm);
  };
  std::string c = page(j, s1, a, "confederate");
  CHECK(page(renamed, s2, b, "confederate") == c);
  // The Union's own page shows the change.
  CHECK(page(j, s1, a, "union") != page(renamed, s2, b, "union"));
  // Nothing of the Union's names in the Confederate page; its own are there.
  for (const char* name : {"meredith", "Iron Brigade", "8il-cav", "Reynolds", "union-train",
                           "Union supply wagons", "Cutler"}) {
    INFO(name);
    CHECK(c.find(name) == std::string::npos);
  }
  for (const char* name : {"archer", "Archer's brigade", "confederate-hq"}) {
    INFO(name);
    CHECK(c.find(name) != std::string::npos);
  }
  // A Union regiment turned, which the Confederates see, changes it.
  t.regiments.at("8il-cav").facing = 90;
  chaos::set_chaos(b, t);
  CHECK(page(renamed, s2, b, "confederate") != c);
}

namespace table_page_test {

bool chromium_here() {
  return std::system("command -v chromium >/dev/null 2>&1") == 0;
}

// Runs tests/tools/order_page.py on `page` with `actions`; its report.
Json click(const TempDir& work, const fs::path& page, const Json& actions) {
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

// `side`'s order page of the game in `dir`, written by view --orders on
// the umpire's copy, then clicked through `actions`: the browser's report,
// with neither an error nor a request.
Json click_page(const TempDir& work, const fs::path& dir, const std::string& side,
                const Json& actions) {
  fs::path out = work.path() / ("page-" + side);
  auto r = run_adjutant("view '" + dir.string() + "' --out '" + out.string() +
                        "' --orders --side " + side);
  INFO(r.err);
  REQUIRE(r.exit == 0);
  Json b = click(work, out / "index.html", actions);
  CHECK(b["errors"].empty());
  CHECK(b["requests"].empty());        // nothing fetched: the rules run in the page
  CHECK(b["picture"].get<int>() > 0);  // the map shows
  REQUIRE(b["steps"].size() == actions.size());
  return b;
}

// `adjutant orders` answers the body a step built as the page did: takes
// it, or refuses it with the same id and its first problem in the same
// words.
void check_as_cli(const TempDir& work, const fs::path& dir, const std::string& side,
                  const Json& step) {
  INFO(step.dump());
  fs::path file = work.path() / "step.json";
  adjutant::write_file_atomic(file, step["body"].dump());
  auto cli = run_adjutant("orders '" + dir.string() + "' '" + file.string() + "' --side " + side);
  INFO(cli.err);
  if (step["check"] == "ok") {
    CHECK(cli.exit == 0);
    return;
  }
  CHECK(cli.exit == 1);
  REQUIRE(!step["problems"].empty());
  std::string first = cli.err.substr(0, cli.err.find('\n'));
  CHECK(first.find("[" + step["check"].get<std::string>() + "]") != std::string::npos);
  CHECK(first.substr(file.string().size() + 2) == step["problems"][0].get<std::string>());
}

// A refused step, refused as the CLI refuses it.
void check_refused_as_cli(const TempDir& work, const fs::path& dir, const std::string& side,
                          const Json& step, const std::string& id) {
  CHECK(step["check"] == id);
  check_as_cli(work, dir, side, step);
}

// The page's final body is valid and exported as `expected`, the order
// file of `side` for `turn`, as JSON and as text that `adjutant orders`
// reads back into it.
void check_export(const TempDir& work, const fs::path& dir, const std::string& side, int turn,
                  const Json& b, const Json& expected) {
  CHECK(b["final"]["check"] == "ok");
  CHECK(Json::parse(b["json"].get<std::string>()) == expected);
  CHECK(b["download"] == "orders-" + side + "-turn" + std::to_string(turn) + ".txt");
  fs::path as_text = work.path() / "orders.txt";
  adjutant::write_file_atomic(as_text, b["text"].get<std::string>());
  auto cli =
      run_adjutant("orders '" + dir.string() + "' '" + as_text.string() + "' --side " + side);
  INFO(cli.err << b["text"].get<std::string>());
  REQUIRE(cli.exit == 0);
  CHECK(Json::parse(cli.out) == expected);
}

// Whether the panel showed `control` after `step`.
bool shown(const Json& step, const std::string& control) {
  for (const auto& c : step["controls"])
    if (c == control) return true;
  return false;
}

}  // namespace table_page_test

TEST_CASE("view --orders on a table game: the side's page, or says why not",
          "[view][orders][chaos]") {
  TempDir work("table-order-page");
  fs::path dir = copy_at(work, 13);  // both sides' orders of turn 5 are due
  if (!adjutant::report::order_wasm().present()) {
    auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                          "' --orders --side confederate");
    CHECK(r.exit == 4);
    CHECK(r.err.find("[view.no_order_page]") != std::string::npos);
    CHECK(!fs::exists(work.path() / "p"));
    WARN("SKIPPED: built without emscripten, so no order page was written (make deps installs it)");
    return;
  }
  auto r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "p").string() +
                        "' --orders --side confederate");
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  std::string page = adjutant::read_file(work.path() / "p" / "index.html");
  CHECK(page.find("orders of Confederate, turn 5") != std::string::npos);
  CHECK(page.find("default-src 'none'") != std::string::npos);
  CHECK(page.find("src=\"http") == std::string::npos);
  {
    // The map, an SVG percent-encoded in a data: URI (no base64): decoded,
    // the whole SVG.
    const std::string head = "src=\"data:image/svg+xml,";
    std::size_t at = page.find(head);
    REQUIRE(at != std::string::npos);
    at += head.size();
    std::string uri = page.substr(at, page.find('"', at) - at), svg;
    for (std::size_t i = 0; i < uri.size(); ++i)
      if (uri[i] == '%') {
        svg += char(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
        i += 2;
      } else {
        svg += uri[i];
      }
    CHECK(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0) == 0);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(uri.find_first_of("<>\"&#\n") == std::string::npos);
  }
  CHECK(page.find("private") == std::string::npos);  // never asks for a key
  std::size_t a = page.find("id=\"order-data\">") + 16;
  Json data = Json::parse(page.substr(a, page.find("</script>", a) - a));
  CHECK(data["side"] == "confederate");
  CHECK(data["setup"]["scenario"]["side"] == "confederate");
  CHECK(data["setup"]["scenario"]["format"] == chaos::kPartFormat);
  CHECK(data["setup"]["scenario"]["sides"][0]["brigades"].empty());
  CHECK(data["setup"]["state"]["extra"]["view"] == "confederate");
  CHECK(data["brigades"].size() == 4);
  // Union names are nowhere in it.
  for (const char* name : {"meredith", "Iron Brigade", "gamble", "8il-cav", "union-hq"}) {
    INFO(name);
    CHECK(page.find(name) == std::string::npos);
  }
  // The Union's page of the same turn is written too (both sides are due);
  // the umpire sends no orders.
  r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "u").string() +
                   "' --orders --side union");
  CHECK(r.exit == 0);
  r = run_adjutant("view '" + dir.string() + "' --out '" + (work.path() / "x").string() +
                   "' --orders --side umpire");
  CHECK(r.exit == 1);
  CHECK(r.err.find("[view.orders_not_due]") != std::string::npos);
}

namespace table_page_test {

// What the bot orders every turn, clicked after the brigades: its player
// commander's path (a click, then the place typed to the hundredth), its
// fight policies and both its combat tokens.
void with_standing_orders(Json& actions, const std::string& commander, const Json& click,
                          const std::string& typed) {
  for (Json step :
       {Json{{"commander", commander}}, Json{{"point", click}},
        Json{{"choose", {"c-wp-at", typed}}}, Json{{"button", "c-done"}},
        Json{{"choose", {"pol-test", "enemy_most_stressed"}}}, Json{{"choose", {"pol-hold", "6"}}},
        Json{{"tick", {"tok-0", true}}}, Json{{"tick", {"tok-1", true}}}})
    actions.push_back(step);
}

bool can_click() {
  if (adjutant::report::order_wasm().present() && chromium_here()) return true;
  WARN("SKIPPED: " << (chromium_here() ? "built without emscripten" : "chromium is not installed")
                   << ", so the order page was not clicked (make deps installs both)");
  return false;
}

}  // namespace table_page_test

TEST_CASE("a whole Chaos of Battle turn clicked on the order page in headless Chromium",
          "[view][orders][chromium][slow][chaos]") {
  if (!can_click()) return;
  TempDir work("table-order-chromium");
  // samples/games/chaos-meeting-bot, turn 5, Confederate: the orders of log
  // line 15 are due (the umpire's copy, --side confederate).
  fs::path dir = copy_at(work, 13);
  Json actions = Json::parse(R"([
    {"brigade": "archer"}, {"choose": ["marker", "2"]}, {"choose": ["preferred", "2"]},
    {"point": [3980, 1000]}, {"button": "undo"},
    {"point": [3530, 6800]}, {"choose": ["wp-at", "35.26,68.02"]},
    {"button": "engage"}, {"point": [3060, 5650]}, {"button": "done"},
    {"brigade": "brockenbrough"}, {"choose": ["marker", "2"]}, {"choose": ["preferred", "2"]},
    {"point": [2390, 5600]}, {"choose": ["wp-at", "23.86,56"]},
    {"button": "engage"}, {"point": [2500, 5440]}, {"button": "done"},
    {"brigade": "davis"}, {"tick": ["form-up", true]}, {"choose": ["fight", "11ms"]},
    {"button": "toward"}, {"point": [4260, 3230]}, {"button": "toward"}, {"point": [2510, 5430]},
    {"button": "no-toward"}, {"button": "done"},
    {"brigade": "pettigrew"}, {"tick": ["form-up", true]}, {"choose": ["fight", "26nc"]},
    {"button": "done"}
  ])");
  with_standing_orders(actions, "confederate-hq", {2850, 7390}, "28.45,73.86");
  Json b = click_page(work, dir, "confederate", actions);
  const Json& steps = b["steps"];

  // The illegal click: a waypoint 69" away, beyond Archer's rate. Its id
  // and words are the CLI's for the same body; the undo clears it.
  const Json& bad = steps[3];
  check_refused_as_cli(work, dir, "confederate", bad, "chaos.too_far");
  // The body as the page built it (the click placed at the tenth of an
  // inch nearest the pixel clicked): the preferred markers, Archer's path.
  CHECK(bad["body"]["brigades"]["archer"]["move"]["path"][0] == Json::array({3979, 7913}));
  CHECK(bad["body"]["brigades"]["archer"]["move"]["path"][1][1].get<int>() < 1100);
  CHECK(steps[4]["check"] == "ok");
  // Archer is on markers: its shake out shows, its maneuver does not; and
  // the game is at version 2, so nothing of version 3 is offered.
  CHECK(shown(steps[4], "shake-out"));
  CHECK(!shown(steps[4], "maneuver"));
  CHECK(!shown(steps[4], "so-commander"));
  // The path's length against the rate, as the rules measure them.
  CHECK(steps[6]["orders"][0].get<std::string>().find("(39.79, 79.13) - (35.26, 68.02)") !=
        std::string::npos);
  CHECK(steps[6]["orders"][0].get<std::string>().find("\" of at most ") != std::string::npos);
  // The engage click lands on the enemy flag nearest it.
  CHECK(steps[8]["orders"][0].get<std::string>().find("engaging (30.51, 56.39)") !=
        std::string::npos);

  // Davis is deployed: its maneuver and regiments show, limbering and
  // mounting (version 3) do not.
  CHECK(shown(steps[19], "maneuver"));
  CHECK(shown(steps[19], "reg"));
  CHECK(shown(steps[19], "reg-at"));
  CHECK(!shown(steps[19], "reg-limber"));
  CHECK(!shown(steps[19], "reg-mount"));
  CHECK(!shown(steps[19], "pol-withdraw"));
  CHECK(!shown(steps[19], "tok-when-0"));
  // A fight toward an enemy flag is refused as the CLI refuses it; toward
  // the cavalry base beside Davis it is understood; then the closest.
  check_refused_as_cli(work, dir, "confederate", steps[22], "chaos.fight");
  CHECK(steps[22]["problems"][0].get<std::string>().find(
            "no enemy regiment stands at (42.68, 32.29)") != std::string::npos);
  CHECK(steps[24]["check"] == "ok");
  CHECK(steps[24]["body"]["brigades"]["davis"]["fight"]["toward"] == Json::array({2501, 5439}));
  CHECK(steps[24]["echo"].dump().find("11ms advances into a fight toward the enemy regiment at "
                                      "(25.01, 54.39)") != std::string::npos);
  CHECK(!steps[25]["body"]["brigades"]["davis"]["fight"].contains("toward"));

  // The export: the order file the bot played, as JSON and as text.
  check_export(work, dir, "confederate", 5, b, played(15));
}

TEST_CASE("a Chaos of Battle turn at version 3 with a maneuver clicked in headless Chromium",
          "[view][orders][chromium][slow][chaos]") {
  if (!can_click()) return;
  TempDir work("table-order-chromium-v3");
  // samples/games/chaos-meeting-v3-bot, turn 4, Union (log line 11): three
  // marker moves engaging, the commander's path, and Gamble's cavalry
  // brigade maneuvering (engagement.maneuver): its commander 0.99" forward
  // and its battery, limbered by its march, unlimbering where it stands so
  // that it fires (version 3).
  fs::path dir = copy_at(work, 10, kSampleV3);
  Json actions = Json::parse(R"([
    {"brigade": "cutler"}, {"choose": ["marker", "2"]}, {"choose": ["preferred", "2"]},
    {"point": [2720, 4040]}, {"choose": ["wp-at", "27.18,40.36"]},
    {"button": "engage"}, {"point": [3100, 6150]}, {"button": "done"},
    {"brigade": "gamble"}, {"button": "maneuver"}, {"point": [3050, 5260]},
    {"choose": ["man-at", "30.46,52.64"]},
    {"choose": ["reg-for", "maneuver"]}, {"choose": ["reg", "2us-a"]},
    {"choose": ["reg-limber", "false"]},
    {"button": "place"}, {"point": [3300, 5500]}, {"choose": ["reg-at", ""]},
    {"button": "done"},
    {"brigade": "meredith"}, {"choose": ["marker", "2"]}, {"choose": ["preferred", "2"]},
    {"point": [3770, 5270]}, {"choose": ["wp-at", "37.72,52.68"]},
    {"button": "engage"}, {"point": [3520, 6110]}, {"button": "done"},
    {"brigade": "stone"}, {"point": [1740, 1970]}, {"choose": ["wp-at", "17.37,19.70"]},
    {"button": "engage"}, {"point": [2670, 6180]}, {"button": "done"}
  ])");
  with_standing_orders(actions, "union-hq", {2790, 2630}, "27.85,26.33");
  Json b = click_page(work, dir, "union", actions);
  const Json& steps = b["steps"];

  // Gamble is deployed and the game at version 3: the regiments' limbering
  // and mounting are offered, the shake out's placing is not (deployed).
  CHECK(shown(steps[8], "maneuver"));
  CHECK(shown(steps[8], "reg-limber"));
  CHECK(shown(steps[8], "reg-mount"));
  CHECK(!shown(steps[8], "so-commander"));
  CHECK(shown(steps[8], "pol-withdraw"));
  CHECK(shown(steps[8], "tok-when-0"));
  // Cutler is on markers: at version 3 its shake out may place its
  // commander.
  CHECK(shown(steps[0], "so-commander"));
  // The commander's click, then his place typed to the hundredth.
  CHECK(steps[10]["body"]["brigades"]["gamble"]["maneuver"]["commander"] ==
        Json::array({3050, 5260}));
  CHECK(steps[11]["body"]["brigades"]["gamble"]["maneuver"] ==
        Json::parse(R"({"commander": [3046, 5264]})"));
  CHECK(steps[11]["check"] == "ok");
  // 2us-a unlimbers where it stands.
  CHECK(steps[14]["check"] == "ok");
  CHECK(steps[14]["body"]["brigades"]["gamble"]["maneuver"]["regiments"] ==
        Json::parse(R"({"2us-a": {"limber": false}})"));
  CHECK(steps[14]["echo"].dump().find("2us-a unlimbers") != std::string::npos);
  CHECK(steps[14]["orders"].dump().find("maneuvers: its commander to (30.46, 52.64), 2us-a "
                                        "unlimbers") != std::string::npos);
  // The illegal click: a new place for the battery while it unlimbers (a
  // battery moves only limbered), refused as the CLI refuses it; taking the
  // place away again clears it.
  const Json& bad = steps[16];
  check_refused_as_cli(work, dir, "union", bad, "chaos.limber");
  CHECK(bad["body"]["brigades"]["gamble"]["maneuver"]["regiments"]["2us-a"]["at"] ==
        Json::array({3300, 5500}));
  CHECK(steps[17]["check"] == "ok");
  CHECK(steps[17]["body"]["brigades"]["gamble"]["maneuver"]["regiments"] ==
        Json::parse(R"({"2us-a": {"limber": false}})"));

  // The export: the order file the bot played, as JSON and as text.
  check_export(work, dir, "union", 4, b, played(11, kSampleV3));
}

TEST_CASE("battery fire, re-markers and version 3's placed regiments clicked in headless Chromium",
          "[view][orders][chromium][slow][chaos]") {
  if (!can_click()) return;
  TempDir work("table-order-chromium-placing");
  // samples/games/chaos-meeting-v3-bot, turn 1, Union: Gamble's cavalry
  // brigade stands deployed, unengaged; Stone's on a marker.
  fs::path dir = copy_at(work, 1, kSampleV3);
  Json actions = Json::parse(R"([
    {"brigade": "gamble"}, {"choose": ["battery", "2us-a"]}, {"choose": ["fire", "hold"]},
    {"button": "fire-at-enemy"}, {"point": [3290, 9110]},
    {"button": "remarker"}, {"point": [3000, 2600]}, {"choose": ["rm-at", "30,27"]},
    {"button": "no-remarker"},
    {"choose": ["reg-for", "withdraw"]}, {"choose": ["reg", "8il-cav"]},
    {"choose": ["reg-mount", "false"]}, {"button": "reg-drop"}, {"tick": ["withdraw", false]},
    {"point": [3000, 2500]}, {"choose": ["reg-for", "move"]}, {"choose": ["reg", "2us-a"]},
    {"button": "place"}, {"point": [3000, 2800]}, {"choose": ["reg-facing", "90"]},
    {"button": "done"},
    {"brigade": "stone"}, {"button": "so-commander"}, {"point": [1500, 600]},
    {"choose": ["reg", "143pa"]}, {"button": "place"}, {"point": [1400, 700]},
    {"button": "done"}, {"choose": ["pol-withdraw", "5"]}
  ])");
  Json b = click_page(work, dir, "union", actions);
  const Json& steps = b["steps"];
  auto gamble = [&](int i) { return steps[i]["body"]["brigades"]["gamble"]; };
  // Every step the page answered, the CLI answers alike.
  for (const auto& step : steps) check_as_cli(work, dir, "union", step);

  // Battery fire: holding, then at the enemy marker clicked beside.
  CHECK(gamble(2)["fire"] == Json::parse(R"({"2us-a": "hold"})"));
  CHECK(steps[2]["check"] == "ok");
  CHECK(steps[2]["echo"].dump().find("2us-a holds its fire") != std::string::npos);
  CHECK(gamble(4)["fire"] == Json::parse(R"({"2us-a": [3300, 9100]})"));
  // Re-markers: the first centred on the commander, the second clicked,
  // then typed; then none.
  CHECK(gamble(6)["remarker"][0] == Json::array({3000, 1900}));
  CHECK(gamble(6)["remarker"].size() == 2);
  CHECK(gamble(7)["remarker"] == Json::parse("[[3000, 1900], [3000, 2700]]"));
  CHECK(steps[7]["orders"].dump().find("re-markers at (30.00, 19.00) and (30.00, 27.00)") !=
        std::string::npos);
  CHECK(!gamble(8).contains("remarker"));
  // Version 3's withdrawal keeping cavalry dismounted (refused: Gamble is
  // not engaged), its regiment's order dropped, the withdrawal unticked.
  CHECK(gamble(11)["withdraw"] == Json::parse(R"({"regiments": {"8il-cav": {"mount": false}}})"));
  CHECK(steps[11]["check"] == "chaos.not_engaged");
  CHECK(gamble(12)["withdraw"] == true);
  CHECK(!gamble(13).contains("withdraw"));
  // A deployed brigade's move placing its regiments where it ends: one
  // placed alone is refused (every regiment is placed), as the CLI does.
  CHECK(gamble(14)["move"]["path"][0] == Json::array({3000, 1900}));
  CHECK(gamble(18)["move"]["regiments"].size() == 1);
  CHECK(gamble(18)["move"]["regiments"]["2us-a"].contains("at"));
  CHECK(steps[18]["check"] == "chaos.formation");
  CHECK(gamble(19)["move"]["regiments"]["2us-a"]["facing"] == 90);
  // A shake out placing its commander, then a regiment (version 3).
  const Json& stone = steps[23]["body"]["brigades"]["stone"];
  CHECK(stone["shake_out"]["marker"] == 1);
  CHECK(stone["shake_out"].contains("commander"));
  CHECK(steps[26]["body"]["brigades"]["stone"]["shake_out"]["regiments"]["143pa"].contains("at"));
  // Version 3's fourth policy.
  CHECK(shown(steps[28], "pol-withdraw"));
  CHECK(steps[28]["body"]["policies"] == Json::parse(R"({"withdraw_at_stress": 5})"));
  // The text export of it all (refused as a whole: Gamble's placement)
  // reads back into the same body.
  auto archive = adjutant::game::Archive::open(dir);
  auto written = adjutant::game::read_written_orders(
      archive, archive.state_at(), b["text"].get<std::string>(), "orders.txt", "union");
  INFO(b["text"].get<std::string>());
  CHECK(written.text);
  CHECK(written.body == Json::parse(b["json"].get<std::string>()));
  CHECK(written.body["brigades"]["gamble"].contains("fire"));
  CHECK(written.body["brigades"]["gamble"]["move"].contains("regiments"));
  CHECK(written.body["brigades"]["stone"]["shake_out"].contains("regiments"));
}
