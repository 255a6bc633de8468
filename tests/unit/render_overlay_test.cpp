// The map split for a page that draws it (render/map_overlay.h): the base
// holds every part of the picture that does not change and none of the
// marks of a position; each position's data names the very counters,
// ghosts, arrows, combats and tags that render_svg draws for it, in the
// same order; a table's data the very pieces of its view; and the font
// metrics the page measures text with give cairo's widths.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "game/archive.h"
#include "game/posts.h"
#include "render/bench_render.h"
#include "render/canvas.h"
#include "render/map.h"
#include "render/map_overlay.h"
#include "render/overlay_json.h"
#include "render/ruleset_maps.h"
#include "render/surface.h"
#include "render/table_map.h"
#include "rules/chaos/ruleset.h"
#include "support/replay_page_parts.h"
#include "util/error.h"
#include "util/markup.h"

namespace render = adjutant::render;
using adjutant::ledger::Json;
using adjutant::testing::hex_step_groups;
using adjutant::testing::kHexMarks;
using adjutant::testing::svg_groups;

namespace {

std::string attr(const std::string& name, const std::string& value) {
  return " " + name + "=\"" + adjutant::escape_markup(value) + "\"";
}

}  // namespace

TEST_CASE("a hex map's overlay data names what render_svg draws, its base none of it",
          "[render][overlay]") {
  render::BenchMap m = render::bench_map();
  Json step = render::hex_map_step(m.scenario, m.state, m.events, "");
  render::MapBase base = render::hex_map_base(m.scenario, "");
  std::string svg = render::render_svg({m.scenario, m.state, m.events, ""});

  std::vector<std::string> drawn = svg_groups(svg, kHexMarks);
  std::vector<std::string> data = hex_step_groups(base.info, step);
  // The arrows, ghosts, counters, tags and combats, in the layers' order.
  REQUIRE(drawn.size() > 100);
  CHECK(data == drawn);
  CHECK(step["combats"].size() == 8);
  CHECK(step["ghosts"].size() >= 1);
  CHECK(step["line"].get<std::string>().rfind("Turn ", 0) == 0);

  // The base: the same picture size, every hex and road, no mark of a
  // position and no banner line; the same bytes from any state.
  CHECK(base.info["width"] == render::map_geometry(m.scenario).width);
  CHECK(base.info["height"] == render::map_geometry(m.scenario).height);
  CHECK(svg_groups(base.svg, kHexMarks).empty());
  CHECK(svg_groups(base.svg, {"hex"}).size() == svg_groups(svg, {"hex"}).size());
  CHECK(svg_groups(base.svg, {"route"}) == svg_groups(svg, {"route"}));
  CHECK(svg_groups(base.svg, {"legend"}).size() == 1);
  CHECK(base.info["hexes"].size() == svg_groups(svg, {"hex"}).size());
  CHECK(render::hex_map_base(m.scenario, "").svg == base.svg);
  CHECK(render::hex_map_base(m.scenario, m.scenario.sides[0].id).svg != base.svg);  // its banner
  // Each hex where the picture has it.
  render::MapGeometry geo = render::map_geometry(m.scenario);
  auto c = geo.centre({3, 4});
  CHECK(base.info["hexes"]["0304"][0].get<double>() == Approx(c.x).margin(0.01));
  CHECK(base.info["hexes"]["0304"][1].get<double>() == Approx(c.y).margin(0.01));
}

TEST_CASE("the overlay's font metrics give the renderer's text widths", "[render][overlay]") {
  Json font = render::font_metrics();
  std::vector<std::string> chars;
  const std::string all = font["chars"];
  for (std::size_t i = 0; i < all.size();) {
    std::size_t n = (all[i] & 0x80) == 0 ? 1 : (all[i] & 0xE0) == 0xC0 ? 2 : 3;
    chars.push_back(all.substr(i, n));
    i += n;
  }
  REQUIRE(chars.size() == font["regular"].size());
  REQUIRE(chars.size() == font["bold"].size());
  auto width = [&](const std::string& text, double size, bool bold) {
    double w = 0;
    for (std::size_t i = 0; i < text.size();) {
      std::size_t n = (text[i] & 0x80) == 0 ? 1 : (text[i] & 0xE0) == 0xC0 ? 2 : 3;
      auto at = std::find(chars.begin(), chars.end(), text.substr(i, n)) - chars.begin();
      w += font[bold ? "bold" : "regular"][std::size_t(at)].get<double>() / 1e6;
      i += n;
    }
    return w * size;
  };
  render::draw_png_image(1, 1, [&](render::Canvas& canvas) {
    for (const std::string text : {"1/Heth", "12-6", "#3 2-1 Dr", "Turn 4 of 8 \u00b7 VP 12",
                                   "Hunter\u2019s Ford \u2026", "Wright/A"}) {
      INFO(text);
      for (double size : {7.5, 9.5, 11.5}) {
        CHECK(width(text, size, false) ==
              Approx(canvas.text_width(text, size, render::Weight::kRegular)).margin(0.001));
        CHECK(width(text, size, true) ==
              Approx(canvas.text_width(text, size, render::Weight::kBold)).margin(0.001));
      }
    }
  });
}

TEST_CASE("a table's overlay data holds the pieces of its view and nothing more",
          "[render][overlay][chaos]") {
  const auto dir =
      std::filesystem::path(ADJUTANT_SOURCE_DIR) / "samples/games/chaos-meeting-v3-bot";
  adjutant::game::Archive archive = adjutant::game::Archive::open(dir);
  auto posts = adjutant::game::posts(archive);
  REQUIRE(posts.size() > 3);
  const auto& post = posts.back();
  const auto& scenario = adjutant::rules::chaos::scenario_of(archive.ruleset());
  for (const std::string side : {"union", "confederate", "umpire"}) {
    INFO(side);
    Json step = render::ruleset_map_step(archive, post.state, post.seq, side);
    std::string svg = render::ruleset_map(archive, post.state, post.seq, side, false);
    std::vector<std::string> drawn = svg_groups(
        svg, {"marker", "wagon", "regiment", "battery", "brigade-commander", "commander"});
    std::vector<std::string> data;
    for (const auto& p : step["pieces"]) {
      std::string a = "class=\"" + p[0].get<std::string>() + (p[2] == 1 ? " own" : " enemy") +
                      "\"" + attr("data-side", p[1]);
      if (!p[9].get<std::string>().empty()) a += attr("data-brigade", p[9]);
      if (!p[10].get<std::string>().empty()) a += attr("data-name", p[10]);
      a += attr("data-at",
                std::to_string(p[7][0].get<int>()) + " " + std::to_string(p[7][1].get<int>()));
      if (p[8].get<int>() >= 0) a += attr("data-facing", std::to_string(p[8].get<int>()));
      if (p[11].get<int>() > 0) a += attr("data-marker", std::to_string(p[11].get<int>()));
      if (p[12] == 1) a += " data-preferred=\"true\"";
      data.push_back(a);
    }
    REQUIRE(drawn.size() > 10);
    CHECK(data == drawn);
    CHECK(svg_groups(svg, {"brigade-name"}).size() == step.value("labels", Json::array()).size());
    // The base holds no piece, for any view.
    auto base = render::ruleset_map_base(archive, side);
    REQUIRE(base);
    CHECK(base->info["kind"] == "table");
    CHECK(svg_groups(base->svg, {"marker", "wagon", "regiment", "battery", "brigade-commander",
                                 "commander", "brigade-name"})
              .empty());
    CHECK(svg_groups(base->svg, {"landmark"}) == svg_groups(svg, {"landmark"}));
  }
  // A side's data names none of the enemy's brigades.
  Json union_step = render::ruleset_map_step(archive, post.state, post.seq, "union");
  Json umpire_step = render::ruleset_map_step(archive, post.state, post.seq, "umpire");
  for (const auto& side : scenario.sides) {
    if (side.id != "confederate") continue;
    for (const auto& b : side.brigades) {
      INFO(b.name);
      CHECK(union_step.dump().find(b.name) == std::string::npos);
      CHECK(umpire_step.dump().find(b.name) != std::string::npos);
    }
  }
}

TEST_CASE("the base picture travels gzipped and comes back whole", "[render][overlay]") {
  render::BenchMap m = render::bench_map();
  std::string svg = render::hex_map_base(m.scenario, "").svg;
  std::string gz = render::gzip(svg);
  CHECK(gz.size() * 5 < svg.size());
  CHECK(render::gzip(svg) == gz);  // the same bytes every time
  CHECK(render::gunzip(gz) == svg);
  CHECK_THROWS_AS(render::gunzip("not gzip"), adjutant::Error);
  CHECK_THROWS_AS(render::gunzip(gz.substr(0, gz.size() / 2)), adjutant::Error);
}
