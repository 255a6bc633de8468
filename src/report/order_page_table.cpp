#include "report/order_page_table.h"

#include "game/fog.h"

#include "render/table_map.h"
#include "render/table_scene.h"
#include "report/inline_script.h"
#include "report/order_page_frame.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/scenario_part.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/view.h"

namespace adjutant::report {

namespace chaos = rules::chaos;
using ledger::Json;

namespace {

// What the page's script draws and clicks on, read from the side's view:
// its own brigades, regiments and commanders with their names; of the
// enemy, the flags and bases on the table by position.
Json table_page_data(const TablePageInput& in, const chaos::Scenario& sc,
                     const render::TableScene& scene) {
  chaos::ReadView v = chaos::read_view(in.seen, in.side);
  Json brigades = Json::array();
  for (const auto& b : sc.side(in.side).brigades) {
    auto it = v.own.brigades.find(b.id);
    if (it == v.own.brigades.end()) continue;
    Json markers = Json::array(), regiments = Json::array();
    for (auto p : it->second.markers) markers.push_back(chaos::json_of(p));
    // Every regiment still in the game: those of a brigade on markers have
    // no place ("at" null) until it shakes out. Limbered and dismounted
    // are version 3's, false before.
    for (const auto& r : b.regiments) {
      auto rs = v.own.regiments.find(r.id);
      if (rs == v.own.regiments.end() || rs->second.removed) continue;
      regiments.push_back({{"id", r.id},
                           {"name", r.name},
                           {"arm", chaos::arm_name(r.arm)},
                           {"at", rs->second.at ? chaos::json_of(*rs->second.at) : Json()},
                           {"facing", rs->second.facing},
                           {"stands", rs->second.stands},
                           {"limbered", rs->second.limbered},
                           {"dismounted", rs->second.dismounted}});
    }
    brigades.push_back(
        {{"id", b.id},
         {"name", b.name},
         {"arm", chaos::arm_name(b.arm)},
         {"markers", markers},
         {"commander", it->second.commander ? chaos::json_of(*it->second.commander) : Json()},
         {"regiments", regiments}});
  }
  Json commanders = Json::array();
  for (const auto& c : sc.side(in.side).commanders) {
    auto it = v.own.commanders.find(c.id);
    if (it == v.own.commanders.end()) continue;
    commanders.push_back({{"id", c.id}, {"name", c.name}, {"at", chaos::json_of(it->second.at)}});
  }
  Json flags = Json::array(), bases = Json::array();
  for (auto p : v.flags) flags.push_back(chaos::json_of(p));
  for (const auto& r : v.regiments)
    bases.push_back({{"at", chaos::json_of(r.at)},
                     {"facing", r.facing},
                     {"stands", r.stands},
                     {"arm", chaos::arm_name(r.arm)}});
  Json tokens = Json::array();
  for (const auto& t : chaos::held_tokens(in.seen, in.side)) tokens.push_back(t);
  return {{"setup",
           {{"scenario", in.scenario},
            {"version", in.version},
            {"state", in.seen.to_json()},
            {"side", in.side}}},
          {"ruleset", "chaos"},
          {"side", in.side},
          {"enemy", chaos::other_side(sc, in.side)},
          {"turn", in.seen.turn},
          {"table",
           {{"left", scene.left},
            {"top", scene.top},
            {"scale", scene.scale},
            {"width", sc.table.width},
            {"length", sc.table.length}}},
          {"brigades", brigades},
          {"commanders", commanders},
          {"flags", flags},
          {"bases", bases},
          {"tokens", tokens}};
}

}  // namespace

std::string table_order_page(const TablePageInput& in, const OrderWasm& wasm) {
  chaos::Scenario sc = chaos::load_side_part(in.scenario, "scenario.json");
  const std::map<std::string, int> preferred;
  const std::string svg = render::render_table_view_svg(sc, in.seen, in.side, preferred);
  const render::TableScene scene = render::make_table_scene(sc, in.seen, in.side, preferred);
  OrderPageFrame page;
  page.title = in.title;
  page.style = "order_page_table.css";
  page.about = in.about;
  page.alt = "table, turn " + std::to_string(in.seen.turn) + ", " + sc.side(in.side).name + " view";
  page.picture_type = "image/svg+xml";
  page.picture = svg;
  page.width = scene.width;
  page.height = scene.height;
  page.panel = "order_page_table_panel.html";
  page.data = script_json(table_page_data(in, sc, scene));
  page.script = {"order_page_table.js", "order_page_placing.js", "order_page_table_start.js"};
  return order_page_html(page, wasm);
}

TableView table_view(const Json& part, const model::State& seen, const std::string& side) {
  chaos::Scenario sc = chaos::load_side_part(part, "the part of the scenario");
  const std::map<std::string, int> preferred;
  render::TableScene scene = render::make_table_scene(sc, seen, side, preferred);
  return {render::render_table_view_svg(sc, seen, side, preferred), scene.width, scene.height};
}

std::string table_order_page(const game::Archive& archive, const model::State& state,
                             const std::string& side, const OrderWasm& wasm) {
  const rules::Ruleset& ruleset = archive.ruleset();
  const chaos::Scenario& sc = chaos::scenario_of(ruleset);
  // The page goes to the side: what its sealed copy would show, no more
  // (from protocol 2 not the scenario's id or title, docs/protocol.md 10a).
  int protocol = game::is_fog_genesis(archive.genesis()) ? archive.protocol() : 1;
  TablePageInput in;
  in.scenario = game::side_part(ruleset, archive.scenario_json(), side, protocol);
  in.version = ruleset.version();
  in.seen = ruleset.view(state, side);
  if (protocol >= 2) in.seen.scenario = game::kSealedScenario;
  in.side = side;
  in.title =
      archive.name() + ": orders of " + sc.side(side).name + ", turn " + std::to_string(state.turn);
  in.about = in.scenario.value("title", "") + " (" + in.scenario.value("id", "") + "), ruleset " +
             ruleset.id() + " version " + std::to_string(ruleset.version()) + ", game " +
             archive.game_id().substr(0, 16) + ", after log entry " + archive.head().substr(0, 16);
  return table_order_page(in, wasm);
}

}  // namespace adjutant::report
