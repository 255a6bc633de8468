// The Chaos of Battle table drawn per view (render/table_map.h, from the
// ruleset's table and sight): the same bytes every time, each
// side's picture naming only its own brigades (enemy markers are flags),
// the umpire's naming everyone, every base and marker drawn.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "render/table_map.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/turn.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;

namespace {

nlohmann::json meeting_json() {
  return nlohmann::json::parse(adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) +
                                                   "/scenarios/table/chaos-meeting.json"));
}

chaos::Scenario meeting_table() {
  return chaos::load_scenario(meeting_json(), "chaos-meeting.json");
}

// The ruleset that draws it (render reads a table ruleset, never its
// scenario).
std::unique_ptr<adjutant::rules::Ruleset> meeting_ruleset(
    const nlohmann::json& j = meeting_json()) {
  return chaos::make_ruleset(j, "chaos-meeting.json", chaos::kVersion);
}

// The SVG group of the piece whose data-name is `name` (own pieces only
// carry one), up to the group's end.
std::string group_named(const std::string& svg, const std::string& name) {
  auto at = svg.find("data-name=\"" + name + "\"");
  if (at == std::string::npos) return "";
  auto start = svg.rfind("<g", at);
  return svg.substr(start, svg.find("</g>", at) - start);
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

std::uint32_t png_be32(const std::string& s, std::size_t at) {
  return std::uint32_t(std::uint8_t(s[at])) << 24 | std::uint32_t(std::uint8_t(s[at + 1])) << 16 |
         std::uint32_t(std::uint8_t(s[at + 2])) << 8 | std::uint32_t(std::uint8_t(s[at + 3]));
}

}  // namespace

TEST_CASE("table map: the same table gives the same bytes, whatever was drawn before",
          "[render][chaos]") {
  auto s = meeting_table();
  auto r = meeting_ruleset();
  std::string svg = adjutant::render::render_table_svg(*r, "union");
  std::string png = adjutant::render::render_table_png(*r, "union");
  adjutant::render::render_table_svg(*r, "confederate");
  adjutant::render::render_table_png(*r, "");
  CHECK(adjutant::render::render_table_svg(*r, "union") == svg);
  CHECK(adjutant::render::render_table_png(*r, "union") == png);
  CHECK(adjutant::render::render_table_svg(*r, "confederate") != svg);
  // 60 x 108 inches at 10 pixels an inch, with margins, the banner, the
  // scale bar's row and the legend's column.
  REQUIRE(png.size() > 24);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  CHECK(png_be32(png, 16) == 828u);
  CHECK(png_be32(png, 20) == 1174u);
  CHECK(adjutant::render::table_picture_size(*r) == std::pair<int, int>{828, 1174});
}

TEST_CASE("table map: a side reads only its own names; enemy markers are flags",
          "[render][chaos]") {
  auto s = meeting_table();
  auto r = meeting_ruleset();
  std::string u = adjutant::render::render_table_svg(*r, "union");
  std::string c = adjutant::render::render_table_svg(*r, "confederate");
  std::string all = adjutant::render::render_table_svg(*r, "");
  // Union markers: Meredith 2, Stone 1, Cutler 2; Confederate: 2 + 1 + 2 + 1.
  CHECK(count_of(u, "class=\"marker own\"") == 5);
  CHECK(count_of(u, "class=\"marker enemy\"") == 6);
  CHECK(count_of(c, "class=\"marker own\"") == 6);
  CHECK(count_of(c, "class=\"marker enemy\"") == 5);
  CHECK(count_of(all, "class=\"marker own\"") == 11);
  // The deployed cavalry: three regiments and a battery, each with a front edge.
  CHECK(count_of(u, "class=\"regiment own\"") == 3);
  CHECK(count_of(c, "class=\"regiment enemy\"") == 3);
  CHECK(count_of(c, "class=\"battery enemy\"") == 1);
  // Names: each side's own, never the enemy's; the umpire's has all.
  for (const char* name :
       {"meredith", "Iron Brigade", "Stone&#39;s brigade", "gamble", "8il-cav"}) {
    INFO(name);
    CHECK(u.find(name) != std::string::npos);
    CHECK(c.find(name) == std::string::npos);
    CHECK(all.find(name) != std::string::npos);
  }
  for (const char* name : {"archer", "davis", "Brockenbrough", "pettigrew", "Heth"}) {
    INFO(name);
    CHECK(c.find(name) != std::string::npos);
    CHECK(u.find(name) == std::string::npos);
    CHECK(all.find(name) != std::string::npos);
  }
  // Terrain and landmarks are public.
  for (const auto& svg : {u, c, all}) {
    CHECK(count_of(svg, "class=\"terrain ") == 8);
    CHECK(count_of(svg, "class=\"landmark\"") == 3);
  }
}

TEST_CASE("table map: a side's map of a state names its own brigades and markers only",
          "[render][chaos]") {
  auto s = meeting_table();
  auto r = meeting_ruleset();
  adjutant::model::State state = chaos::initial_game_state(s);
  // Meredith (Union) prefers its second marker, Archer (Confederate) its second.
  std::map<std::string, int> preferred{{"meredith", 2}, {"archer", 2}};
  std::string u = adjutant::render::render_table_svg({*r, state, "union", preferred});
  std::string all = adjutant::render::render_table_svg({*r, state, "umpire", preferred});
  for (const char* name : {"Iron Brigade", "Cutler&#39;s brigade", "Gamble&#39;s cavalry brigade",
                           "Maj. Gen. J. Reynolds", "Union supply wagons"}) {
    INFO(name);
    CHECK(u.find(name) != std::string::npos);
  }
  for (const char* name : {"archer", "Archer", "davis", "Davis", "1st Tennessee", "1tn", "14tn",
                           "pee-dee", "Pee Dee", "Brockenbrough", "pettigrew", "Heth",
                           "Confederate supply wagons", "confederate-hq", "confederate-train"}) {
    INFO(name);
    CHECK(u.find(name) == std::string::npos);
  }
  // Union brigades with two markers: Meredith and Cutler, numbered 1 and 2
  // on their own markers; the preferred one starred (Meredith's 2, Cutler's
  // 1 by default). Enemy flags carry no number and no preference.
  CHECK(count_of(u, "data-marker=") == 4);
  CHECK(count_of(u, "data-preferred") == 2);
  CHECK(count_of(u,
                 "data-brigade=\"meredith\" data-name=\"Iron Brigade\" data-at=\"4800 1200\" "
                 "data-marker=\"2\" data-preferred") == 1);
  CHECK(count_of(u, "class=\"marker enemy\"") == 6);
  for (const auto& piece : {std::string("marker enemy"), std::string("regiment enemy")}) {
    auto at = u.find("class=\"" + piece + "\"");
    while (at != std::string::npos) {
      auto tag = u.substr(at, u.find('>', at) - at);
      CHECK(tag.find("data-marker") == std::string::npos);
      CHECK(tag.find("data-preferred") == std::string::npos);
      CHECK(tag.find("data-name") == std::string::npos);
      at = u.find("class=\"" + piece + "\"", at + 1);
    }
  }
  // The umpire's map numbers and stars every brigade's markers.
  CHECK(count_of(all, "data-marker=") == 8);
  CHECK(count_of(all, "data-preferred") == 4);
  CHECK(all.find("data-brigade=\"archer\" data-name=\"Archer&#39;s brigade\" data-at=\"4600 "
                 "9600\" data-marker=\"2\" data-preferred") != std::string::npos);
  CHECK(all.find("1st Tennessee") == std::string::npos);         // regiments are named by id
  CHECK(all.find("Brig. Gen. J. Archer") == std::string::npos);  // not deployed
  CHECK(all.find("Maj. Gen. H. Heth") != std::string::npos);
}

TEST_CASE("table map: a side's map is the same whatever the enemy's hidden facts are",
          "[render][chaos]") {
  // The Confederate side's map; the Union's hidden facts change: every
  // brigade, regiment and commander name, the stress of its brigades and
  // regiments, the order of Meredith's markers and which one it prefers.
  auto j = meeting_json();
  auto s1 = chaos::load_scenario(j, "chaos-meeting.json");
  auto r1 = meeting_ruleset(j);
  for (auto& b : j["sides"][0]["brigades"]) {
    b["name"] = "Hidden " + b["name"].get<std::string>();
    b["commander"] = "Col. Nobody";
    for (auto& r : b["regiments"]) r["name"] = "Secret " + r["name"].get<std::string>();
  }
  j["sides"][0]["commanders"][0]["name"] = "Gen. Unknown";
  auto s2 = chaos::load_scenario(j, "chaos-meeting-renamed.json");
  auto r2 = meeting_ruleset(j);
  adjutant::model::State a = chaos::initial_game_state(s1);
  adjutant::model::State b = chaos::initial_game_state(s2);
  chaos::ChaosState t = chaos::chaos_of(b);
  t.brigades.at("gamble").stress = 5;
  t.brigades.at("meredith").stress = 3;
  std::swap(t.brigades.at("meredith").markers[0], t.brigades.at("meredith").markers[1]);
  t.regiments.at("8il-cav").stress = 4;
  t.regiments.at("2us-a").stress = 2;
  chaos::set_chaos(b, t);
  REQUIRE(a.canonical() != b.canonical());
  std::map<std::string, int> pa{{"archer", 2}}, pb{{"archer", 2}, {"meredith", 2}, {"cutler", 2}};
  std::string svg = adjutant::render::render_table_svg({*r1, a, "confederate", pa});
  CHECK(adjutant::render::render_table_svg({*r2, b, "confederate", pb}) == svg);
  CHECK(adjutant::render::render_table_png({*r1, a, "confederate", pa}) ==
        adjutant::render::render_table_png({*r2, b, "confederate", pb}));
  // The same change shows on the Union's map and the umpire's.
  CHECK(adjutant::render::render_table_svg({*r1, a, "union", pa}) !=
        adjutant::render::render_table_svg({*r2, b, "union", pb}));
  CHECK(adjutant::render::render_table_svg({*r1, a, "", pa}) !=
        adjutant::render::render_table_svg({*r2, b, "", pb}));
  // A change the Confederates may see does change their map: a Union
  // regiment turned.
  t.regiments.at("8il-cav").facing = 90;
  chaos::set_chaos(b, t);
  CHECK(adjutant::render::render_table_svg({*r2, b, "confederate", pb}) != svg);
}

TEST_CASE("table map: a stand is drawn where the rules put it, turned to its facing",
          "[render][chaos]") {
  auto s = meeting_table();
  auto r = meeting_ruleset();
  adjutant::model::State state = chaos::initial_game_state(s);
  chaos::ChaosState t = chaos::chaos_of(state);
  // The 8th Illinois Cavalry: 4 stands of 1" x 1 1/2" centred on (24.50",
  // 21.00"), turned to face east (90 degrees).
  t.regiments.at("8il-cav").facing = 90;
  chaos::set_chaos(state, t);
  std::string svg = adjutant::render::render_table_svg({*r, state, "union", {}});
  std::string g = group_named(svg, "8il-cav");
  REQUIRE_FALSE(g.empty());
  CHECK(g.find("data-at=\"2450 2100\" data-facing=\"90\"") != std::string::npos);
  // By hand: facing east, a body's right is south and its front east. Its
  // front edge is x = 2450 + 75 = 2525 from y = 2100 + 200 (front-left) to
  // 2100 - 200 (front-right); its rear edge x = 2375. The leftmost stand
  // spans y 2300 to 2200. In the picture, x = 14 + X / 10 and y = 64 +
  // (10800 - Y) / 10: the stand's corners are (266.5, 914), (266.5, 924),
  // (251.5, 924), (251.5, 914).
  CHECK(g.find("M 266.5 914 L 266.5 924 L 251.5 924 L 251.5 914") != std::string::npos);
  // The front edge, heavy, from front-left to front-right.
  CHECK(g.find("M 266.5 914 L 266.5 954") != std::string::npos);
  // The facing tick: from the middle of the front, (25.25", 21.00"), half
  // an inch east.
  CHECK(g.find("M 266.5 934 L 271.5 934") != std::string::npos);
  // The Confederates see the same base, unnamed, at the same place.
  std::string c = adjutant::render::render_table_svg({*r, state, "confederate", {}});
  auto at = c.find("data-at=\"2450 2100\" data-facing=\"90\"");
  REQUIRE(at != std::string::npos);
  CHECK(c.rfind("class=\"regiment enemy\"", at) > c.rfind("<g", at));
  CHECK(c.find("M 266.5 914 L 266.5 924 L 251.5 924 L 251.5 914", at) != std::string::npos);
}

TEST_CASE("table map: a state's map is a PNG of the picture's size", "[render][chaos]") {
  auto s = meeting_table();
  auto r = meeting_ruleset();
  adjutant::model::State state = chaos::initial_game_state(s);
  for (const char* side : {"union", "confederate", "umpire"}) {
    INFO(side);
    std::string png = adjutant::render::render_table_png({*r, state, side, {}});
    REQUIRE(png.size() > 1000);
    CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    CHECK(int(png_be32(png, 16)) == adjutant::render::table_picture_size(*r).first);
    CHECK(int(png_be32(png, 20)) == adjutant::render::table_picture_size(*r).second);
  }
  // A side that is not the scenario's, or a state without a table, is refused.
  CHECK_THROWS(adjutant::render::render_table_png({*r, state, "french", {}}));
  adjutant::model::State empty;
  CHECK_THROWS(adjutant::render::render_table_svg({*r, empty, "union", {}}));
}
