#include "report/order_page_table.h"

#include "game/fog.h"

#include "render/table_map.h"
#include "render/table_scene.h"
#include "report/inline_script.h"
#include "report/order_page_frame.h"
#include "report/order_page_table_script.h"
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

const char* const kTablePanel = R"(<div id="panel">
<p class="hint">Click one of your brigades (or its name below) or a commander, then points on
the table, one after another: its waypoints, with the path's length against the longest rate
its ground could roll. Give an engaged brigade its fight, maneuver or battery fire, a rested
one its new markers, a regiment its place, and set the policies and tokens below. Every click is checked by adjutant's own rules, here in the page, from what your side
sees. Nothing leaves this page: export the orders below and sign them with
<code>adjutant sign</code>.</p>
<h2>Your brigades</h2>
<div id="brigades"></div>
<div id="commanders"></div>
<div id="brigade-tools" hidden><p>Orders of <strong id="sel-name"></strong>
<button id="done" type="button">done</button></p>
<p><span class="markers-only"><label>move marker <select id="marker"></select></label>
<label>preferred marker <select id="preferred"></select></label></span>
<span class="deployed-only"><label><input id="form-up" type="checkbox"> form up</label>
<label><input id="withdraw" type="checkbox"> withdraw</label></span>
<label><input id="no-rest" type="checkbox"> does not rest</label></p>
<p class="markers-only"><label><input id="shake-out" type="checkbox"> shake out</label>
<label>facing <input id="facing" size="4" placeholder="default"></label></p>
<p>Path: <button id="undo" type="button">undo last point</button>
<button id="clear" type="button">drop the path</button>
<label>last point <input id="wp-at" size="12" placeholder="x,y inches"></label>
<button id="engage" type="button">engage: click an enemy</button>
<button id="no-engage" type="button">no engage</button></p>
<p class="deployed-only"><label>fight with <select id="fight"></select></label>
<button id="toward" type="button">toward: click an enemy base</button>
<button id="no-toward" type="button">closest</button></p>
<p class="markers-only v3-only">Shake out: <button id="so-commander" type="button">commander: click his place</button>
<label>at <input id="so-at" size="12" placeholder="the card's centre"></label></p>
<p class="deployed-only"><button id="maneuver" type="button">maneuver: click the commander's new place</button>
<button id="man-stay" type="button">he stays</button>
<label>at <input id="man-at" size="12" placeholder="x,y inches"></label>
<button id="no-maneuver" type="button">no maneuver</button></p>
<p class="deployed-only" id="fire-tools"><label>battery <select id="battery"></select></label>
<label>fires <select id="fire"><option value="">(the default)</option>
<option value="closest">at the closest</option><option value="hold">holds its fire</option>
<option value="point">at a point</option></select></label>
<button id="fire-at-enemy" type="button">at: click an enemy base</button>
<label>at <input id="fire-at" size="12" placeholder="x,y inches"></label></p>
<p class="deployed-only"><button id="remarker" type="button">re-marker: click the second marker</button>
<button id="remarker-one" type="button">one marker</button>
<label>second at <input id="rm-at" size="12" placeholder="x,y inches"></label>
<button id="no-remarker" type="button">no re-marker</button></p>
<p id="reg-tools">Regiments in <select id="reg-for"></select> <select id="reg"></select>
<span id="reg-place"><button id="place" type="button">place: click its centre</button>
<label>at <input id="reg-at" size="12" placeholder="where it stands"></label>
<label>facing <input id="reg-facing" size="4" placeholder="as it stands"></label></span>
<span class="v3-only" id="reg-state"><select id="reg-limber"><option value="">(limbered as it is)</option>
<option value="true">limbers</option><option value="false">unlimbers</option></select>
<select id="reg-mount"><option value="">(mounted as it is)</option>
<option value="true">mounts</option><option value="false">dismounts</option></select></span>
<button id="reg-drop" type="button">drop its order</button></p></div>
<div id="commander-tools" hidden><p>Moving <strong id="sel-commander"></strong>
<button id="c-undo" type="button">undo last point</button>
<button id="c-clear" type="button">drop the path</button>
<label>last point <input id="c-wp-at" size="12" placeholder="x,y inches"></label>
<button id="c-done" type="button">done</button></p></div>
<h2>Orders</h2>
<ul id="orders"></ul>
<p><label>sequence <input id="sequence" size="40" placeholder="brigade ids, first to act first"></label></p>
<h2>Policies</h2>
<p><label>fight tests <select id="pol-test"><option value="">(the default)</option>
<option value="enemy_most_stressed">enemy most stressed</option>
<option value="enemy_least_stressed">enemy least stressed</option>
<option value="own_least_stressed">own least stressed</option></select></label>
<label>hold the line below stress <input id="pol-hold" size="3"></label>
<label>batteries target <select id="pol-target"><option value="">(the default)</option>
<option value="closest">closest</option><option value="most_stressed">most stressed</option>
<option value="least_stressed">least stressed</option></select></label>
<label class="v3-only">brigades withdraw at stress <input id="pol-withdraw" size="3"></label></p>
<h2>Combat tokens</h2>
<div id="tokens"></div>
)";

}  // namespace

std::string table_order_page(const TablePageInput& in, const OrderWasm& wasm) {
  chaos::Scenario sc = chaos::load_side_part(in.scenario, "scenario.json");
  const std::map<std::string, int> preferred;
  const std::string svg = render::render_table_view_svg(sc, in.seen, in.side, preferred);
  const render::TableScene scene = render::make_table_scene(sc, in.seen, in.side, preferred);
  OrderPageFrame page;
  page.title = in.title;
  page.style = kTablePageStyle;
  page.about = in.about;
  page.alt = "table, turn " + std::to_string(in.seen.turn) + ", " + sc.side(in.side).name + " view";
  page.picture_type = "image/svg+xml";
  page.picture = svg;
  page.width = scene.width;
  page.height = scene.height;
  page.panel = kTablePanel;
  page.data = script_json(table_page_data(in, sc, scene));
  static const std::string script =
      std::string(kTablePageScript) + kTablePlacingScript + kTablePageStart;
  page.script = script.c_str();
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
