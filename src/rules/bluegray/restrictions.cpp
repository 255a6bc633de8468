#include "rules/bluegray/restrictions.h"

#include <algorithm>
#include <cstdlib>

#include "rules/bluegray/exclusive.h"

namespace adjutant::rules::bluegray {

namespace {

// Hexes from `h` to the nearest hex of the page edge `edge`.
int distance_to_edge(const Scenario& sc, Hex h, const std::string& edge) {
  int best = kFar;
  if (edge == "north" || edge == "south")
    for (int col = 1; col <= sc.columns; ++col)
      best = std::min(best, hex::distance(h, Hex{col, edge == "north" ? 1 : sc.last_row(col)}));
  else
    for (int row = 1; row <= sc.rows; ++row) {
      Hex e{edge == "west" ? 1 : sc.columns, row};
      if (sc.on_map(e)) best = std::min(best, hex::distance(h, e));
    }
  return best;
}

// distance_to_edge(sc, h, edge) <= limit, looking only at the edge hexes
// that can be that near: no hex is nearer to h than their columns differ.
bool near_edge(const Scenario& sc, Hex h, const std::string& edge, int limit) {
  if (limit >= kFar) return distance_to_edge(sc, h, edge) <= limit;
  if (edge == "north" || edge == "south") {
    for (int col = std::max(1, h.col - limit); col <= std::min(sc.columns, h.col + limit); ++col)
      if (hex::distance(h, Hex{col, edge == "north" ? 1 : sc.last_row(col)}) <= limit) return true;
    return false;
  }
  const int col = edge == "west" ? 1 : sc.columns;
  if (std::abs(h.col - col) > limit) return false;
  return distance_to_edge(sc, h, edge) <= limit;
}

bool crossing_allowed(const State& state) {
  return state.extra.contains("crossing") && state.extra["crossing"].value("allowed", false);
}

bool listed(const std::vector<std::string>& units, const std::string& unit) {
  return std::find(units.begin(), units.end(), unit) != units.end();
}

}  // namespace

namespace {

enum class Refusal { kNone, kEdgeZone, kCrossingElsewhere, kCrossingNotYet };

Refusal refusal(const Board& board, const Exclusive& ex, const std::string& side,
                const std::string& unit, Hex to) {
  const Scenario& sc = board.scenario();
  if (const auto& z = ex.edge_zone; z && z->side == side && board.state().turn < z->before_turn &&
                                    near_edge(sc, to, z->edge, z->distance))
    return Refusal::kEdgeZone;
  if (const auto& c = ex.crossing_roll;
      c && listed(c->units, unit) && c->ferry_terrain.count(sc.terrain_at(to).id)) {
    if (to != c->hex) return Refusal::kCrossingElsewhere;
    if (!crossing_allowed(board.state())) return Refusal::kCrossingNotYet;
  }
  return Refusal::kNone;
}

}  // namespace

std::optional<Restriction> step_restriction(const Board& board, const std::string& unit, Hex to) {
  const Scenario& sc = board.scenario();
  const hex::Numbering num = sc.numbers();
  const Exclusive& ex = exclusive_of(sc);
  const std::string side = board.side_of(unit);
  switch (refusal(board, ex, side, unit, to)) {
    case Refusal::kNone:
      return std::nullopt;
    case Refusal::kEdgeZone: {
      const auto& z = *ex.edge_zone;
      return Restriction{"move.edge_zone", z.rule,
                         num.format(to) + " lies within " + std::to_string(z.distance) +
                             " hexes of the map edge, which " + side +
                             " units may not enter before turn " + std::to_string(z.before_turn)};
    }
    case Refusal::kCrossingElsewhere: {
      const auto& c = *ex.crossing_roll;
      return Restriction{
          "move.crossing", c.rule,
          unit + " may cross only at " + num.format(c.hex) + ", not at " + num.format(to)};
    }
    case Refusal::kCrossingNotYet:
      return Restriction{
          "move.crossing", ex.crossing_roll->rule,
          unit + " may not cross at " + num.format(to) + " until the crossing roll succeeds"};
  }
  return std::nullopt;
}

StepRestrictions::StepRestrictions(const Board& board, const std::string& unit)
    : board_(board), ex_(exclusive_of(board.scenario())), unit_(unit), side_(board.side_of(unit)) {}

bool StepRestrictions::refuse(Hex to) const {
  return refusal(board_, ex_, side_, unit_, to) != Refusal::kNone;
}

std::optional<QuotaRule> quota_for(const Scenario& sc, const std::string& unit) {
  const auto& q = exclusive_of(sc).quota;
  const UnitDef* d = sc.unit(unit);
  if (!q || !d || d->side != q->side) return std::nullopt;
  // 17.1: "Union reinforcements ... are not subject to or affected by this
  // restriction at any time during the game".
  if (q->exempt_reinforcements && d->arrival) return std::nullopt;
  return QuotaRule{q->units, q->rule};
}

void record_quota(Emitter& em, const std::vector<std::string>& moved) {
  const auto& q = exclusive_of(em.scenario()).quota;
  if (!q || q->side != em.state().phase) return;
  Json units = Json::array();
  for (const auto& id : moved)
    if (quota_for(em.scenario(), id)) units.push_back(id);
  em.emit({{"type", "quota"},
           {"side", q->side},
           {"turn", em.state().turn},
           {"used", units.size()},
           {"of", q->units},
           {"units", units},
           {"rule", q->rule}});
}

void roll_for_crossing(Emitter& em, ledger::Dice& dice, int next_turn,
                       const std::string& next_side) {
  const auto& c = exclusive_of(em.scenario()).crossing_roll;
  if (!c || next_side != c->side || next_turn < c->from_turn || crossing_allowed(em.state()))
    return;
  // Rolled once for each game-turn: not again within the same game-turn.
  if (em.state().extra.contains("crossing") &&
      em.state().extra["crossing"].value("turn", 0) >= next_turn)
    return;
  bool in_play = false;
  for (const auto& id : c->units) {
    auto it = em.state().units.find(id);
    if (it != em.state().units.end() && (it->second.status == model::UnitStatus::kActive ||
                                         it->second.status == model::UnitStatus::kWaiting))
      in_play = true;
  }
  if (!in_play) return;
  std::uint64_t k = dice.rolls().size();
  int die = dice.roll(em.scenario().crt.die_sides, "crossing roll (rule " + c->rule + ")");
  Json needs = Json::array();
  for (int v : c->succeeds) needs.push_back(v);
  Json units = c->units;
  em.emit({{"type", "crossing_roll"},
           {"side", c->side},
           {"units", units},
           {"hex", em.scenario().numbers().format(c->hex)},
           {"turn", next_turn},
           {"die", {{"k", k}, {"value", die}}},
           {"needs", needs},
           {"allowed", c->succeeds.count(die) > 0},
           {"rule", c->rule}});
}

}  // namespace adjutant::rules::bluegray
