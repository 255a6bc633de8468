// The Cemetery Hill map: roads named where they leave the map, reinforcements
// due by the next turn tagged at their entry hexes, exits drawn across the
// edge, lines of communication and units cut off at the end, and the notes
// under the map; the picture keeps one size whatever the state.
#include <catch2/catch.hpp>

#include "ledger/jcs.h"
#include "model/state.h"
#include "render/map.h"
#include "rules/hexmap/scenario.h"
#include "util/files.h"

namespace {

using adjutant::ledger::Json;
using namespace adjutant;

rules::hexmap::Scenario cemetery_hill() {
  std::string path = std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/cemetery-hill.json";
  return rules::hexmap::Scenario::from_json(ledger::parse_strict(read_file(path), path), path);
}

model::State start(const rules::hexmap::Scenario& sc) {
  model::State st;
  st.scenario = sc.id;
  st.turn = 3;
  st.phase = "confederate";
  for (const auto& u : sc.units) {
    model::UnitState us;
    if (u.start)
      us.location = sc.numbers().format(*u.start);
    else
      us.status = model::UnitStatus::kWaiting;
    st.units[u.id] = us;
  }
  st.vp = {{"confederate", 0}, {"union", 0}};
  return st;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("render: Cemetery Hill shows its roads off the map and the reinforcements due",
          "[render][cemetery-hill]") {
  auto sc = cemetery_hill();
  auto st = start(sc);
  // 2/1 left the map by the east edge in the last phase; 1/V was rescheduled to 2120.
  st.units["2/1"].status = model::UnitStatus::kExited;
  st.units["2/1"].location.clear();
  st.units["1/V"].extra["enter"] = {{"turn", 4}, {"hexes", {"2120"}}};
  Json events = Json::parse(R"([{"type":"exit","unit":"2/1","hex":"2104","side":"union",
      "strength":4,"mp":1,"order":1,"rule":"14.4"}])");
  std::string svg = render::render_svg({sc, st, events, ""});
  // Eleven roads leave the map, each named where it does.
  CHECK(count(svg, "class=\"road-end\"") == 11);
  CHECK(svg.find("class=\"road-end\" data-name=\"Chambersburg Pike\" data-hex=\"0104\"") !=
        std::string::npos);
  // Due by turn 4: Confederates at 0104 (turns 2 and 3), the Union at 0127, 1127, 2112, 2120.
  CHECK(svg.find("class=\"arrival\" data-hex=\"0104\" data-side=\"confederate\" data-turn=\"2\"") !=
        std::string::npos);
  CHECK(svg.find("class=\"arrival\" data-hex=\"2120\" data-side=\"union\" data-turn=\"4\" "
                 "data-units=\"1/V\"") != std::string::npos);
  CHECK(svg.find("class=\"arrival\" data-hex=\"2112\" data-side=\"union\" data-turn=\"4\" "
                 "data-units=\"2/V\"") != std::string::npos);
  CHECK(svg.find("data-hex=\"1101\" data-side=\"confederate\"") == std::string::npos);  // turn 6
  CHECK(count(svg, "class=\"exit\" data-unit=\"2/1\"") == 1);
  CHECK(count(svg, "class=\"notes\"") == 1);
  CHECK(count(svg, "class=\"communication\"") == 0);
}

TEST_CASE("render: the end of Cemetery Hill shows lines of communication and who is cut off",
          "[render][cemetery-hill]") {
  auto sc = cemetery_hill();
  auto st = start(sc);
  st.turn = 15;
  st.phase = "";
  st.result = "Confederate Decisive";
  st.extra["vp_sources"] = {{"confederate", {{"line_of_communication", 13}}}};
  st.vp = {{"confederate", 13}, {"union", 0}};
  Json events = Json::parse(R"([
    {"type":"line_of_communication","side":"union","edges":["east"],
     "traced":{"2/XI":["1209","1109","1108"]},
     "cut":[{"unit":"1/I","hex":"0707","strength":13}],"cut_strength":13,"rule":"14.51"},
    {"type":"game_end","turn":15,"result":"Confederate Decisive","vp":{"confederate":13,"union":0},
     "rule":"victory"}])");
  std::string svg = render::render_svg({sc, st, events, ""});
  CHECK(count(svg, "class=\"communication\" data-side=\"union\"") == 1);
  // No reinforcements are due once the game is over.
  CHECK(count(svg, "class=\"arrival\"") == 0);
  // One size for every state of the scenario.
  auto g = render::map_geometry(sc);
  CHECK(svg.find("width=\"" + std::to_string(g.width) + "px\" height=\"" +
                 std::to_string(g.height) + "px\"") != std::string::npos);
  std::string png = render::render_png({sc, st, events, ""});
  CHECK(png.substr(1, 3) == "PNG");
}
