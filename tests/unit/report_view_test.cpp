// adjutant view: the replay page. One self-contained file, the same bytes
// from the same archive, only a side's view on a side's page; and, opened in
// headless Chromium, it steps through every adjudication with the keys and
// the slider, with no console error and the maps `adjutant render` draws.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

const fs::path kGame = source_dir() / "samples" / "games" / "skirmish-noumpire";

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::string write_view(const fs::path& game, const fs::path& out, const std::string& side = "",
                       int expect_exit = 0) {
  auto r = run_adjutant("view '" + game.string() + "' --out '" + out.string() + "'" +
                        (side.empty() ? "" : " --side " + side));
  INFO(r.out << r.err);
  REQUIRE(r.exit == expect_exit);
  return adjutant::read_file(out / "index.html");
}

bool chromium_installed() {
  return std::system("command -v chromium >/dev/null 2>&1") == 0;
}

}  // namespace

TEST_CASE("view writes one self-contained page, the same bytes each time", "[view]") {
  TempDir work("view");
  std::string before = folder_hash(kGame);
  std::string umpire = write_view(kGame, work.path() / "a");
  CHECK(write_view(kGame, work.path() / "b") == umpire);
  CHECK(folder_hash(kGame) == before);  // reads only

  // Nothing outside the file: every image a data: URI, no link, no address.
  int sources = 0;
  for (const std::string attr : {" src=\"", " href=\""}) {
    for (auto at = umpire.find(attr); at != std::string::npos; at = umpire.find(attr, at + 1)) {
      std::string value = umpire.substr(at + attr.size(), 40);
      INFO(value);
      CHECK((value.rfind("data:image/png;base64,", 0) == 0 ||
             value.rfind("#verification\"", 0) == 0));
      ++sources;
    }
  }
  CHECK(sources == 6);  // five maps and the link to the verification table
  CHECK(umpire.find("http://") == std::string::npos);
  CHECK(umpire.find("https://") == std::string::npos);
  CHECK(umpire.find("<link") == std::string::npos);
  CHECK(umpire.find("<script src") == std::string::npos);

  // The set-up and each of the four adjudications, each log line verified.
  CHECK(occurrences(umpire, "<section class=\"frame\"") == 5);
  CHECK(occurrences(umpire, "<td class=\"verified\">verified</td>") == 9);
  CHECK(umpire.find("All 9 lines verified") != std::string::npos);
  CHECK(umpire.find("turn 2, Union player-turn (adjudication 4)") != std::string::npos);
  // The orders as applied, the combats with their dice, both sides' reports.
  CHECK(occurrences(umpire, "<h3>Orders as applied</h3>") == 4);
  CHECK(occurrences(umpire, "<h3>Dice</h3>") == 4);
  CHECK(umpire.find("Die</th>") != std::string::npos);
  CHECK(occurrences(umpire, "Confederate's report") == 5);
  CHECK(occurrences(umpire, "Union's report") == 5);
  CHECK(umpire.find("confederate standing orders") != std::string::npos);
  CHECK(umpire.find("union standing orders") != std::string::npos);

  SECTION("a side's page shows only what that side may see") {
    std::string union_page = write_view(kGame, work.path() / "union", "union");
    CHECK(occurrences(union_page, "<section class=\"frame\"") == 5);
    CHECK(occurrences(union_page, "Union's report") == 5);
    CHECK(union_page.find("Confederate's report") == std::string::npos);
    CHECK(union_page.find("union standing orders") != std::string::npos);
    CHECK(union_page.find("confederate standing orders") == std::string::npos);
    CHECK(union_page.find("<h3>Dice</h3>") == std::string::npos);
    CHECK(union_page != umpire);
  }

  SECTION("a line that fails verification is named; the page stops before it") {
    fs::path bad = work.path() / "bad";
    fs::copy(kGame, bad, fs::copy_options::recursive);
    std::string log = adjutant::read_file(bad / "log.jsonl");
    // Line 6, the third adjudication: its recorded time changes, so its
    // signature no longer holds.
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    REQUIRE(lines.size() == 9);
    auto at = lines[6].find("\"at\":\"2026-");
    REQUIRE(at != std::string::npos);
    lines[6][at + 9] = '1';
    std::ofstream(bad / "log.jsonl", std::ios::trunc) << [&] {
      std::string all;
      for (const auto& l : lines) all += l + "\n";
      return all;
    }();
    std::string page = write_view(bad, work.path() / "bad-page", "", 3);
    CHECK(page.find("Line 6 fails verification") != std::string::npos);
    CHECK(page.find("<td class=\"failed\">failed: [verify.signature]") != std::string::npos);
    CHECK(occurrences(page, "<td class=\"verified\">verified</td>") == 6);
    CHECK(occurrences(page, "<td class=\"unchecked\">unchecked</td>") == 2);
    CHECK(occurrences(page, "<section class=\"frame\"") == 3);  // set-up, adjudications 1 and 2
  }

  SECTION("a damaged line is named too, after the lines before it") {
    fs::path bad = work.path() / "damaged";
    fs::copy(kGame, bad, fs::copy_options::recursive);
    std::string log = adjutant::read_file(bad / "log.jsonl");
    std::size_t line7 = 0;
    for (int n = 0; n < 7; ++n) line7 = log.find('\n', line7) + 1;
    log.insert(line7, "not json\n");
    std::ofstream(bad / "log.jsonl", std::ios::trunc) << log;
    std::string page = write_view(bad, work.path() / "damaged-page", "", 3);
    CHECK(page.find("Line 7 fails verification") != std::string::npos);
    CHECK(page.find("<td class=\"failed\">failed: [verify.malformed]") != std::string::npos);
    CHECK(occurrences(page, "<td class=\"verified\">verified</td>") == 7);
    CHECK(occurrences(page, "<section class=\"frame\"") == 4);  // up to adjudication 3
  }

  SECTION("a side the scenario lacks is refused, nothing written") {
    auto r = run_adjutant("view '" + kGame.string() + "' --out '" +
                          (work.path() / "none").string() + "' --side prussia");
    CHECK(r.exit == 2);
    CHECK(r.err.find("[view.bad_side]") != std::string::npos);
    CHECK(!fs::exists(work.path() / "none"));
  }
}

TEST_CASE("the replay page steps through every adjudication in headless Chromium",
          "[view][chromium][slow]") {
  if (!chromium_installed()) {
    WARN(
        "SKIPPED: chromium is not installed, so the replay page was not opened in a browser "
        "(make deps installs it)");
    return;
  }
  TempDir work("view-chromium");
  write_view(kGame, work.path() / "page", "union");
  // The maps the page must show at its last and first frames, as drawn by
  // `adjutant render` for the same view.
  for (const char* at : {"8", "0"}) {
    auto r = run_adjutant("render '" + kGame.string() + "' --side union --at " + at + " --out '" +
                          (work.path() / ("map-" + std::string(at) + ".png")).string() + "'");
    REQUIRE(r.exit == 0);
  }
  fs::path out = work.path() / "browser.json";
  std::string cmd = "/usr/bin/python3 '" + (source_dir() / "tests/tools/view_page.py").string() +
                    "' '" + (work.path() / "page" / "index.html").string() + "' '" +
                    (work.path() / "map-8.png").string() + "' '" +
                    (work.path() / "map-0.png").string() + "' >'" + out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  std::string text = adjutant::read_file(out);
  INFO(text);
  REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  Json b = Json::parse(text);

  CHECK(b["errors"].empty());    // no console error, no exception
  CHECK(b["requests"].empty());  // nothing fetched but the page
  REQUIRE(b["frames"] == 5);
  // Right arrow: each frame in turn, alone, its map decoded, the slider along.
  for (int i = 0; i < 5; ++i) {
    const Json& s = b["steps"][i];
    CHECK(s["shown"] == Json::array({i}));
    CHECK(s["map"] == true);
    CHECK(s["slider"] == std::to_string(i));
    CHECK(s["label"].get<std::string>().rfind(std::to_string(i + 1) + " / 5: ", 0) == 0);
    CHECK(s["current_rows"].get<int>() >= 1);  // its log lines are marked
  }
  CHECK(b["steps"][4]["label"] == "5 / 5: turn 2, Union player-turn (adjudication 4)");
  CHECK(b["after_last"]["shown"] == Json::array({4}));
  CHECK(b["back"][0]["shown"] == Json::array({3}));
  CHECK(b["back"][1]["shown"] == Json::array({2}));
  CHECK(b["slider_to_1"]["shown"] == Json::array({1}));
  CHECK(b["end"]["shown"] == Json::array({4}));
  CHECK(b["home"]["shown"] == Json::array({0}));

  CHECK(b["screenshot"]["width"] == 1400);
  CHECK(b["screenshot"]["height"] == 1300);
  CHECK(b["pixels"]["header"] == Json::array({0x2a, 0x3b, 0x5c}));
  CHECK(b["pixels"]["nav"] == Json::array({0xe4, 0xdf, 0xd0}));
  CHECK(b["pixels"]["main"] == Json::array({0xf6, 0xf4, 0xee}));
  // The map on the screen is the one render draws, pixel for pixel, at the
  // last frame and at the first; the two differ, so the check can tell.
  const Json& size = b["map_last"]["size"];  // shown at the size it was drawn
  CHECK(size[0] == size[2]);
  CHECK(size[1] == size[3]);
  CHECK(b["map_last"]["samples"].get<int>() > 5000);
  CHECK(b["map_last"]["matched"] == b["map_last"]["samples"]);
  CHECK(b["map_first"]["matched"] == b["map_first"]["samples"]);
  CHECK(b["references_differ"].get<int>() > 0);
}
