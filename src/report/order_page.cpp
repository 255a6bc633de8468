#include "report/order_page.h"

#include <algorithm>
#include <cmath>

#include "render/map.h"
#include "report/inline_script.h"
#include "report/order_page_frame.h"
#include "report/order_page_script.h"
#include "report/order_page_table.h"
#include "report/order_page_wasm.h"
#include "report/turn_outputs.h"
#include "report/visibility.h"
#include "rules/bluegray/orders.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::report {

namespace {

Json page_data(const game::Archive& archive, const model::State& seen, const std::string& side) {
  const model::Scenario& sc = archive.scenario();
  const render::MapGeometry geo = render::map_geometry(sc);
  Json hexes = Json::array();
  for (int col = 1; col <= sc.columns; ++col)
    for (int row = 1; row <= sc.last_row(col); ++row) {
      hex::Hex h{col, row};
      if (!sc.on_map(h)) continue;
      hex::Point c = geo.centre(h);
      hexes.push_back({hex::format(h), std::lround(c.x * 10) / 10.0, std::lround(c.y * 10) / 10.0});
    }
  Json units = Json::array();
  for (const auto& u : sc.units) {
    auto it = seen.units.find(u.id);
    if (it == seen.units.end()) continue;
    units.push_back({{"id", u.id},
                     {"name", u.name},
                     {"side", u.side},
                     {"type", u.type},
                     {"strength", u.strength},
                     {"movement", u.movement},
                     {"status", model::to_string(it->second.status)},
                     {"hex", it->second.location}});
  }
  Json odds = Json::array();
  for (const auto& c : sc.crt.columns) odds.push_back(c);
  // Blue & Gray's standing orders; the 1961 game has none.
  const std::string ruleset = archive.ruleset().id();
  Json standing =
      ruleset == "bluegray" ? rules::bluegray::standing_of(seen, side).to_json() : Json(nullptr);
  return {{"setup",
           {{"scenario", archive.scenario_json()},
            {"version", archive.ruleset().version()},
            {"state", seen.to_json()},
            {"side", side}}},
          {"side", side},
          {"enemy", sc.other_side(side)},
          {"turn", seen.turn},
          {"hexes", hexes},
          {"radius", geo.hex_size},
          {"units", units},
          {"odds", odds},
          {"ruleset", ruleset},
          {"standing", standing}};
}

// The panel of a hex game's page: its units, moves and attacks (1961: its
// substitutions and bridges; Blue & Gray: its standing orders).
const char* const kHexPanel = R"(<div id="panel">
<p class="hint">Click one of your units (or its name below), then hex after hex of its path;
the MP spent show at each hex. To attack, press <em>new attack</em>, then click the defenders'
hexes and your attackers. Every click is checked by adjutant's own rules, here in the page.
Nothing leaves this page: export the orders below and sign them with <code>adjutant sign</code>.</p>
<div><button id="mode-move" type="button">move</button><button id="mode-attack" type="button">attack</button>
<button id="new-attack" type="button">new attack</button></div>
<h2>Your units</h2>
<div id="units"></div>
<p class="hint">* not yet on the map: its first hex is where it enters.</p>
<div class="ah-only"><h2>Substitutions and bridges</h2>
<p>Division <select id="sub-division"></select>
<button id="sub-new" type="button">substitute brigades</button><button id="rec-new" type="button">recombine</button><br>
Brigade <select id="sub-brigade"></select> <button id="sub-add" type="button">add the brigade</button></p>
<p>Bridge <select id="bridge-unit"></select> <button id="bridge-new" type="button">build a bridge</button>
then click its river square and the far bank.</p>
<p class="hint">Orders of the movement phase are carried out in the order given: a brigade
substituted for its division may move after the substitution. While attacking, a unit's button
takes it in or out of the attack.</p></div>
<div id="move-tools" hidden><p>Moving <strong id="sel-unit"></strong>
<button id="undo" type="button">undo last hex</button><button id="clear" type="button">drop this move</button>
<button id="done" type="button">done</button>
<span class="ah-only"><button id="group-add" type="button">move with the next unit of its square</button></span><br>
<span class="bg-only"><label><input id="mv-strategic" type="checkbox"> strategic movement</label>
<label><input id="mv-forced" type="checkbox"> forced march</label>
<label><input id="mv-exit" type="checkbox"> leaves the map</label></span></p></div>
<div id="attack-tools" hidden><p><span class="bg-only">Odds <select id="odds"></select></span>
Advance <select id="advance"></select>
<button id="drop-attack" type="button">drop this attack</button></p>
<p class="ah-only">Retreat of <select id="retreat-unit"></select>
<button id="retreat-pick" type="button">pick its two squares</button>
Losses first <select id="losses"></select></p></div>
<h2>Moves</h2>
<ul id="moves"></ul>
<h2>Attacks</h2>
<ul id="attacks"></ul>
<div class="bg-only"><h2>Standing orders</h2>
<p><label><input id="st-on" type="checkbox"> send standing orders</label><br>
<label>retreat <select id="st-prefer"><option value="away">away</option><option value="toward">toward</option></select></label>
<label>hex <input id="st-hex" size="6"> <button id="st-pick" type="button">pick on the map</button></label><br>
<label><input id="st-evade" type="checkbox"> cavalry evades</label>
<label><input id="st-advance" type="checkbox"> advance after a successful defence</label><br>
<label>losses on an exchange <select id="st-losses"><option value="fewest_units">fewest units</option>
<option value="weakest_first">weakest first</option><option value="strongest_first">strongest first</option></select></label></p></div>
)";

}  // namespace

bool has_order_page(const std::string& ruleset_id) {
  return ruleset_id == "bluegray" || ruleset_id == "ah1961" || ruleset_id == "chaos";
}

std::string order_page(const game::Archive& archive, const model::State& state,
                       const std::string& requested, const OrderWasm& wasm) {
  require_order_wasm(wasm);
  const rules::Ruleset& ruleset = archive.ruleset();
  if (!has_order_page(ruleset.id()))
    throw Error("view.orders_ruleset",
                "ruleset " + ruleset.id() +
                    " has no order page yet; write text orders instead "
                    "(adjutant orders, docs/orders.md)",
                Exit::kUsage);
  rules::PhaseInfo phase = ruleset.current_phase(state);
  if (phase.side.empty())
    throw Error("view.orders_game_over",
                archive.dir().string() + ": the game has ended; no orders are due");
  // The 1961 set-up steps place counters and fortifications, which the
  // page has no clicks for; its turns have moves and attacks.
  if (ruleset.id() == "ah1961" && phase.turn == 0)
    throw Error("view.orders_ruleset",
                "the 1961 set-up (" + phase.name +
                    ") has no order page; write text orders instead (adjutant orders, "
                    "docs/orders.md)",
                Exit::kUsage);
  const std::string side = requested.empty() ? phase.side : requested;
  const auto movers = phase.waiting_on();  // a simultaneous phase waits on each side
  if (std::find(movers.begin(), movers.end(), side) == movers.end())
    throw Error("view.orders_not_due", "orders are due from " + phase.side + " (turn " +
                                           std::to_string(phase.turn) + "), not from " +
                                           printable(side));
  if (ruleset.id() == "chaos") return table_order_page(archive, state, side, wasm);
  hex::SheetsScope sheets(archive.scenario().sheets);
  const GameFacts g = game_facts(archive);
  const model::State seen = visible_state(g, state, side);
  const std::string png = render::render_png({archive.scenario(), seen, Json::array(), side});
  const render::MapGeometry geo = render::map_geometry(archive.scenario());
  const std::string title =
      g.name + ": orders of " + g.side_name(side) + ", turn " + std::to_string(phase.turn);
  OrderPageFrame page;
  page.title = title;
  page.about = g.scenario->title + " (" + g.scenario->id + "), ruleset " + ruleset.id() +
               " version " + std::to_string(ruleset.version()) + ", game " +
               g.game_id.substr(0, 16) + ", after log entry " + archive.head().substr(0, 16);
  page.alt = "map, turn " + std::to_string(phase.turn) + ", " + g.side_name(side) + " view";
  page.picture_type = "image/png";
  page.picture = png;
  page.width = geo.width;
  page.height = geo.height;
  page.panel = kHexPanel;
  page.data = script_json(page_data(archive, seen, side));
  page.script = kOrderPageScript;
  return order_page_html(page, wasm);
}

}  // namespace adjutant::report
