// What the chaos ruleset's check, adjudication and views share: the bodies
// of a state on the table, the table's edges, bearings toward a point, and
// the parts of a game state (model::State) that hold the table.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/chaos/scenario.h"
#include "rules/chaos/situation.h"
#include "rules/chaos/state.h"

namespace adjutant::rules::chaos {

using Json = nlohmann::json;

// The regiment's definition in its scenario.
const Regiment& regiment_spec(const Scenario& scenario, const std::string& id);
// A deployed regiment's body where it stands, or at `at` instead.
Body regiment_body(const Scenario& scenario, const ChaosState& state, const std::string& id,
                   std::optional<Point> at = std::nullopt);
// The whole base lies on the table (edges included).
bool base_on_table(const Scenario& scenario, const Outline& base);
bool point_on_table(const Scenario& scenario, Point p);
// The whole degree (0..359, clockwise from north) nearest the direction
// from `from` to `to` (north when they are the same point); ties to the
// lower degree.
int bearing_to(Point from, Point to);
// The brigade's regiments on the table, by id.
std::vector<std::string> deployed_regiments(const ChaosState& state, const std::string& brigade);
// The enemy units (of the side not `side`) on the table.
std::vector<UnitBase> enemy_units(const ChaosState& state, const Scenario& scenario,
                                  const std::string& side);
// The enemy unit whose base holds `p` (the first by id), if any.
std::optional<UnitBase> unit_at(const ChaosState& state, const Scenario& scenario,
                                const std::string& side, Point p);

// The sides in the scenario's order.
std::vector<std::string> side_ids(const Scenario& scenario);
std::string other_side(const Scenario& scenario, const std::string& side);

// A point as [x, y] and back.
Json json_of(Point p);
Point point_of(const Json& v);

// The game state's parts: state.extra.chaos (the table), extra.tokens
// ({side: [token names]}) and extra.tin (the names left in the tin).
ChaosState chaos_of(const model::State& state);
void set_chaos(model::State& state, const ChaosState& table);

}  // namespace adjutant::rules::chaos
