// adjutant view: the replay page. One self-contained file, the same bytes
// from the same archive, only a side's view on a side's page, under 3 MB
// for every sample; its map a base picture and each post's overlay data,
// which names what `adjutant render` draws there. Opened in headless
// Chromium on a laptop's screen, it steps through every adjudication with
// the keys and the slider with no console error, draws each post's map as
// `adjutant render` does (pixel by pixel, and mark by mark), zooms and
// pans, and is ready to click within 2 s; on a phone's screen its controls
// and map stay in view while its text scrolls.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <regex>

#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "support/replay_page_parts.h"
#include "util/files.h"
#include "util/markup.h"

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using adjutant::testing::folder_hash;
using adjutant::testing::hex_step_groups;
using adjutant::testing::kHexMarks;
using adjutant::testing::replay_page_parts;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::svg_groups;
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

// The last log line of each post, in the page's order.
std::vector<int> frame_lasts(const std::string& page) {
  std::vector<int> out;
  static const std::regex frame("<section class=\"frame\"[^>]*data-last=\"(\\d+)\"");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), frame);
       it != std::sregex_iterator(); ++it)
    out.push_back(std::stoi((*it)[1]));
  return out;
}

// `adjutant render`'s SVG of the sample after log line `at`, for `side`.
std::string render_svg_at(const fs::path& work, int at, const std::string& side) {
  fs::path out = work / ("render-" + side + "-" + std::to_string(at) + ".svg");
  auto r = run_adjutant("render '" + kGame.string() + "' --side " + side + " --at " +
                        std::to_string(at) + " --out '" + out.string() + "'");
  REQUIRE(r.exit == 0);
  return adjutant::read_file(out);
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

  // Nothing outside the file: no image source, no link but the one to the
  // verification table, no address but the SVG namespace the script names.
  int sources = 0;
  for (const std::string attr : {" src=\"", " href=\""}) {
    for (auto at = umpire.find(attr); at != std::string::npos; at = umpire.find(attr, at + 1)) {
      std::string value = umpire.substr(at + attr.size(), 40);
      INFO(value);
      CHECK(value.rfind("#verification\"", 0) == 0);
      ++sources;
    }
  }
  CHECK(sources == 1);
  std::string addresses = umpire;
  for (auto at = addresses.find("http://www.w3.org/2000/svg"); at != std::string::npos;
       at = addresses.find("http://www.w3.org/2000/svg"))
    addresses.erase(at, 26);
  CHECK(addresses.find("http://") == std::string::npos);
  CHECK(addresses.find("https://") == std::string::npos);
  CHECK(umpire.find("<link") == std::string::npos);
  CHECK(umpire.find("<script src") == std::string::npos);

  // The map: its base once, with no counter or mark of a post on it, and
  // the overlay of each post.
  auto parts = replay_page_parts(umpire);
  REQUIRE(parts.data.is_object());
  CHECK(parts.data["base"]["kind"] == "hex");
  CHECK(parts.data["steps"].size() == 5);
  CHECK(parts.base_svg.rfind("<?xml", 0) == 0);
  CHECK(occurrences(parts.base_svg, "class=\"hex\"") == parts.data["base"]["hexes"].size());
  CHECK(parts.data["base"]["hexes"].size() > 100);
  CHECK(occurrences(parts.base_svg, "class=\"counter\"") == 0);
  CHECK(occurrences(parts.base_svg, "class=\"combat\"") == 0);
  // Each post's overlay names the counters, ghosts, arrows, tags and combats
  // `adjutant render` draws after the post's last line.
  std::vector<int> lasts = frame_lasts(umpire);
  REQUIRE(lasts == std::vector<int>{0, 2, 4, 6, 8});
  for (std::size_t i = 0; i < lasts.size(); ++i) {
    INFO("post " << i);
    std::string svg = render_svg_at(work.path(), lasts[i], "umpire");
    std::vector<std::string> drawn = svg_groups(svg, kHexMarks);
    CHECK(drawn.size() >= 10);
    CHECK(hex_step_groups(parts.data["base"], parts.data["steps"][i]) == drawn);
  }
  CHECK(svg_groups(render_svg_at(work.path(), 8, "umpire"), {"combat"}).size() >= 1);

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
    CHECK(replay_page_parts(page).data["steps"].size() == 3);   // and their maps only
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

TEST_CASE("every sample's replay page is under 3 MB", "[view]") {
  TempDir work("view-sizes");
  int pages = 0;
  for (const auto& e : fs::directory_iterator(source_dir() / "samples" / "games")) {
    if (!fs::exists(e.path() / "log.jsonl")) continue;
    // The umpire's page: every party's report on it, the largest of its views.
    std::string page = write_view(e.path(), work.path() / e.path().filename());
    INFO(e.path().filename().string() << ": " << page.size() << " bytes");
    CHECK(page.size() < 3u * 1024 * 1024);
    CHECK(page.find("id=\"replay-data\"") != std::string::npos);
    ++pages;
  }
  CHECK(pages >= 15);
}

namespace {

// view_page.py's report of `page` (its other arguments after it).
Json browse(const fs::path& work, const fs::path& page, const std::string& args,
            const std::string& name) {
  fs::path out = work / (name + ".json");
  std::string cmd = "/usr/bin/python3 '" + (source_dir() / "tests/tools/view_page.py").string() +
                    "' '" + page.string() + "' " + args + " >'" + out.string() + "' 2>&1";
  int status = std::system(cmd.c_str());
  std::string text = adjutant::read_file(out);
  INFO(text);
  REQUIRE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  return Json::parse(text);
}

double ratio(const Json& a, const char* part, const char* whole) {
  return a[part].get<double>() / std::max(1.0, a[whole].get<double>());
}

}  // namespace

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
  const fs::path page = work.path() / "page" / "index.html";
  Json b = browse(work.path(), page,
                  "--last '" + (work.path() / "map-8.png").string() + "' --first '" +
                      (work.path() / "map-0.png").string() + "'",
                  "laptop");

  CHECK(b["errors"].empty());    // no console error, no exception
  CHECK(b["requests"].empty());  // nothing fetched but the page
  CHECK(b["ready_ms"].get<int>() < 2000);
  REQUIRE(b["frames"] == 5);
  // Right arrow: each frame in turn, alone, its map drawn, the slider along;
  // its marks those `adjutant render` draws after the frame's last line.
  const int lasts[] = {0, 2, 4, 6, 8};
  for (int i = 0; i < 5; ++i) {
    INFO("frame " << i);
    const Json& s = b["steps"][i];
    CHECK(s["shown"] == Json::array({i}));
    CHECK(s["map"] == true);
    CHECK(s["slider"] == std::to_string(i));
    CHECK(s["label"].get<std::string>().rfind(std::to_string(i + 1) + " / 5: ", 0) == 0);
    CHECK(s["current_rows"].get<int>() >= 1);  // its log lines are marked
    std::vector<std::string> shown;
    for (const auto& m : s["marks"]) {
      const std::string cls = m[0][1];
      if (std::find(kHexMarks.begin(), kHexMarks.end(), cls) == kHexMarks.end()) continue;
      std::string a;
      for (const auto& kv : m)
        a += (a.empty() ? "" : " ") + kv[0].get<std::string>() + "=\"" +
             adjutant::escape_markup(kv[1].get<std::string>()) + "\"";
      shown.push_back(a);
    }
    CHECK(shown == svg_groups(render_svg_at(work.path(), lasts[i], "union"), kHexMarks));
  }
  CHECK(b["steps"][4]["label"] == "5 / 5: turn 2, Union player-turn (adjudication 4)");
  CHECK(b["after_last"]["shown"] == Json::array({4}));
  CHECK(b["back"][0]["shown"] == Json::array({3}));
  CHECK(b["back"][1]["shown"] == Json::array({2}));
  CHECK(b["slider_to_1"]["shown"] == Json::array({1}));
  CHECK(b["end"]["shown"] == Json::array({4}));
  CHECK(b["home"]["shown"] == Json::array({0}));

  // 1366x768: the page itself never scrolls; header, controls, then the
  // map beside the text.
  CHECK(b["window"] == Json::array({1366, 768, 768}));
  CHECK(b["pixels"]["header"] == Json::array({0x2a, 0x3b, 0x5c}));
  CHECK(b["pixels"]["nav"] == Json::array({0xe4, 0xdf, 0xd0}));
  CHECK(b["pixels"]["main"] == Json::array({0xf6, 0xf4, 0xee}));
  const Json& r = b["rects"];
  CHECK(r["#board"]["w"].get<double>() > 700);
  CHECK(r["#board"]["y"].get<double>() + r["#board"]["h"].get<double>() == Approx(768));
  CHECK(r["main"]["x"].get<double>() == Approx(r["#board"]["w"].get<double>()));
  CHECK(r["#next"]["y"].get<double>() + r["#next"]["h"].get<double>() < r["#board"]["y"]);
  // Zooming: the button, the wheel, a drag and fit each do theirs; counters
  // open at three quarters of their size or more.
  const Json& z = b["zoom"];
  CHECK(z["start"]["scale"].get<double>() >= 0.75);
  CHECK(z["button"]["scale"].get<double>() > z["start"]["scale"].get<double>());
  CHECK(z["wheel"]["scale"].get<double>() > z["button"]["scale"].get<double>());
  CHECK(z["drag"]["scale"] == z["wheel"]["scale"]);
  CHECK(z["drag"]["x"].get<double>() == Approx(z["wheel"]["x"].get<double>() - 60));
  CHECK(z["drag"]["y"].get<double>() == Approx(z["wheel"]["y"].get<double>() - 40));
  CHECK(z["fit"]["h"].get<double>() == Approx(r["#board"]["h"].get<double>()).margin(1));

  // The map at its actual size against render's pictures of the last and
  // the first frame: nearly every pixel alike (cairo and the browser
  // antialias edges and set text a little differently), and where the two
  // pictures differ (the overlay's counters and marks), the frame's own.
  for (const char* which : {"map_last", "map_first"}) {
    INFO(which << ": " << b[which].dump());
    const Json& m = b[which];
    CHECK(m["size"] == Json::array({640, 948, 640, 948}));
    CHECK(m["scale"] == 1);
    CHECK(m["samples"].get<int>() > 100000);
    CHECK(ratio(m, "matched", "samples") > 0.93);
    CHECK(m["differing"].get<int>() > 3000);
    CHECK(ratio(m, "differing_matched", "differing") > 0.8);
    CHECK(ratio(m, "differing_matched_other", "differing") < 0.05);
  }

  // 390x844, a phone: the controls over the map over the text, all in view
  // however far the text is scrolled; counters at least three quarters of
  // their size; a tap steps, two fingers zoom.
  Json p = browse(work.path(), page, "--phone", "phone");
  CHECK(p["errors"].empty());
  CHECK(p["requests"].empty());
  CHECK(p["ready_ms"].get<int>() < 2000);
  CHECK(p["window"] == Json::array({390, 844, 844}));
  CHECK(p["window_scroll"] == 0);
  const Json& pr = p["rects"];
  for (const char* control : {"#prev", "#step", "#next", "#zoom-in", "#zoom-out", "#zoom-fit"}) {
    INFO(control);
    CHECK(pr[control]["x"].get<double>() >= 0);
    CHECK(pr[control]["x"].get<double>() + pr[control]["w"].get<double>() <= 390);
    CHECK(pr[control]["y"].get<double>() + pr[control]["h"].get<double>() <= 844);
    CHECK(p["rects_scrolled"][control] == pr[control]);
  }
  CHECK(pr["nav"]["y"].get<double>() + pr["nav"]["h"].get<double>() <= pr["#board"]["y"]);
  CHECK(pr["#board"]["h"].get<double>() > 844 * 0.4);
  CHECK(pr["main"]["y"].get<double>() ==
        Approx(pr["#board"]["y"].get<double>() + pr["#board"]["h"].get<double>()));
  CHECK(p["main_scroll"][0].get<int>() > 0);  // the text scrolled, in its own box
  CHECK(p["counter"]["w"].get<double>() >= 33);
  CHECK(p["after_tap"]["shown"] == Json::array({1}));
  CHECK(p["after_pinch"]["scale"].get<double>() > 1.5 * p["before_pinch"]["scale"].get<double>());
}

TEST_CASE("the largest sample's replay page is ready to click within 2 s",
          "[view][chromium][slow]") {
  if (!chromium_installed()) {
    WARN("SKIPPED: chromium is not installed (make deps installs it)");
    return;
  }
  TempDir work("view-ready");
  const fs::path game = source_dir() / "samples" / "games" / "grand-chancellorsville-bot";
  std::string page = write_view(game, work.path() / "page");
  CHECK(page.size() < 3u * 1024 * 1024);
  for (const std::string& mode : {std::string("--ready"), std::string("--ready --phone")}) {
    INFO(mode);
    Json b = browse(work.path(), work.path() / "page" / "index.html", mode,
                    mode.size() > 8 ? "phone" : "laptop");
    CHECK(b["errors"].empty());
    CHECK(b["ready_ms"].get<int>() < 2000);
    CHECK(b["drawn"].get<int>() > 30);  // its counters
  }
}
