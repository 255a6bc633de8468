// The Chaos of Battle table drawn per view: the same bytes every time, each
// side's picture naming only its own brigades (enemy markers are flags),
// the umpire's naming everyone, every base and marker drawn.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "render/table_map.h"
#include "rules/chaos/scenario.h"
#include "util/files.h"

namespace chaos = adjutant::rules::chaos;

namespace {

chaos::Scenario meeting_table() {
  return chaos::load_scenario(
      nlohmann::json::parse(adjutant::read_file(std::string(ADJUTANT_SOURCE_DIR) +
                                                "/scenarios/table/chaos-meeting.json")),
      "chaos-meeting.json");
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
  std::string svg = adjutant::render::render_table_svg(s, "union");
  std::string png = adjutant::render::render_table_png(s, "union");
  adjutant::render::render_table_svg(s, "confederate");
  adjutant::render::render_table_png(s, "");
  CHECK(adjutant::render::render_table_svg(s, "union") == svg);
  CHECK(adjutant::render::render_table_png(s, "union") == png);
  CHECK(adjutant::render::render_table_svg(s, "confederate") != svg);
  // 60 x 108 inches at 8 pixels an inch, with margins and the banner.
  REQUIRE(png.size() > 24);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  CHECK(png_be32(png, 16) == 508u);
  CHECK(png_be32(png, 20) == 942u);
}

TEST_CASE("table map: a side reads only its own names; enemy markers are flags",
          "[render][chaos]") {
  auto s = meeting_table();
  std::string u = adjutant::render::render_table_svg(s, "union");
  std::string c = adjutant::render::render_table_svg(s, "confederate");
  std::string all = adjutant::render::render_table_svg(s, "");
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
