#include "report/order_page.h"

#include <algorithm>
#include <cmath>

#include "render/map.h"
#include "report/inline_script.h"
#include "report/order_page_frame.h"
#include "report/order_page_table.h"
#include "report/order_page_wasm.h"
#include "report/turn_outputs.h"
#include "report/visibility.h"
#include "rules/hex_ruleset.h"
#include "rules/package.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::report {

namespace {

Json page_data(const game::Archive& archive, const model::State& seen, const std::string& side) {
  const rules::hexmap::Scenario& sc =
      rules::hex_scenario(archive.ruleset(), archive.dir().string());
  const render::MapGeometry geo = render::map_geometry(sc);
  Json hexes = Json::array();
  for (int col = 1; col <= sc.columns; ++col)
    for (int row = 1; row <= sc.last_row(col); ++row) {
      hex::Hex h{col, row};
      if (!sc.on_map(h)) continue;
      hex::Point c = geo.centre(h);
      hexes.push_back(
          {sc.numbers().format(h), std::lround(c.x * 10) / 10.0, std::lround(c.y * 10) / 10.0});
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
  // The ruleset's standing orders (Blue & Gray's), if it has any.
  const std::string ruleset = archive.ruleset().id();
  const rules::Package& package = rules::package_for(archive.ruleset());
  Json standing = package.standing ? package.standing(sc, seen, side) : Json(nullptr);
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

}  // namespace

bool has_order_page(const std::string& ruleset_id) {
  const rules::Package* p = rules::package_of(ruleset_id);
  return p && p->order_page != rules::OrderPage::kNone;
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
  // A phase the page has no clicks for (the 1961 set-up).
  const rules::Package& package = rules::package_for(ruleset);
  if (std::string why = package.no_order_page ? package.no_order_page(phase) : ""; !why.empty())
    throw Error("view.orders_ruleset",
                why + "; write text orders instead (adjutant orders, docs/orders.md)",
                Exit::kUsage);
  const std::string side = requested.empty() ? phase.side : requested;
  const auto movers = phase.waiting_on();  // a simultaneous phase waits on each side
  if (std::find(movers.begin(), movers.end(), side) == movers.end())
    throw Error("view.orders_not_due", "orders are due from " + phase.side + " (turn " +
                                           std::to_string(phase.turn) + "), not from " +
                                           printable(side));
  if (package.order_page == rules::OrderPage::kTable)
    return table_order_page(archive, state, side, wasm);
  const GameFacts g = game_facts(archive);
  const model::State seen = visible_state(g, state, side);
  const rules::hexmap::Scenario& sc =
      rules::hex_scenario(archive.ruleset(), archive.dir().string());
  const std::string png = render::render_png({sc, seen, Json::array(), side});
  const render::MapGeometry geo = render::map_geometry(sc);
  const std::string title =
      g.name + ": orders of " + g.side_name(side) + ", turn " + std::to_string(phase.turn);
  OrderPageFrame page;
  page.title = title;
  page.about = ruleset.scenario_title() + ", ruleset " + ruleset.id() + " version " +
               std::to_string(ruleset.version()) + ", game " + g.game_id.substr(0, 16) +
               ", after log entry " + archive.head().substr(0, 16);
  page.alt = "map, turn " + std::to_string(phase.turn) + ", " + g.side_name(side) + " view";
  page.picture_type = "image/png";
  page.picture = png;
  page.width = geo.width;
  page.height = geo.height;
  page.panel = "order_page_panel.html";
  page.data = script_json(page_data(archive, seen, side));
  page.script = {"order_page.js"};
  return order_page_html(page, wasm);
}

}  // namespace adjutant::report
