// A whole Chaos of Battle game through the command line: `new` with the
// umpire as host (a fog-of-war ruleset), `bot --play` for both sides and the
// umpire through every simultaneous phase, a side's sealed copy before and
// after the openings (docs/protocol.md 10a), and a byte search of that copy
// for the other side's brigades.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "rules/notation.h"
#include "rules/ruleset.h"
#include "support/chaos_fixture.h"
#include "support/cli_harness.h"
#include "support/replay_page_parts.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::run_adjutant;
using adjutant::testing::ScopedSecrets;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

void require_ok(const adjutant::testing::Run& r, const std::string& step) {
  INFO(step << "\n" << r.out << r.err);
  REQUIRE(r.exit == 0);
}

// Every byte of every file under `dir`.
std::string every_byte_under(const fs::path& dir) {
  std::string out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out += adjutant::read_file(e.path(), 1u << 26);
  return out;
}

}  // namespace

TEST_CASE("a Chaos of Battle game is played to its end by mail, and a side's copy hides the enemy",
          "[game][chaos][fog]") {
  TempDir tmp("chaos-cli");
  const fs::path work = tmp.path();
  ScopedSecrets secrets(work / "secrets");
  const fs::path scenario = source_dir() / "scenarios" / "table" / "chaos-meeting.json";
  const std::string cards = adjutant::testing::chaos_party_cards(work);
  // A fog-of-war game is hosted by its umpire (new.fog_host otherwise).
  auto refused = run_adjutant("new game --name meet --scenario '" + scenario.string() + "'" +
                                  cards + " --key union.key --created 2026-11-01T09:00:00Z",
                              work);
  CHECK(refused.exit != 0);
  CHECK(refused.err.find("new.fog_host") != std::string::npos);
  CHECK_FALSE(fs::exists(work / "game"));
  auto made = run_adjutant("new game --name meet --scenario '" + scenario.string() + "'" + cards +
                               " --key umpire.key --created 2026-11-01T09:00:00Z",
                           work);
  require_ok(made, "new");
  CHECK(made.out.find("Chaos of Battle") != std::string::npos);
  // The shipped file places every side's pieces: the host is told so.
  CHECK(made.err.find("note: the scenario is scenarios/table/chaos-meeting.json") !=
        std::string::npos);

  auto played = run_adjutant(
      "bot game --play --key union.key --key confederate.key --key umpire.key "
      "--at 2026-11-01T18:00:00Z --no-maps --seed 3",
      work);
  require_ok(played, "bot --play");
  INFO(played.out);
  CHECK(played.out.find("the game is over") != std::string::npos);
  CHECK(played.out.find("orders of union logged") != std::string::npos);  // simultaneous
  CHECK(played.out.find(" 0 refused") != std::string::npos);
  require_ok(run_adjutant("verify game", work), "verify the umpire's copy");
  // Every order body the bot wrote, as text orders (docs/orders.md "Chaos of
  // Battle"), reads back into the same body.
  {
    auto ruleset = adjutant::rules::make_ruleset(
        adjutant::ledger::parse_strict(adjutant::read_file(scenario), scenario.string()),
        scenario.string());
    auto notation = adjutant::rules::make_notation("chaos");
    std::istringstream log(adjutant::read_file(work / "game" / "log.jsonl", 1u << 26));
    int bodies = 0;
    for (std::string line; std::getline(log, line);) {
      Json e = Json::parse(line);
      if (e["kind"] != "orders") continue;
      Json body = e["body"]["body"];
      std::string side = body["side"];
      for (const char* k :
           {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
        body.erase(k);
      std::string text = notation->print(body);
      INFO(body.dump() << "\n" << text);
      CHECK(notation->parse(text, "orders.txt", {ruleset.get(), nullptr}, side).body == body);
      ++bodies;
    }
    CHECK(bodies >= 10);
  }
  // The independent verifier agrees on every signature, link, seed and die
  // (tin draws included), and opens genesis's scenario commitment.
  {
    const fs::path out = work / "independent.out";
    std::string cmd = "/usr/bin/python3 '" +
                      (source_dir() / "tests" / "tools" / "independent_verify.py").string() +
                      "' '" + (work / "game").string() + "' > '" + out.string() + "' 2>&1";
    int status = std::system(cmd.c_str());
    std::string said = adjutant::read_file(out);
    INFO(said);
    CHECK(status == 0);
    CHECK(said.find("1 passed, 0 failed") != std::string::npos);
  }

  // The confederate brigades and regiments, as the scenario names them.
  Json sc = adjutant::ledger::parse_strict(adjutant::read_file(scenario), scenario.string());
  std::vector<std::string> hidden;
  for (const auto& side : sc["sides"]) {
    if (side["id"] != "confederate") continue;
    for (const auto& b : side["brigades"]) {
      hidden.push_back("\"" + b["id"].get<std::string>() + "\"");
      hidden.push_back(b["name"].get<std::string>());
      for (const auto& r : b["regiments"]) {
        hidden.push_back(r["name"].get<std::string>());
        hidden.push_back("\"" + r["id"].get<std::string>() + "\"");
      }
    }
  }
  REQUIRE(hidden.size() > 8);

  // The maps (docs/rules/chaos.md "The map"): the set-up's in the genesis
  // folder, SVG and PNG per side and the umpire's; `render` and `view` draw
  // a side's, which names none of the enemy's brigades or regiments, and
  // its reports do not echo the enemy's orders.
  for (std::string view : {"union", "confederate", "umpire"})
    for (std::string ext : {".svg", ".png"}) {
      INFO(view << ext);
      CHECK(fs::file_size(work / "game" / "turns" / "000-genesis" / ("map-" + view + ext)) > 1000);
    }
  require_ok(run_adjutant("render game --side union --out union.svg --at 6", work), "render svg");
  require_ok(run_adjutant("render game --side union --out union.png", work), "render png");
  require_ok(run_adjutant("render game --out umpire.svg", work), "render the umpire's");
  require_ok(run_adjutant("view game --side union --out union-view", work), "view");
  CHECK(adjutant::read_file(work / "union.png").compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  std::string union_svg = adjutant::read_file(work / "union.svg");
  std::string union_view = adjutant::read_file(work / "union-view" / "index.html", 1u << 26);
  CHECK(union_svg.find("class=\"marker enemy\"") != std::string::npos);
  // The page draws the side's table: its base picture (inflated here as the
  // page does) and each post's pieces, the enemy's names in neither.
  auto union_parts = adjutant::testing::replay_page_parts(union_view);
  REQUIRE(union_parts.data.is_object());
  CHECK(union_parts.data["base"]["kind"] == "table");
  CHECK(union_parts.data["steps"].size() >= 2);
  CHECK(union_parts.base_svg.find("class=\"landmark\"") != std::string::npos);
  CHECK(union_view.find("\"marker\",\"confederate\",0") != std::string::npos);  // enemy flags
  std::string union_reports;
  for (const auto& e : fs::directory_iterator(work / "game" / "turns"))
    union_reports += adjutant::read_file(e.path() / "report-union.txt");
  CHECK(union_reports.find("- meredith ") != std::string::npos);  // its own echo
  // The mail tells each side to write text orders on its sealed copy, which
  // carries its part of the scenario (docs/protocol.md 10a).
  {
    std::string mail = every_byte_under(work / "game" / "turns");
    CHECK(mail.find("adjutant orders COPY orders.txt") != std::string::npos);
    CHECK(mail.find("adjutant view COPY --orders --out PAGE") != std::string::npos);
    CHECK(mail.find("adjutant sign orders.txt --game COPY") != std::string::npos);
    CHECK(mail.find("adjutant sign orders.json --game COPY") == std::string::npos);
  }
  for (const auto& name : hidden) {
    INFO(name);
    CHECK(union_svg.find(name) == std::string::npos);
    CHECK(union_view.find(name) == std::string::npos);
    CHECK(union_parts.base_svg.find(name) == std::string::npos);
  }
  for (const auto& side : sc["sides"]) {
    if (side["id"] != "confederate") continue;
    for (const auto& b : side["brigades"]) {
      std::string id = b["id"].get<std::string>();
      INFO(id);
      CHECK(union_reports.find("- " + id + " ") == std::string::npos);
      CHECK(union_view.find("<li>" + id + " ") == std::string::npos);
      CHECK(adjutant::read_file(work / "umpire.svg").find("\"" + id + "\"") != std::string::npos);
    }
  }

  require_ok(run_adjutant("seal game --side union --out ucopy --key umpire.key", work), "seal");
  auto before = run_adjutant("verify ucopy", work);
  require_ok(before, "verify the sealed copy");
  CHECK(before.out.find("not yet opened") != std::string::npos);
  std::string bytes = every_byte_under(work / "ucopy");
  for (const auto& name : hidden) {
    INFO(name);
    CHECK(bytes.find(name) == std::string::npos);
  }
  // The copy carries the Union's own part of the scenario (its brigades'
  // names), and the search above covers it: none of the Confederates'.
  CHECK(bytes.find("scenario:union") != std::string::npos);
  CHECK(bytes.find("Iron Brigade") != std::string::npos);
  CHECK(bytes.find("scenario:confederate") == std::string::npos);
  // The umpire's own copy names them all, so the search could find them.
  const std::string umpire = every_byte_under(work / "game");
  CHECK(umpire.find(hidden.front()) != std::string::npos);
  // Version 2: the bots fought (fight.resolve), and the union's copy reads
  // its fights too.
  CHECK(umpire.find("fight_resolve") != std::string::npos);
  CHECK(bytes.find("fight_resolve") != std::string::npos);

  require_ok(run_adjutant("reveal game", work), "reveal");
  require_ok(run_adjutant("seal game --side union --out update --key umpire.key", work),
             "seal after the reveal");
  require_ok(run_adjutant("sync ucopy update", work), "sync the openings");
  auto after = run_adjutant("verify ucopy", work);
  require_ok(after, "verify the opened copy");
  CHECK(after.out.find("every commitment opened") != std::string::npos);
}

TEST_CASE("a side concedes a Chaos of Battle game: the result names both sides", "[game][chaos]") {
  TempDir tmp("chaos-concede");
  const fs::path work = tmp.path();
  ScopedSecrets secrets(work / "secrets");
  const fs::path scenario = source_dir() / "scenarios" / "table" / "chaos-meeting.json";
  const std::string cards = adjutant::testing::chaos_party_cards(work);
  require_ok(run_adjutant("new game --name meet --scenario '" + scenario.string() + "'" + cards +
                              " --key umpire.key --created 2026-11-01T09:00:00Z",
                          work),
             "new");
  require_ok(run_adjutant("concede game --key confederate.key --at 2026-11-01T10:00:00Z", work),
             "concede");
  // The scenario names its sides (Ruleset::side_name), as a hex scenario does.
  const Json state = Json::parse(adjutant::read_file(work / "game" / "state.json"));
  CHECK(state["result"] == "Union wins: Confederate concedes");
  require_ok(run_adjutant("verify game", work), "verify");
}
