#include "rules/ah1961/detachments.h"

namespace adjutant::rules::ah1961 {

bool locked(const Board& b, const BuiltBridge& bridge) {
  return bridge.locked_turn == b.state().turn && bridge.locked_phase == b.state().phase;
}

bool locked(const Board& b, const std::string& unit) {
  auto it = b.state().units.find(unit);
  if (it != b.state().units.end() && it->second.extra.contains("captured")) {
    const Json& c = it->second.extra["captured"];
    if (c.at("turn") == b.state().turn && c.at("phase") == b.state().phase) return true;
  }
  auto built = b.bridge_of(unit);
  return built && locked(b, *built);
}

void build_bridge(Emitter& em, const MoveOrder& m, Problems& problems,
                  std::vector<std::string>& echo) {
  Board b = em.board();
  const std::string rule = "river.bridge";
  auto fail = [&](const std::string& id, const std::string& at, const std::string& why) {
    problems.push_back(problem(id, m.index, m.bridge, at, rule, why));
  };
  const UnitDef* d = b.def(m.bridge);
  if (!d) return fail("move.unknown_unit", "", "no such unit");
  if (!is_bridge(*d))
    return fail("move.build", "", m.bridge + " is not a pontoon bridge detachment");
  if (b.side_of(m.bridge) != b.state().phase)
    return fail("move.not_own_unit", "", m.bridge + " is not a " + b.state().phase + " counter");
  auto a = b.square_of(m.bridge);
  if (!a) return fail("move.unit_gone", "", m.bridge + " is not on the board");
  if (b.bridge_of(m.bridge)) return fail("move.build", b.sq(*a), m.bridge + " is already a bridge");
  if (locked(b, m.bridge))
    return fail("move.locked", b.sq(*a),
                m.bridge + " was captured this turn; it may proceed on the following turn");
  auto r = b.numbers().parse(m.river);
  auto far = b.numbers().parse(m.far);
  if (!r || !b.scenario().on_map(*r) || !b.water(*r) || !hex::adjacent(*a, *r))
    return fail("move.build", m.river, "the bridge goes on a river square next to " + b.sq(*a));
  if (!far || !b.scenario().on_map(*far) || b.water(*far) || !hex::adjacent(*r, *far) ||
      b.region(*far) == b.region(*a))
    return fail(
        "move.build", m.far,
        "the bridge joins " + b.sq(*a) + " to a shore square across river square " + m.river);
  if (!b.units_at(*r).empty() || b.bridge_at(*r))
    return fail("move.build", m.river, "river square " + m.river + " is occupied");
  // Bridges (like Assault Boats) must also stay on road squares at all times.
  if (!b.on_road(*a) || !b.on_road(*far))
    return fail("move.road", b.on_road(*a) ? m.far : b.sq(*a),
                "a bridge joins road squares only (" + b.sq(*a) + " to " + m.far + ")");
  // Pontoon Bridges cannot be built until a combat or HQ unit occupies the
  // opposite shore square the bridge is to connect.
  bool held = false;
  for (const auto& id : b.units_at(*far, b.state().phase))
    if (!is_detachment(*b.def(id))) held = true;
  if (!held)
    return fail(
        "move.bridge_shore", m.far,
        "no combat or HQ unit occupies " + m.far + ", the shore square the bridge is to connect");
  em.emit({{"type", "bridge_built"},
           {"unit", m.bridge},
           {"river", m.river},
           {"ends", {b.sq(*a), m.far}},
           {"side", b.state().phase},
           {"turn", b.state().turn},
           {"phase", b.state().phase},
           {"order", m.index},
           {"rule", rule}});
  echo.push_back(m.bridge + " bridges " + b.sq(*a) + "-" + m.river + "-" + m.far +
                 " (usable from the next turn)");
}

namespace {

void strike(Emitter& em, const std::string& unit, Hex h, const std::string& by) {
  Board b = em.board();
  const UnitDef* d = b.def(unit);
  if (is_boat(*d)) {
    // Boats are automatically destroyed when an enemy unit places them in
    // its zone of control; they cannot be captured.
    em.emit({{"type", "boat_destroyed"},
             {"unit", unit},
             {"hex", b.sq(h)},
             {"by", by},
             {"rule", "river.boat"}});
  } else {
    // The enemy can capture a bridge by placing it into its zone of control.
    em.emit({{"type", "bridge_captured"},
             {"unit", unit},
             {"hex", b.sq(h)},
             {"by", by},
             {"side", b.side_of(by)},
             {"turn", b.state().turn},
             {"phase", b.state().phase},
             {"rule", "river.bridge"}});
  }
}

}  // namespace

void sweep_detachments(Emitter& em, const std::vector<std::string>& moved) {
  Board b = em.board();
  const std::string phasing = b.state().phase;
  const std::string enemy = b.enemy_of(phasing);
  for (const auto& id : b.units_of(enemy)) {
    if (!is_detachment(*b.def(id))) continue;
    Hex h = *b.square_of(id);
    if (auto by = b.controller(h, phasing)) strike(em, id, h, *by);
  }
  for (const auto& id : moved) {
    Board now = em.board();
    auto h = now.square_of(id);
    if (!h || !is_detachment(*now.def(id)) || now.side_of(id) != phasing) continue;
    if (auto by = now.controller(*h, enemy)) strike(em, id, *h, *by);
  }
}

}  // namespace adjutant::rules::ah1961
