// Map snapshots: well-formed SVG carrying a hex per map hex, a counter per
// unit on the map and an arrow per move; PNG of the expected size whose hexes
// have their terrain's colour; the same bytes for the same state, every time.
#include <cairo.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "ledger/jcs.h"
#include "model/state.h"
#include "render/bench_render.h"
#include "render/map.h"
#include "render/map_style.h"
#include "rules/hexmap/scenario.h"
#include "util/error.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;
using adjutant::ledger::Json;
using namespace adjutant;

rules::hexmap::Scenario skirmish() {
  std::string path = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  return rules::hexmap::Scenario::from_json(ledger::parse_strict(read_file(path), path), path);
}

// Every unit at its start hex (reinforcements waiting), then a Confederate
// phase: three moves, one combat, one retreat, one unit eliminated.
struct Position {
  rules::hexmap::Scenario scenario = skirmish();
  model::State state;
  Json events;

  Position() {
    state.scenario = scenario.id;
    state.turn = 2;
    state.phase = "union";
    state.vp = {{"confederate", 3}, {"union", 0}};
    for (const auto& u : scenario.units) {
      model::UnitState us;
      if (u.start)
        us.location = scenario.numbers().format(*u.start);
      else
        us.status = model::UnitStatus::kWaiting;
      state.units[u.id] = us;
    }
    state.units["1/Heth"].location = "0403";
    state.units["1/Pender"].location = "0804";
    state.units["Jenkins"].status = model::UnitStatus::kEliminated;
    state.units["Jenkins"].location.clear();
    state.units["2/I"].location = "0806";
    state.units["2/I"].mark("ineffective", true);
    state.units["Buford"].extra["demoralized"] = true;
    events = Json::parse(R"([
      {"type":"move","unit":"1/Heth","path":["0401","0402","0403"]},
      {"type":"move","unit":"1/Pender","path":["0801","0802","0803","0804"]},
      {"type":"move","unit":"Jenkins","path":["0901","0902","1003"]},
      {"type":"combat","combat":"1.1","attackers":[{"unit":"1/Pender","hex":"0804","strength":11}],
       "defenders":[{"unit":"2/I","hex":"0805","strength":10}],"odds":"1-1",
       "die":{"k":0,"value":2},"result":"Dr"},
      {"type":"retreat","unit":"2/I","from":"0805","to":"0806"},
      {"type":"combat","n":2,"attackers":[{"unit":"Jenkins","hex":"1003","strength":4}],
       "defenders":[{"unit":"Buford","hex":"1004","strength":5}],"odds":"1-1",
       "die":{"k":1,"value":6},"result":"Ae"},
      {"type":"eliminate","unit":"Jenkins","hex":"1003","cause":"Ae"},
      {"type":"weather","what":"an event type the renderer does not know"}
    ])");
  }

  render::MapInput input(const std::string& side = "") const {
    return {scenario, state, events, side};
  }
};

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

fs::path temp_path(const std::string& name) {
  return fs::temp_directory_path() / ("adjutant-render-" + std::to_string(::getpid()) + "-" + name);
}

struct Reader {
  const std::string* bytes;
  std::size_t at = 0;
};

cairo_status_t read_bytes(void* closure, unsigned char* data, unsigned int length) {
  auto* r = static_cast<Reader*>(closure);
  if (r->at + length > r->bytes->size()) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, r->bytes->data() + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

std::uint32_t big_endian(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = v << 8 | std::uint8_t(s[at + std::size_t(i)]);
  return v;
}

}  // namespace

TEST_CASE("render: the SVG is well-formed and names every hex, counter, move and combat",
          "[render]") {
  Position p;
  std::string svg = render::render_svg(p.input());
  auto file = temp_path("map.svg");
  write_file_atomic(file, svg);
  std::string command = "xmllint --noout '" + file.string() + "'";
  CHECK(std::system(command.c_str()) == 0);
  fs::remove(file);

  CHECK(count(svg, "class=\"hex\"") == std::size_t(p.scenario.columns * p.scenario.rows));
  for (int col = 1; col <= p.scenario.columns; ++col)
    for (int row = 1; row <= p.scenario.rows; ++row)
      CHECK(count(svg, "id=\"hex-" + p.scenario.numbers().format(hex::Hex{col, row}) + "\"") == 1);

  std::size_t on_map = 0;
  for (const auto& [id, u] : p.state.units) {
    if (u.status != model::UnitStatus::kActive) continue;
    ++on_map;
    CHECK(count(svg, "class=\"counter\" data-unit=\"" + id + "\"") == 1);
  }
  CHECK(on_map == 9);
  CHECK(count(svg, "class=\"counter\"") == on_map);
  CHECK(count(svg, "class=\"move\"") == 3);
  CHECK(count(svg, "class=\"move\" data-unit=\"1/Heth\"") == 1);
  CHECK(count(svg, "class=\"retreat\" data-unit=\"2/I\"") == 1);
  CHECK(count(svg, "class=\"combat\"") == 2);
  CHECK(count(svg, "data-odds=\"1-1\" data-result=\"Dr\"") == 1);
  CHECK(count(svg, "class=\"eliminated\" data-unit=\"Jenkins\"") == 1);
  CHECK(count(svg, "class=\"place\"") == p.scenario.places.size());
  CHECK(count(svg, "<title>Skirmish at Ely&#39;s Mill") == 1);
  CHECK(svg.find("width=\"" + std::to_string(render::map_geometry(p.scenario).width) + "px\"") !=
        std::string::npos);
  // The marker rectangles are gone and cairo's ids are counted from 1.
  CHECK(svg.find("fill-opacity:0.01") == std::string::npos);
  CHECK(svg.find("id=\"surface1\"") != std::string::npos);
}

TEST_CASE("render: the PNG has the picture's size and each hex its terrain's colour", "[render]") {
  Position p;
  std::string png = render::render_png(p.input());
  auto geometry = render::map_geometry(p.scenario);
  REQUIRE(png.size() > 33);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  CHECK(png.compare(12, 4, "IHDR") == 0);
  CHECK(big_endian(png, 16) == std::uint32_t(geometry.width));
  CHECK(big_endian(png, 20) == std::uint32_t(geometry.height));

  Reader reader{&png};
  cairo_surface_t* image = cairo_image_surface_create_from_png_stream(read_bytes, &reader);
  REQUIRE(cairo_surface_status(image) == CAIRO_STATUS_SUCCESS);
  CHECK(cairo_image_surface_get_width(image) == geometry.width);
  CHECK(cairo_image_surface_get_height(image) == geometry.height);
  const auto* data = cairo_image_surface_get_data(image);
  int stride = cairo_image_surface_get_stride(image);
  // Hexes with no counter, route, place name or event on them; the sample
  // point sits between the centre and the lower-right corner.
  for (const char* number : {"0201", "1101", "1007", "1108", "0710", "0508", "0309", "1209"}) {
    auto h = *p.scenario.numbers().parse(number);
    auto c = geometry.centre(h);
    int x = int(c.x + 0.3 * geometry.hex_size), y = int(c.y + 0.2 * geometry.hex_size);
    std::uint32_t pixel =
        reinterpret_cast<const std::uint32_t*>(data + std::size_t(y) * std::size_t(stride))[x] &
        0xffffff;
    auto colour = render::parse_colour(p.scenario.terrain_at(h).colour, {});
    std::uint32_t expected = std::uint32_t(std::lround(colour.r * 255)) << 16 |
                             std::uint32_t(std::lround(colour.g * 255)) << 8 |
                             std::uint32_t(std::lround(colour.b * 255));
    INFO("hex " << number << " (" << p.scenario.terrain_at(h).id << ")");
    CHECK(pixel == expected);
  }
  cairo_surface_destroy(image);
}

TEST_CASE("render: the same state gives the same bytes, whatever was drawn before", "[render]") {
  Position p;
  std::string svg = render::render_svg(p.input());
  std::string png = render::render_png(p.input());
  Position other;
  other.state.turn = 5;
  other.events = Json::array();
  render::render_svg(other.input("union"));
  render::render_png(other.input("union"));
  CHECK(render::render_svg(p.input()) == svg);
  CHECK(render::render_png(p.input()) == png);
  CHECK(render::render_svg(other.input("union")) != svg);
}

TEST_CASE("render: odd events are skipped, never fatal", "[render]") {
  Position p;
  for (const char* text : {"null", "{}", "[1, \"x\", {\"type\": 3}]",
                           R"([{"type":"move","unit":"1/Heth","path":["9999","0401"]},
                               {"type":"move","unit":"nobody","path":["0401","0402"]},
                               {"type":"combat","attackers":"x","defenders":[{"hex":"0101"}]},
                               {"type":"eliminate","unit":"1/Heth","hex":"0403"},
                               {"type":"retreat","unit":"2/I","from":"0805"}])"}) {
    p.events = Json::parse(text);
    INFO(text);
    std::string svg;
    CHECK_NOTHROW(svg = render::render_svg(p.input()));
    CHECK(count(svg, "class=\"move\"") == 0);
    CHECK(count(svg, "class=\"eliminated\"") == 0);
    CHECK_NOTHROW(render::render_png(p.input()));
  }
}

TEST_CASE("render: write_maps writes one SVG and PNG per view through the view filter",
          "[render]") {
  Position p;
  auto folder = temp_path("turn");
  fs::create_directories(folder);
  // A filter that hides the other side's units, as a hidden-information ruleset would.
  render::ViewFilter filter = [&](const model::State& s, const std::string& side) {
    model::State seen = s;
    if (side.empty()) return seen;
    for (const auto& u : p.scenario.units)
      if (u.side != side) seen.units.erase(u.id);
    return seen;
  };
  render::write_maps(folder, p.scenario, p.state, p.events, {"confederate", "union", "umpire"},
                     filter);
  for (const char* view : {"confederate", "union", "umpire"}) {
    CHECK(fs::exists(folder / (std::string("map-") + view + ".svg")));
    CHECK(fs::exists(folder / (std::string("map-") + view + ".png")));
  }
  std::string union_svg = read_file(folder / "map-union.svg");
  CHECK(count(union_svg, "data-side=\"confederate\"") == 0);
  CHECK(count(union_svg, "class=\"move\"") == 0);
  CHECK(count(union_svg, "class=\"counter\"") == 5);
  CHECK(count(union_svg, "data-side=\"union\" data-hex") == 5);
  // The Union reinforcement due (1/XI, turn 2) is tagged at its entry hex.
  CHECK(count(union_svg, "class=\"arrival\" data-hex=\"0610\" data-side=\"union\"") == 1);
  CHECK(count(read_file(folder / "map-umpire.svg"), "class=\"move\"") == 3);
  try {
    render::write_maps(folder, p.scenario, p.state, p.events, {"martians"});
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.id() == "render.bad_side");
  }
  fs::remove_all(folder);
}

TEST_CASE("render: the benchmark map is what its comment says", "[render]") {
  auto m = render::bench_map();
  CHECK(m.scenario.columns == 25);
  CHECK(m.scenario.rows == 28);
  CHECK(m.scenario.units.size() == 90);
  CHECK(m.state.units.size() == 90);
  CHECK(render::bench_map().events == m.events);
  auto r = render::bench_render(1);
  CHECK(r.counters >= 85);
  CHECK(r.png_bytes > 0);
  CHECK(r.svg_bytes > 0);
}
