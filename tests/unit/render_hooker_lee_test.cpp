// The Hooker and Lee map: printed with north at column 01, it is drawn
// turned so that north is up (the rivers across the top, Fredericksburg to
// the right, the Wilderness to the left) with a north arrow; the notes show
// each army's morale, the movement quota, Averill's crossing and the units
// off the map on the flank march; demoralized armies mark their counters.
#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "model/state.h"
#include "render/counter.h"
#include "render/map.h"
#include "render/scene.h"
#include "rules/hexmap/scenario.h"
#include "rules/map_marks.h"
#include "util/files.h"

namespace {

using adjutant::ledger::Json;
using namespace adjutant;

rules::hexmap::Scenario hooker_lee() {
  std::string path = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/hooker-lee-1975.json";
  return rules::hexmap::Scenario::from_json(ledger::parse_strict(read_file(path), path), path);
}

model::State start(const rules::hexmap::Scenario& sc) {
  model::State st;
  st.scenario = sc.id;
  st.turn = 3;
  st.phase = "union";
  for (const auto& u : sc.units) {
    model::UnitState us;
    if (u.start)
      us.location = sc.numbers().format(*u.start);
    else
      us.status = model::UnitStatus::kWaiting;
    st.units[u.id] = us;
  }
  st.vp = {{"confederate", 0}, {"union", 0}};
  st.extra["morale"] = {{"confederate", {{"lost", 0}, {"above", 52}, {"demoralized", false}}},
                        {"union", {{"lost", 0}, {"above", 47}, {"demoralized", false}}}};
  return st;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("render: Hooker and Lee is drawn with north up", "[render][hooker-lee]") {
  auto sc = hooker_lee();
  auto h = [&](const char* text) { return *sc.numbers().parse(text); };
  auto g = render::map_geometry(sc);
  CHECK(g.turns == 1);
  CHECK(g.width > g.height);  // the map lies across the picture
  // Column 01 (north) along the top, column 25 (south) along the bottom;
  // row 01 (east, toward Fredericksburg) to the right, row 28 (west) to the left.
  CHECK(g.centre(h("0101")).y < g.centre(h("2501")).y);
  CHECK(g.centre(h("0101")).x > g.centre(h("0128")).x);
  // The Rappahannock at U.S. Ford lies north of Chancellorsville, Ely's Ford
  // to its north-west, Hazel Grove to its south-west.
  auto c = g.centre(h("1616"));
  CHECK(g.centre(h("0211")).y < c.y);
  CHECK(g.centre(h("0227")).x < c.x);
  CHECK(g.centre(h("0227")).y < c.y);
  CHECK(g.centre(h("1919")).x < c.x);
  CHECK(g.centre(h("1919")).y > c.y);
  auto st = start(sc);
  std::string svg = render::render_svg({sc, st, Json::array(), ""});
  CHECK(count(svg, "class=\"compass\" data-north=\"west\"") == 1);
  // 688 hexes: the even columns end at row 27.
  CHECK(count(svg, "class=\"hex\"") == 688);
  CHECK(svg.find("id=\"hex-1028\"") == std::string::npos);
  CHECK(svg.find("id=\"hex-1027\"") != std::string::npos);
  // The same input draws the same bytes.
  CHECK(render::render_png({sc, st, Json::array(), ""}) ==
        render::render_png({sc, st, Json::array(), ""}));
}

TEST_CASE("render: the Hooker and Lee notes show morale, the quota, Averill and the flank march",
          "[render][hooker-lee]") {
  auto sc = hooker_lee();
  auto st = start(sc);
  st.extra["morale"]["union"] = {{"lost", 50}, {"above", 47}, {"demoralized", true}, {"since", 3}};
  st.extra["quota"] = {{"side", "union"}, {"turn", 3}, {"used", 4}, {"of", 6}};
  st.extra["crossing"] = {{"turn", 5}, {"die", 4}, {"allowed", false}};
  for (const char* unit : {"Ramseur/R", "Doles/R"}) {
    auto& u = st.units[unit];
    u.status = model::UnitStatus::kWaiting;
    u.location.clear();
    u.extra["left"] = {{"turn", 1}, {"hex", "2514"}};
    u.extra["enter"] = {{"turn", 4}, {"hexes", {"1027", "1128"}}};
  }
  CHECK(rules::map_marks(sc, st).army.at("union") ==
        "DEMORALIZED since turn 3 (50 SP lost, limit 47)  \u00b7  moved 4 of 6 units on turn 3  "
        "\u00b7  1/Averill, 2/Averill may not cross at 0227 yet (rolled 4 on turn 5)");
  CHECK(rules::map_marks(sc, st).army.at("confederate") ==
        "0 SP lost (demoralized above 52)  \u00b7  off the map on the flank march: 2 back on "
        "turn 4 (Ramseur/R, Doles/R)");
  std::string svg = render::render_svg({sc, st, Json::array(), ""});
  CHECK(count(svg, "class=\"notes\"") == 1);
  // Due back on turn 4 by the next game-turn: tagged on the western edge.
  CHECK(svg.find("class=\"arrival\" data-hex=\"1027\" data-side=\"confederate\" data-turn=\"4\" "
                 "data-units=\"Ramseur/R Doles/R\"") != std::string::npos);
  // The demoralized army's counters carry the yellow corner, the other's do not.
  auto scene = render::make_scene(sc, st, Json::array(), "");
  CHECK(render::look_of(scene, *sc.unit("2/V"), &st.units["2/V"]).demoralized);
  CHECK_FALSE(render::look_of(scene, *sc.unit("Heth/H"), &st.units["Heth/H"]).demoralized);
}
