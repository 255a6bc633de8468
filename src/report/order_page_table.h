// The order page of a table game (rules/package.h OrderPage::kTable; Chaos
// of Battle's, docs/orders.md "The order page"): the side's table map with its own markers and
// brigades; a click on one, then on the table, builds its waypoints with their length against its
// rate; shake out, form up, withdraw and rest; a fight with a regiment toward an enemy base; a
// maneuver, battery fire, re-markers; regiments placed, limbered and mounted (version 3's fields,
// offered at version 3 only); the preferred markers, policies and combat tokens. Built from the
// side's part of the scenario and its view of the state only (Ruleset::side_scenario): the page
// holds nothing the side may not see, and its checker, the rules compiled to WebAssembly, checks
// from what the side sees.
#pragma once

#include <string>

#include "game/archive.h"
#include "ledger/jcs.h"
#include "model/state.h"
#include "report/order_page_wasm.h"
#include "rules/ruleset.h"

namespace adjutant::report {

// What the page is built from, and nothing else.
struct TablePageInput {
  std::string ruleset;    // its id
  ledger::Json scenario;  // the side's part (Ruleset::side_scenario)
  int version = 0;        // the ruleset version genesis pins
  model::State seen;      // the side's view (Ruleset::view)
  std::string side;
  std::string side_name;  // as the scenario names it
  std::string title;      // "NAME: orders of SIDE, turn N"
  std::string about;      // the line under it
};

std::string table_order_page(const TablePageInput& in, const OrderWasm& wasm);

// The page of `side` for the archive's `state` (the whole state; only the
// side's view of it and its part of the scenario go further).
std::string table_order_page(const game::Archive& archive, const model::State& state,
                             const std::string& side, const OrderWasm& wasm);

}  // namespace adjutant::report
