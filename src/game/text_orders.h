// Order bodies written as text (docs/orders.md): read in the notation of
// the game's ruleset, checked by the ruleset's own check for the side whose
// orders are due, and the check's problems placed on the text's lines.
// `adjutant orders` and `adjutant sign` read text orders here.
#pragma once

#include <string>

#include "game/archive.h"
#include "rules/notation.h"
#include "rules/ruleset.h"

namespace adjutant::game {

// The body of an order file a player wrote: JSON when its first character
// that is not white space is `{`, else text orders of `side` in the
// ruleset's notation (`parsed` holds where each order stands), read against
// `state` (the phase due) as `side` may see it. Errors json.*, orders.format
// (JSON that is not an object), text.* (TextRefused).
struct WrittenOrders {
  Json body;
  bool text = false;
  rules::ParsedText parsed;
};
WrittenOrders read_written_orders(const Archive& archive, const model::State& state,
                                  const std::string& content, const std::string& source,
                                  const std::string& side);
// The same on a side's sealed copy (fog.h open_sealed_orders): read with
// the ruleset built from the side's part of the scenario, against the
// side's own view.
WrittenOrders read_written_orders(const rules::Ruleset& ruleset, const model::State& view,
                                  const std::string& content, const std::string& source,
                                  const std::string& side);

// The checks of take_orders that need no signature, for an unsigned body of
// `side`: orders.unknown_side, orders.game_over, orders.not_your_phase (a
// side the phase does not wait on), then the ruleset's check
// (rules::OrdersRefused) of the body with its envelope's side, exactly as
// `check` runs it.
rules::Checked check_written_orders(const Archive& archive, const model::State& state,
                                    const std::string& side, const Json& body,
                                    const std::string& source);

// A problem of the check as a line naming the text's line and column of its
// order: "orders.txt:4:1: order 4 (unit 1/Heth) at 0499: [move.off_map] ...";
// for a check that names no order, of the unit's order under the problem's
// rule (ParsedText::where).
std::string problem_at(const rules::OrderProblem& problem, const rules::ParsedText& parsed,
                       const std::string& source);

}  // namespace adjutant::game
