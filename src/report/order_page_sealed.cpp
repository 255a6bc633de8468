// The order page of a player's sealed copy (order_page.h sealed_order_page).
#include "game/fog.h"
#include "report/order_page.h"
#include "report/order_page_table.h"
#include "rules/package.h"
#include "util/error.h"

namespace adjutant::report {

std::string sealed_order_page(const game::SealedOrdersGame& g, const OrderWasm& wasm) {
  require_order_wasm(wasm);
  if (rules::order_page_of(*g.ruleset) != rules::OrderPage::kTable)
    throw Error("view.orders_ruleset",
                "ruleset " + g.ruleset->id() +
                    " has no order page for a sealed copy; write text orders instead "
                    "(adjutant orders, docs/orders.md)",
                Exit::kUsage);
  TablePageInput in;
  in.ruleset = g.ruleset->id();
  in.scenario = g.part;
  in.version = g.version;
  in.seen = g.view;
  in.side = g.side;
  in.side_name = g.ruleset->side_name(g.side);
  in.title = g.name + ": orders of " + in.side_name + ", turn " + std::to_string(g.turn);
  in.about = g.part.value("title", "") + " (" + g.part.value("id", "") + "), ruleset " +
             g.ruleset->id() + " version " + std::to_string(g.version) + ", game " +
             g.game_id.substr(0, 16) + ", after log entry " + g.after.substr(0, 16) + " (" +
             g.side + "'s sealed copy)";
  return table_order_page(in, wasm);
}

}  // namespace adjutant::report
