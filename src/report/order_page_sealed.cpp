// The order page of a player's sealed copy (order_page.h sealed_order_page).
#include "game/fog.h"
#include "report/order_page.h"
#include "report/order_page_table.h"
#include "rules/chaos/ruleset.h"
#include "util/error.h"

namespace adjutant::report {

std::string sealed_order_page(const game::SealedOrdersGame& g, const OrderWasm& wasm) {
  require_order_wasm(wasm);
  if (g.ruleset->id() != "chaos")
    throw Error("view.orders_ruleset",
                "ruleset " + g.ruleset->id() +
                    " has no order page for a sealed copy; write text orders instead "
                    "(adjutant orders, docs/orders.md)",
                Exit::kUsage);
  const rules::chaos::Scenario& sc = rules::chaos::scenario_of(*g.ruleset);
  TablePageInput in;
  in.scenario = g.part;
  in.version = g.version;
  in.seen = g.view;
  in.side = g.side;
  in.title = g.name + ": orders of " + sc.side(g.side).name + ", turn " + std::to_string(g.turn);
  in.about = g.part.value("title", "") + " (" + g.part.value("id", "") + "), ruleset " +
             g.ruleset->id() + " version " + std::to_string(g.version) + ", game " +
             g.game_id.substr(0, 16) + ", after log entry " + g.after.substr(0, 16) + " (" +
             g.side + "'s sealed copy)";
  return table_order_page(in, wasm);
}

}  // namespace adjutant::report
