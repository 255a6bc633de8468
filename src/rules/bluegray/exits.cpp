#include "rules/bluegray/exits.h"

#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/victory.h"

namespace adjutant::rules::bluegray {

namespace {

int exited_units(const Board& board, const std::string& side, const std::set<std::string>& types) {
  int n = 0;
  for (const auto& [id, u] : board.state().units) {
    const UnitDef* d = board.def(id);
    if (d && u.status == model::UnitStatus::kExited && d->side == side && types.count(d->type)) ++n;
  }
  return n;
}

}  // namespace

const model::ExitZone* exit_zone(const Scenario& sc, const UnitDef& unit, Hex h) {
  for (const auto& x : sc.exits) {
    if (!x.admits(unit)) continue;
    if (x.hexes.count(h)) return &x;
    for (const auto& e : sc.edges_of(h))
      if (x.edges.count(e)) return &x;
  }
  return nullptr;
}

void exit_map(Emitter& em, const std::string& unit, Hex from, int mp, int order) {
  const UnitDef* d = em.scenario().unit(unit);
  const model::ExitZone* x = exit_zone(em.scenario(), *d, from);
  em.emit({{"type", "exit"},
           {"unit", unit},
           {"hex", hex::format(from)},
           {"side", d->side},
           {"strength", d->strength},
           {"mp", mp},
           {"order", order},
           {"rule", x && !x->rule.empty() ? x->rule : "exit"}});
  if (!x) return;
  int vp = x->vp_per_sp * d->strength + x->vp_per_unit;
  if (vp)
    award(em, d->side, vp, unit + " left the map at " + hex::format(from), "exited",
          x->rule.empty() ? "victory" : x->rule);
}

void award_exit_race(Emitter& em, const std::string& side_that_moved) {
  Exclusive ex = exclusive_rules(em.scenario());
  if (!ex.exit_race || ex.exit_race->after != side_that_moved) return;
  const ExitRace& race = *ex.exit_race;
  Board board = em.board();
  int mine = exited_units(board, race.side, race.types);
  int theirs = exited_units(board, race.against, race.types);
  if (mine <= theirs) return;
  auto name = [&](const std::string& s) {
    const auto* sd = em.scenario().side(s);
    return sd ? sd->name : s;
  };
  award(em, race.side, race.vp_per_unit * (mine - theirs),
        std::to_string(mine) + " " + name(race.side) + " units exited against " +
            std::to_string(theirs) + " " + name(race.against) + ": " +
            std::to_string(mine - theirs) + " x " + std::to_string(race.vp_per_unit),
        "exit_race", race.rule);
}

}  // namespace adjutant::rules::bluegray
