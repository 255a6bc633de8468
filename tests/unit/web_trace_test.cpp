// adjutant trace: the tracing page that turns the scan of a printed map into
// a scenario (docs/scenarios.md "Tracing the printed map"). Bad input is
// refused with its id and nothing written; the page carries the scan, the
// grid and the hexes the rules name, and nothing else it could fetch. In
// headless Chromium, Cemetery Hill's map as `adjutant render` draws it is
// aligned by three clicks and traced back by clicks and keys on a sample of
// hexes, hexsides, a road and places: the exported scenario equals the
// shipped one on every traced element, holds nothing of the scan, loads and
// renders; three wrong clicks are caught by the overlay check; and a
// tracing started from the shipped map exports it unchanged.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <set>

#include "hex/numbering.h"
#include "hex/sheets.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "render/map.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"
#include "support/cli_harness.h"
#include "util/error.h"
#include "util/files.h"
#include "web/scan_image.h"
#include "web/trace_fixed.h"
#include "web/trace_page.h"

namespace fs = std::filesystem;
using adjutant::hex::Hex;
using adjutant::hex::Hexside;
using adjutant::ledger::Json;
using adjutant::rules::hexmap::Scenario;
using adjutant::testing::folder_hash;
using adjutant::testing::run_adjutant;
using adjutant::testing::source_dir;
using adjutant::testing::TempDir;

namespace {

const std::string kTraced = "traced from the owner's copy of the printed map";

std::string scenario_path(const std::string& name) {
  return (source_dir() / "scenarios" / (name + ".json")).string();
}

Scenario load_scenario(const std::string& file) {
  std::string text = adjutant::read_file(file);
  Scenario s = Scenario::from_json(adjutant::ledger::parse_strict(text, file), file);
  adjutant::rules::make_ruleset(s, file);
  return s;
}

// The scenario's map as `adjutant render` draws it with no counters on it:
// what a scan of the printed map shows.
std::string bare_map_png(const Scenario& s) {
  auto ruleset = adjutant::rules::make_ruleset(s, "scenario");
  adjutant::model::State bare = ruleset->initial_state();
  bare.units.clear();
  Json none = Json::array();
  return adjutant::render::render_png({s, bare, none, ""});
}

Json point(const adjutant::render::MapGeometry& g, Hex h) {
  auto p = g.centre(h);
  return Json::array({p.x, p.y});
}

Json midpoint(const adjutant::render::MapGeometry& g, Hexside s) {
  auto a = g.centre(s.a), b = g.centre(s.b);
  return Json::array({(a.x + b.x) / 2, (a.y + b.y) / 2});
}

// Every `step`-th of `list`, from the first: a sample spread over the map.
template <typename T>
std::vector<T> every(const std::vector<T>& list, std::size_t step) {
  std::vector<T> out;
  for (std::size_t i = 0; i < list.size(); i += step) out.push_back(list[i]);
  return out;
}

// Whether headless Chromium is there to click the pages; says why not.
bool chromium_present() {
  if (std::system("command -v chromium >/dev/null 2>&1") == 0) return true;
  WARN("SKIPPED: chromium is not installed, so the tracing page was not clicked");
  return false;
}

// Runs tests/tools/trace_page.py on `page` with `actions`; its report.
Json drive(const fs::path& work, const fs::path& page, const Json& actions,
           const std::string& extra = "") {
  fs::path file = work / "actions.json";
  std::ofstream(file) << actions.dump(1);
  fs::path report = work / "report.json";
  std::string cmd = "/usr/bin/python3 '" + (source_dir() / "tests/tools/trace_page.py").string() +
                    "' '" + page.string() + "' '" + file.string() + "' " + extra + " > '" +
                    report.string() + "'";
  INFO(cmd);
  REQUIRE(std::system(cmd.c_str()) == 0);
  return Json::parse(adjutant::read_file(report));
}

// The three clicks of the alignment, at the centres of `hexes` on the picture.
Json align_at(const adjutant::render::MapGeometry& g, const std::vector<Hex>& hexes) {
  Json out = Json::array();
  for (Hex h : hexes) out.push_back({{"click", point(g, h)}});
  return out;
}

void append(Json& to, const Json& more) {
  for (const auto& x : more) to.push_back(x);
}

// The whole map of `traced` is that of `shipped`: every hex's terrain, the
// hexside features, the places, each route's kind, name, hexes and edges.
void check_same_map(const Scenario& traced, const Scenario& shipped) {
  for (int c = 1; c <= shipped.columns; ++c)
    for (int row = 1; row <= shipped.last_row(c); ++row)
      CHECK(traced.terrain_at({c, row}).id == shipped.terrain_at({c, row}).id);
  CHECK(traced.hexsides == shipped.hexsides);
  CHECK(traced.places == shipped.places);
  REQUIRE(traced.routes.size() == shipped.routes.size());
  for (std::size_t i = 0; i < shipped.routes.size(); ++i) {
    CHECK(traced.routes[i].kind == shipped.routes[i].kind);
    CHECK(traced.routes[i].name == shipped.routes[i].name);
    CHECK(traced.routes[i].hexes == shipped.routes[i].hexes);
    CHECK(traced.routes[i].off == shipped.routes[i].off);
  }
}

// A river or ford square of the 1961 map next to land of two regions (the
// land each of rules.regions' squares reaches without crossing water).
Hex joining_square(const Scenario& s) {
  auto water = [&](Hex h) {
    const std::string& t = s.terrain_at(h).id;
    return t == "river" || t == "ford";
  };
  std::map<Hex, std::string> region;
  for (const auto& [name, seed] : s.rules["regions"].items()) {
    std::vector<Hex> todo = {*s.numbers().parse(seed.get<std::string>())};
    while (!todo.empty()) {
      Hex h = todo.back();
      todo.pop_back();
      if (!s.on_map(h) || water(h) || region.count(h)) continue;
      region[h] = name;
      for (Hex n : adjutant::hex::neighbours(h)) todo.push_back(n);
    }
  }
  for (int c = 1; c <= s.columns; ++c)
    for (int r = 1; r <= s.last_row(c); ++r) {
      std::set<std::string> near;
      for (Hex n : adjutant::hex::neighbours({c, r}))
        if (region.count(n)) near.insert(region[n]);
      if (water({c, r}) && near.size() >= 2) return {c, r};
    }
  FAIL("no river square between two regions");
  return {};
}

// What a scenario file holds besides its map and what a tracing rewrites.
Json rest_of(Json j) {
  for (const char* k : {"map", "id", "title", "provenance", "format"}) j.erase(k);
  return j;
}

}  // namespace

TEST_CASE("trace refuses what it cannot trace, and writes nothing", "[trace]") {
  TempDir work("trace-refuse");
  fs::path png = work.path() / "scan.png";
  std::string bytes = bare_map_png(load_scenario(scenario_path("bluegray-skirmish")));
  adjutant::write_file_atomic(png, bytes);
  std::ofstream(work.path() / "notes.txt") << "not a picture\n";
  adjutant::write_file_atomic(work.path() / "cut.png", bytes.substr(0, 20));
  const std::string before = folder_hash(work.path());
  struct Case {
    std::string args;
    std::string id;
    int exit;
  };
  const std::vector<Case> cases = {
      {"cemetery-hill --image notes.txt --out page", "trace.image", 1},
      {"cemetery-hill --image cut.png --out page", "trace.image", 1},
      {"cemetery-hill --image missing.png --out page", "io.not_found", 1},
      {"no-such-scenario --image scan.png --out page", "trace.unknown_scenario", 1},
      {"table/chaos-meeting --image scan.png --out page", "trace.no_grid", 1},
      {"grand-chancellorsville --image scan.png --image scan.png --image scan.png --out page",
       "trace.images", 2},
      {"cemetery-hill --image scan.png --image scan.png --out page", "trace.images", 2},
      {"cemetery-hill --out page", "usage.missing", 2},
  };
  for (const auto& c : cases) {
    auto r = run_adjutant("trace " + c.args, work.path());
    INFO(c.args << "\n" << r.out << r.err);
    CHECK(r.exit == c.exit);
    CHECK(r.err.find("[" + c.id + "]") != std::string::npos);
    CHECK(!fs::exists(work.path() / "page"));
  }
  CHECK(folder_hash(work.path()) == before);
  // The shipped scenarios are listed for a name that is none of them.
  auto r = run_adjutant("trace cemetary-hill --image scan.png --out page", work.path());
  CHECK(r.err.find("cemetery-hill") != std::string::npos);
}

TEST_CASE("scans are PNG or JPEG pictures, read by their headers", "[trace]") {
  using adjutant::web::scan_image_of;
  std::string png = bare_map_png(load_scenario(scenario_path("bluegray-skirmish")));
  auto image = scan_image_of(png, "dir/map.png");
  CHECK(image.type == "image/png");
  CHECK(image.name == "map.png");
  CHECK(image.width > 300);
  CHECK(image.height > 300);
  CHECK(adjutant::web::data_url(image).rfind("data:image/png;base64,iVBORw0KGgo", 0) == 0);
  // A JPEG: SOI, an APP0 segment, then a baseline frame of 1700 x 2300.
  std::string jpeg = std::string("\xFF\xD8\xFF\xE0\x00\x04\x00\x00", 8) +
                     std::string("\xFF\xC0\x00\x0B\x08\x08\xFC\x06\xA4\x01\x01\x11\x00", 13);
  auto j = scan_image_of(jpeg, "map.jpg");
  CHECK(j.type == "image/jpeg");
  CHECK(j.width == 1700);
  CHECK(j.height == 2300);
  for (const std::string& bad :
       {std::string(), std::string("GIF89a\x01\x00\x01\x00", 10), png.substr(0, 23),
        std::string("\xFF\xD8\xFF\xDA\x00\x02", 6), std::string("\xFF\xD8\xFF\xE0\x00\x40", 6)}) {
    try {
      scan_image_of(bad, "bad.png");
      FAIL("accepted " << bad.size() << " bytes");
    } catch (const adjutant::Error& e) {
      CHECK(e.id() == "trace.image");
    }
  }
}

TEST_CASE("the tracing page carries the scan, the grid and the hexes the rules name", "[trace]") {
  TempDir work("trace-page");
  SECTION("every shipped hex scenario") {
    for (const char* name : {"bluegray-skirmish", "cemetery-hill", "hooker-lee-1975",
                             "hooker-lee-2006", "grand-chancellorsville", "ah1961"}) {
      INFO(name);
      Scenario s = load_scenario(scenario_path(name));
      std::string png = bare_map_png(s);
      auto scan = adjutant::web::scan_image_of(png, "scan.png");
      Json data = adjutant::web::trace_data({s, adjutant::read_file(scenario_path(name)), {scan}});
      CHECK(data["format"] == "adjutant-trace/1");
      CHECK(data["scenario"]["id"] == s.id);
      CHECK(data["scenario"]["text"] == adjutant::read_file(scenario_path(name)));
      // A number for every hex of the map and of the ring around it.
      const adjutant::hex::Numbering num = s.numbers();
      for (int c = 1; c <= s.columns; ++c)
        for (int r = 1; r <= s.last_row(c); ++r)
          CHECK(data["labels"][std::to_string(c) + "," + std::to_string(r)] ==
                num.format(Hex{c, r}));
      REQUIRE(data["views"].size() == 1);
      const Json& align = data["views"][0]["align"];
      CHECK(align[0] == Json::array({1, 1}));
      CHECK(align[1] == Json::array({s.columns, 1}));
      CHECK(align[2] == Json::array({1, s.last_row(1)}));
      // The map as read, in the grid's numbers.
      std::size_t painted = 0;
      for (const auto& [h, t] : s.terrain) painted += t != s.default_terrain;
      CHECK(data["map"]["terrain"].size() == painted);
      CHECK(data["map"]["hexsides"].size() == s.hexsides.size());
      CHECK(data["map"]["routes"].size() == s.routes.size());
      // Every hex named outside the map is among the fixed hexes.
      std::set<std::string> fixed;
      for (const auto& f : data["fixed"]) fixed.insert(f["label"].get<std::string>());
      for (const auto& u : s.units)
        if (u.start) CHECK(fixed.count(num.format(*u.start)));
      for (const auto& u : s.units)
        if (u.arrival)
          for (Hex h : u.arrival->hexes) CHECK(fixed.count(num.format(h)));
      for (const auto& v : s.victory.hexes) CHECK(fixed.count(num.format(v.hex)));
      // The page: the scan as a data: URL, nothing it could fetch.
      std::string page =
          adjutant::web::trace_page({s, adjutant::read_file(scenario_path(name)), {scan}});
      CHECK(page.find("src=\"" + adjutant::web::data_url(scan) + "\"") != std::string::npos);
      CHECK(page.find("Content-Security-Policy\" content=\"default-src 'none'; img-src data:;") !=
            std::string::npos);
      for (const char* remote : {"src=\"http", "href=\"http", "<link", "src=\"//", "url("})
        CHECK(page.find(remote) == std::string::npos);
    }
  }
  SECTION("what the fixed hexes ask of their terrain") {
    auto find = [](const Json& fixed, const std::string& label) {
      for (const auto& f : fixed)
        if (f["label"] == label) return f;
      return Json();
    };
    Json ch = adjutant::web::fixed_hexes(load_scenario(scenario_path("cemetery-hill")));
    Json entry = find(ch, "0104");
    REQUIRE(entry.is_object());
    CHECK(entry["why"][0].get<std::string>().rfind("entry: ", 0) == 0);
    CHECK(entry["needs"]["passable"] == true);
    Json hl = adjutant::web::fixed_hexes(load_scenario(scenario_path("hooker-lee-2006")));
    Json ford = find(hl, "0227");  // Ely's Ford (19.14)
    REQUIRE(ford.is_object());
    CHECK(ford["needs"]["only"] == Json::array({"ferry"}));
    CHECK(ford["why"].dump().find("rules.crossing_roll: hex (19.14)") != std::string::npos);
    Json exit = find(hl, "1501");
    REQUIRE(exit.is_object());
    CHECK(exit["why"].dump().find("exit: union (18.11)") != std::string::npos);
    Json ah = adjutant::web::fixed_hexes(load_scenario(scenario_path("ah1961")));
    Json region = find(ah, "1624");
    REQUIRE(region.is_object());
    CHECK(region["needs"]["not"] == Json::array({"ford", "river"}));
  }
  SECTION("a map of sheets: one scan of the whole, or one per sheet") {
    Scenario s = load_scenario(scenario_path("grand-chancellorsville"));
    auto scan = adjutant::web::scan_image_of(bare_map_png(s), "scan.png");
    std::string text = adjutant::read_file(scenario_path("grand-chancellorsville"));
    Json two = adjutant::web::trace_data({s, text, {scan, scan}});
    REQUIRE(two["views"].size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
      const auto& sheet = s.sheets->list()[i];
      const Json& v = two["views"][i];
      CHECK(v["sheet"] == std::string(1, sheet.prefix));
      std::string first = two["labels"][std::to_string(v["align"][0][0].get<int>()) + "," +
                                        std::to_string(v["align"][0][1].get<int>())];
      // The first corner of each sheet, written as the scenario writes it.
      CHECK(first == s.numbers().format(sheet.joined(Hex{1, 1})));
    }
    CHECK(two["views"][1]["align"][1] ==
          Json::array({s.sheets->list()[1].col_offset + 25, s.sheets->list()[1].row_offset + 1}));
  }
}

TEST_CASE("render --scenario draws a scenario without a game", "[trace]") {
  TempDir work("render-scenario");
  auto r = run_adjutant("render --scenario cemetery-hill --out ch.png", work.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  auto image = adjutant::web::scan_image_of(adjutant::read_file(work.path() / "ch.png"), "ch.png");
  auto g = adjutant::render::map_geometry(load_scenario(scenario_path("cemetery-hill")));
  CHECK(image.width == g.width);
  CHECK(image.height == g.height);
  r = run_adjutant("render --scenario table/chaos-meeting --out table.svg", work.path());
  CHECK(r.exit == 0);
  CHECK(adjutant::read_file(work.path() / "table.svg").find("<svg") != std::string::npos);
  r = run_adjutant("render games/x --scenario cemetery-hill --out ch.png", work.path());
  CHECK(r.exit == 2);
  CHECK(r.err.find("[usage.options]") != std::string::npos);
  r = run_adjutant("render --scenario no-such --out x.png", work.path());
  CHECK(r.exit == 1);
  CHECK(!fs::exists(work.path() / "x.png"));
}

TEST_CASE("Cemetery Hill's map, drawn and traced back in headless Chromium", "[trace][chromium]") {
  if (!chromium_present()) return;
  TempDir work("trace-chromium");
  const std::string file = scenario_path("cemetery-hill");
  const Scenario shipped = load_scenario(file);
  const auto g = adjutant::render::map_geometry(shipped);
  const std::string png = bare_map_png(shipped);
  adjutant::write_file_atomic(work.path() / "scan.png", png);
  auto r = run_adjutant("trace '" + file + "' --image scan.png --out page", work.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  const fs::path page = work.path() / "page" / "index.html";
  const std::vector<Hex> corners = {{1, 1}, {21, 1}, {1, 27}};

  // The terrain order of the palette: the TEC's, default terrain apart.
  auto ordered = nlohmann::ordered_json::parse(adjutant::read_file(file));
  std::map<std::string, std::string> key_of;
  int n = 0;
  for (const auto& [id, row] : ordered["tec"]["terrain"].items())
    key_of[id] = id == shipped.default_terrain ? "0" : std::to_string(++n);

  Json actions = align_at(g, corners);
  actions.push_back({{"state", "aligned"}});
  actions.push_back({{"button", "start-empty"}});
  actions.push_back({{"key", "t"}});
  // Terrain: every third hex of each type, by its key; one hex painted
  // wrong and undone, one painted and put back to the default with 0.
  std::map<std::string, std::vector<Hex>> by_type;
  for (const auto& [h, t] : shipped.terrain)
    if (t != shipped.default_terrain) by_type[t].push_back(h);
  std::vector<Hex> terrain_sample;
  for (const auto& [t, hexes] : by_type) {
    actions.push_back({{"key", key_of.at(t)}});
    for (Hex h : every(hexes, 3)) {
      actions.push_back({{"click", point(g, h)}});
      terrain_sample.push_back(h);
    }
  }
  const Hex undone{11, 14}, cleared{3, 20};
  REQUIRE(shipped.terrain_at(undone).id == shipped.default_terrain);
  REQUIRE(shipped.terrain_at(cleared).id == shipped.default_terrain);
  actions.push_back({{"key", key_of.at("town")}});
  actions.push_back({{"click", point(g, undone)}});
  actions.push_back({{"key", "z"}});
  actions.push_back({{"click", point(g, cleared)}});
  actions.push_back({{"key", "0"}});
  actions.push_back({{"click", point(g, cleared)}});
  // A stroke of the brush over three clear hexes, undone as one step.
  std::vector<Hex> stroke;
  for (int c = 2; c < shipped.columns && stroke.empty(); c += 2)
    for (int r = 2; r + 2 < shipped.rows && stroke.empty(); ++r)
      if (shipped.terrain_at({c, r}).id == shipped.default_terrain &&
          shipped.terrain_at({c, r + 1}).id == shipped.default_terrain &&
          shipped.terrain_at({c, r + 2}).id == shipped.default_terrain)
        stroke = {{c, r}, {c, r + 1}, {c, r + 2}};
  REQUIRE(stroke.size() == 3);
  actions.push_back({{"key", key_of.at("forest")}});
  actions.push_back({{"drag", {point(g, stroke[0]), point(g, stroke[1]), point(g, stroke[2])}}});
  actions.push_back({{"state", "stroke"}});
  actions.push_back({{"key", "z"}});
  actions.push_back({{"state", "stroke undone"}});
  // Hexsides: every second one of each type, chosen on the palette; then a
  // run of three dragged along.
  actions.push_back({{"key", "s"}});
  std::map<std::string, std::vector<Hexside>> sides_by_type;
  for (const auto& [side, t] : shipped.hexsides) sides_by_type[t].push_back(side);
  std::vector<Hexside> side_sample;
  for (const auto& [t, sides] : sides_by_type) {
    actions.push_back({{"choose", t}});
    for (Hexside side : every(sides, 2)) {
      actions.push_back({{"click", midpoint(g, side)}});
      side_sample.push_back(side);
    }
  }
  std::vector<Hexside> run;
  for (const auto& [side, t] : shipped.hexsides)
    if (t == "creek" && run.size() < 3 &&
        std::find(side_sample.begin(), side_sample.end(), side) == side_sample.end())
      run.push_back(side);
  REQUIRE(run.size() == 3);
  actions.push_back({{"choose", "creek"}});
  Json drag = Json::array();
  for (Hexside side : run) drag.push_back(midpoint(g, side));
  actions.push_back({{"drag", drag}});
  // Two roads, hex by hex, named: one off the west edge, one off the east
  // (the lines of communication of 14.51 and 14.52 trace to them); and
  // two places.
  std::vector<adjutant::rules::hexmap::Route> roads;
  for (const char* edge : {"west", "east"})
    for (const auto& route : shipped.routes)
      if (route.kind == "road" && route.off.count(edge) &&
          roads.size() < (edge[0] == 'w' ? 1u : 2u))
        roads.push_back(route);
  REQUIRE(roads.size() == 2);
  actions.push_back({{"key", "r"}});
  for (const auto& road : roads) {
    actions.push_back({{"choose", road.kind}});
    for (Hex h : road.hexes) actions.push_back({{"click", point(g, h)}});
    actions.push_back({{"type", {"route-name", road.name}}});
    actions.push_back({{"key", "Enter"}});
    actions.push_back({{"button", "route-new"}});
  }
  actions.push_back({{"key", "p"}});
  std::vector<std::pair<Hex, std::string>> places(shipped.places.begin(), shipped.places.end());
  places = every(places, std::max<std::size_t>(1, places.size() / 2));
  for (const auto& [h, name] : places) {
    actions.push_back({{"click", point(g, h)}});
    actions.push_back({{"type", {"place-name", name}}});
    actions.push_back({{"key", "Enter"}});
  }
  actions.push_back({{"state", "traced"}});
  actions.push_back({{"button", "export"}});
  actions.push_back({{"export", "traced"}});
  // Three wrong clicks: careless ones, then each a row off.
  actions.push_back({{"forget", true}});
  actions.push_back({{"click", point(g, Hex{2, 3})}});
  actions.push_back({{"click", point(g, Hex{19, 2})}});
  actions.push_back({{"click", point(g, Hex{4, 24})}});
  actions.push_back({{"state", "careless"}});
  actions.push_back({{"forget", true}});
  append(actions, align_at(g, {{1, 2}, {21, 2}, {1, 28}}));
  actions.push_back({{"state", "row off"}});
  // Careful clicks a few pixels off (a tenth of a hex on this small
  // picture), then "Fit to the lines" (L).
  actions.push_back({{"forget", true}});
  const std::vector<std::pair<double, double>> off = {{2, 1.5}, {-3, -1.5}, {-1, 2.5}};
  for (std::size_t i = 0; i < corners.size(); ++i) {
    Json p = point(g, corners[i]);
    actions.push_back(
        {{"click", {p[0].get<double>() + off[i].first, p[1].get<double>() + off[i].second}}});
  }
  actions.push_back({{"state", "imprecise"}});
  actions.push_back({{"key", "a"}});
  actions.push_back({{"key", "l"}});
  actions.push_back({{"state", "fitted"}});
  // From the shipped map, aligned and exported at once.
  actions.push_back({{"forget", true}});
  append(actions, align_at(g, corners));
  actions.push_back({{"state", "shipped"}});
  actions.push_back({{"button", "export"}});
  actions.push_back({{"export", "shipped"}});
  // A road of one hex: adjutant would refuse it (scenario.bad_route), so
  // the page does not export it.
  const Hex lone{16, 13};
  actions.push_back({{"key", "r"}});
  actions.push_back({{"click", point(g, lone)}});
  actions.push_back({{"button", "export"}});
  actions.push_back({{"state", "one hex"}});
  actions.push_back({{"export", "one hex"}});

  Json report = drive(work.path(), page, actions,
                      "--screenshot '" + (work.path() / "trace.png").string() + "'");
  INFO(report.dump(1).substr(0, 4000));
  CHECK(report["errors"].empty());
  CHECK(report["requests"].empty());
  const Json& states = report["states"];
  CHECK(states["aligned"]["fit"] == "good");
  // Aligned right, half the hexsides or more lie along the picture's grid
  // lines all their length (not all: between two forest hexes the thin grid
  // hardly shows), against a tenth for the grid laid half a hex off;
  // careless clicks leave no more than chance there.
  const Json& aligned = states["aligned"];
  CHECK(aligned["lines"].get<double>() > 0.45);
  CHECK(aligned["chance"].get<double>() < 0.15);
  CHECK(states["careless"]["lines"].get<double>() <
        states["careless"]["chance"].get<double>() + 0.1);
  // Only some of the map traced: warnings (entry hexes without a road), no
  // error.
  CHECK(states["traced"]["problems"].dump().find("has no road") != std::string::npos);
  CHECK(states["traced"]["problems"].dump().find("\"error\"") == std::string::npos);
  CHECK(states["stroke"]["counts"]["terrain"].get<int>() ==
        states["stroke undone"]["counts"]["terrain"].get<int>() + 3);
  CHECK(states["stroke"]["undo"].get<int>() == states["stroke undone"]["undo"].get<int>() + 1);
  CHECK(states["careless"]["fit"] == "poor");
  CHECK(states["row off"]["fit"] == "poor");
  CHECK(states["row off"]["message"].get<std::string>().find("edge") != std::string::npos);
  CHECK(states["fitted"]["fit"] == "good");
  CHECK(states["fitted"]["lines"].get<double>() > states["imprecise"]["lines"].get<double>());
  CHECK(states["shipped"]["fit"] == "good");
  CHECK(states["shipped"]["problems"].empty());
  const Json& refused = states["one hex"]["problems"];
  REQUIRE(refused.size() == 1);
  CHECK(refused[0]["level"] == "error");
  CHECK(refused[0]["text"] == "a road (1613) needs two hexes or more");
  CHECK(report["exports"]["one hex"] == report["exports"]["shipped"]);

  // The traced scenario: shipped on every traced element, new id and
  // provenance, nothing of the scan; the loader takes it and render draws it.
  REQUIRE(report["exports"]["traced"].is_string());
  const std::string text = report["exports"]["traced"];
  const Json traced_json = adjutant::ledger::parse_strict(text, "traced.json");
  CHECK(traced_json["id"] == "cemetery-hill-traced");
  CHECK(traced_json["title"] == shipped.title + " (traced)");
  CHECK(traced_json["format"] == "adjutant-scenario/2");
  CHECK(traced_json["provenance"]["sources"][0] == kTraced);
  CHECK(rest_of(traced_json) == rest_of(shipped.raw));
  CHECK(text.find("data:") == std::string::npos);
  CHECK(text.find("scan.png") == std::string::npos);
  const std::string b64 = adjutant::ledger::base64(png);
  for (std::size_t at = 0; at + 64 < b64.size(); at += b64.size() / 16)
    CHECK(text.find(b64.substr(at, 64)) == std::string::npos);
  adjutant::write_file_atomic(work.path() / "traced.json", text);
  const Scenario traced = load_scenario((work.path() / "traced.json").string());
  for (Hex h : terrain_sample) {
    INFO(shipped.numbers().format(h));
    CHECK(traced.terrain_at(h).id == shipped.terrain_at(h).id);
  }
  CHECK(traced.terrain_at(undone).id == shipped.default_terrain);
  CHECK(traced.terrain_at(cleared).id == shipped.default_terrain);
  for (Hex h : stroke) CHECK(traced.terrain_at(h).id == shipped.default_terrain);
  for (Hexside side : side_sample) {
    INFO(shipped.numbers().format(side));
    REQUIRE(traced.hexside_at(side));
    CHECK(traced.hexside_at(side)->id == shipped.hexside_at(side)->id);
  }
  for (Hexside side : run) {
    REQUIRE(traced.hexside_at(side));
    CHECK(traced.hexside_at(side)->id == "creek");
  }
  REQUIRE(traced.routes.size() == roads.size());
  for (std::size_t k = 0; k < roads.size(); ++k) {
    const auto& road = roads[k];
    CHECK(traced.routes[k].name == road.name);
    CHECK(traced.routes[k].hexes == road.hexes);
    CHECK(traced.routes[k].off == road.off);
    for (std::size_t i = 1; i < road.hexes.size(); ++i) {
      Hexside crossed = adjutant::hex::hexside(road.hexes[i - 1], road.hexes[i]);
      CHECK(traced.route_across(crossed) == shipped.route_across(crossed));
    }
  }
  for (const auto& [h, name] : places) CHECK(traced.places.at(h) == name);
  CHECK(traced.places.size() == places.size());
  r = run_adjutant("render --scenario traced.json --out traced.png", work.path());
  CHECK(r.exit == 0);
  CHECK(fs::exists(work.path() / "traced.png"));

  // Started from the shipped map and exported untouched: the same map.
  REQUIRE(report["exports"]["shipped"].is_string());
  adjutant::write_file_atomic(work.path() / "same.json",
                              report["exports"]["shipped"].get<std::string>());
  check_same_map(load_scenario((work.path() / "same.json").string()), shipped);
}

TEST_CASE("Hooker and Lee's map, printed turned, aligned and checked in headless Chromium",
          "[trace][chromium]") {
  if (!chromium_present()) return;
  TempDir work("trace-turned");
  const std::string file = scenario_path("hooker-lee-2006");
  const Scenario shipped = load_scenario(file);
  const auto g = adjutant::render::map_geometry(shipped);
  REQUIRE(g.turns != 0);  // drawn a quarter turn round, north up
  adjutant::write_file_atomic(work.path() / "scan.png", bare_map_png(shipped));
  auto r = run_adjutant("trace hooker-lee-2006 --image scan.png --out page", work.path());
  INFO(r.out << r.err);
  REQUIRE(r.exit == 0);
  // 0227 is Ely's Ford (19.14), a ferry hex; 1501 an exit of 18.11.
  const Hex ford{2, 27}, exit{15, 1};
  REQUIRE(shipped.terrain_at(ford).id == "ferry");
  Json actions = align_at(g, {{1, 1}, {25, 1}, {1, 28}});
  actions.push_back({{"state", "aligned"}});
  actions.push_back({{"key", "t"}});
  actions.push_back({{"choose", "clear"}});
  actions.push_back({{"click", point(g, ford)}});
  actions.push_back({{"choose", "river"}});
  actions.push_back({{"click", point(g, exit)}});
  actions.push_back({{"state", "contradicted"}});
  actions.push_back({{"key", "z"}});
  actions.push_back({{"key", "z"}});
  actions.push_back({{"state", "undone"}});
  Json report = drive(work.path(), work.path() / "page" / "index.html", actions);
  INFO(report.dump(1).substr(0, 4000));
  CHECK(report["errors"].empty());
  CHECK(report["requests"].empty());
  const Json& states = report["states"];
  CHECK(states["aligned"]["fit"] == "good");
  CHECK(states["aligned"]["problems"].empty());
  const std::string warned = states["contradicted"]["problems"].dump();
  CHECK(states["contradicted"]["problems"].size() == 2);
  CHECK(warned.find("0227 (rules.crossing_roll: hex (19.14)) is traced as Clear; the rules make it "
                    "River ferry") != std::string::npos);
  CHECK(warned.find("1501 (exit: union (18.11)") != std::string::npos);
  CHECK(warned.find("which no unit may enter") != std::string::npos);
  CHECK(states["undone"]["problems"].empty());
}

TEST_CASE("every shipped hex scenario, traced from its own map and exported, keeps its map",
          "[trace][chromium]") {
  if (!chromium_present()) return;
  TempDir work("trace-shipped");
  const std::vector<std::string> names = {"bluegray-skirmish", "cemetery-hill", "hooker-lee-1975",
                                          "grand-chancellorsville", "ah1961"};
  Json actions = Json::array();
  std::map<std::string, Scenario> shipped;
  for (const auto& name : names) {
    const std::string file = scenario_path(name);
    shipped.emplace(name, load_scenario(file));
    const Scenario& s = shipped.at(name);
    fs::path dir = work.path() / name;
    fs::create_directories(dir);
    adjutant::write_file_atomic(dir / "scan.png", bare_map_png(s));
    auto r = run_adjutant("trace '" + file + "' --image scan.png --out page", dir);
    INFO(r.out << r.err);
    REQUIRE(r.exit == 0);
    if (!actions.empty()) actions.push_back({{"open", (dir / "page" / "index.html").string()}});
    const auto g = adjutant::render::map_geometry(s);
    append(actions, align_at(g, {{1, 1}, {s.columns, 1}, {1, s.last_row(1)}}));
    actions.push_back({{"state", name}});
    actions.push_back({{"button", "export"}});
    actions.push_back({{"export", name}});
    if (name == "ah1961") {
      // A river square between two regions painted clear joins them: the
      // 1961 rules refuse such a map (scenario.ah1961).
      actions.push_back({{"key", "t"}});
      actions.push_back({{"choose", "clear"}});
      actions.push_back({{"click", point(g, joining_square(s))}});
      actions.push_back({{"state", "ah1961 joined"}});
    }
  }
  // Grand Chancellorsville with a scan of each sheet: the Fredericksburg
  // scan is aligned on that sheet's corners, named as the sheet prints
  // them (F0128, which the scenario writes H0101).
  const Scenario& gc = shipped.at("grand-chancellorsville");
  fs::path sheets_dir = work.path() / "sheets";
  fs::create_directories(sheets_dir);
  fs::copy_file(work.path() / "grand-chancellorsville" / "scan.png", sheets_dir / "scan.png");
  auto r = run_adjutant("trace grand-chancellorsville --image scan.png --image scan.png --out page",
                        sheets_dir);
  REQUIRE(r.exit == 0);
  const auto gg = adjutant::render::map_geometry(gc);
  const adjutant::hex::Sheet& f = gc.sheets->list()[1];
  actions.push_back({{"open", (sheets_dir / "page" / "index.html").string()}});
  actions.push_back({{"view", 1}});
  actions.push_back({{"state", "F first"}});
  append(actions, align_at(gg, {f.joined({1, 1}), f.joined({25, 1})}));
  actions.push_back({{"state", "F third"}});
  Json report = drive(work.path(), work.path() / names[0] / "page" / "index.html", actions);
  INFO(report.dump(1).substr(0, 3000));
  CHECK(report["errors"].empty());
  CHECK(report["requests"].empty());
  CHECK(report["states"]["F first"]["pending"] == "F0101");
  CHECK(report["states"]["F third"]["pending"] == "F0128");
  for (const auto& name : names) {
    INFO(name);
    const Scenario& s = shipped.at(name);
    const Json& state = report["states"][name];
    CHECK(state["fit"] == "good");
    CHECK(state["problems"].empty());
    REQUIRE(report["exports"][name].is_string());
    fs::path out = work.path() / name / "traced.json";
    adjutant::write_file_atomic(out, report["exports"][name].get<std::string>());
    const Scenario traced = load_scenario(out.string());
    CHECK(traced.id == s.id + "-traced");
    CHECK(traced.format == std::max(2, s.format));
    CHECK(rest_of(traced.raw) == rest_of(s.raw));
    check_same_map(traced, s);
  }
  const Json& joined = report["states"]["ah1961 joined"]["problems"];
  REQUIRE(joined.size() == 1);
  CHECK(joined[0]["level"] == "error");
  CHECK(joined[0]["text"].get<std::string>().find("are not separated by a river") !=
        std::string::npos);
}
