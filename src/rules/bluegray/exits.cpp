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

bool in_zone(const Scenario& sc, const rules::hexmap::ExitZone& x, Hex h) {
  if (x.hexes.count(h)) return true;
  for (const auto& e : sc.edges_of(h))
    if (x.edges.count(e)) return true;
  return false;
}

bool counted(const rules::hexmap::ExitZone& x) {
  return x.max_units > 0 || x.back.has_value();
}

std::string rule_of(const rules::hexmap::ExitZone* x) {
  return x && !x->rule.empty() ? x->rule : "exit";
}

}  // namespace

int exited_by(const Board& board, const rules::hexmap::ExitZone& x) {
  int n = 0;
  for (const auto& [id, u] : board.state().units) {
    if (!u.extra.is_object() || !u.extra.contains("left")) continue;
    const UnitDef* d = board.def(id);
    auto h = board.numbers().parse(u.extra["left"].value("hex", ""));
    if (d && x.admits(*d) && h && in_zone(board.scenario(), x, *h)) ++n;
  }
  return n;
}

const rules::hexmap::ExitZone* exit_zone(const Scenario& sc, const UnitDef& unit, Hex h) {
  for (const auto& x : sc.exits)
    if (x.admits(unit) && in_zone(sc, x, h)) return &x;
  return nullptr;
}

ExitRefusal exit_refusal(const Board& board, const rules::hexmap::ExitZone& x,
                         const std::string& unit) {
  int turn = board.state().turn;
  bool late = x.until_turn && turn > x.until_turn;
  if (late && x.late_rule.empty())
    return {"move.no_exit", unit + " may leave the map here only through turn " +
                                std::to_string(x.until_turn) + " (rule " + rule_of(&x) + ")"};
  if (late) return {};
  if (x.back && !x.back->turns.count(turn))
    return {"move.no_exit", unit + " may leave the map here only on turns it can come back from"};
  if (x.max_units && exited_by(board, x) >= x.max_units)
    return {"move.exit_limit",
            std::to_string(x.max_units) +
                " units, the most this exit allows, have already taken it (rule " + rule_of(&x) +
                ")"};
  return {};
}

void exit_map(Emitter& em, const std::string& unit, Hex from, int mp, int order) {
  const UnitDef* d = em.scenario().unit(unit);
  const rules::hexmap::ExitZone* x = exit_zone(em.scenario(), *d, from);
  const hex::Numbering num = em.scenario().numbers();
  int turn = em.state().turn;
  if (x && x->until_turn && turn > x->until_turn && !x->late_rule.empty()) {
    // H&L 16.27: leaving by this route after its last turn eliminates the unit.
    eliminate(
        em, unit,
        "left the map at " + num.format(from) + " after turn " + std::to_string(x->until_turn),
        x->late_rule);
    return;
  }
  Json ev = {
      {"type", "exit"},          {"unit", unit}, {"hex", num.format(from)}, {"side", d->side},
      {"strength", d->strength}, {"mp", mp},     {"order", order},          {"rule", rule_of(x)}};
  if (x && counted(*x)) ev["left"] = {{"turn", turn}, {"hex", num.format(from)}};
  if (x && x->back) {
    // 16.23: it comes back on the turn its leaving turn names, at 16.24's hexes.
    const auto& b = *x->back;
    Json hexes = Json::array();
    for (Hex h : b.hexes) hexes.push_back(num.format(h));
    ev["returns"] = {
        {"turn", b.turns.at(turn)},
        {"hexes", hexes},
        {"entry",
         {{"mp", b.entry.mp}, {"pays_terrain", b.entry.terrain_cost}, {"column", b.entry.column}}},
        {"compulsory", b.compulsory},
        {"rule", b.rule}};
  }
  em.emit(std::move(ev));
  if (!x) return;
  int vp = x->vp_per_sp * d->strength + x->vp_per_unit;
  if (vp)
    award(em, d->side, vp, unit + " left the map at " + num.format(from), "exited",
          x->rule.empty() ? "victory" : x->rule);
}

bool retreat_off_map(Emitter& em, const std::string& unit, Hex from, const std::string& cause) {
  const UnitDef* d = em.scenario().unit(unit);
  const rules::hexmap::ExitZone* x = d ? exit_zone(em.scenario(), *d, from) : nullptr;
  if (!x || !x->by_retreat) return false;
  em.emit({{"type", "exit"},
           {"unit", unit},
           {"hex", em.scenario().numbers().format(from)},
           {"side", d->side},
           {"strength", d->strength},
           {"mp", 0},
           {"cause", cause},
           {"rule", rule_of(x)}});
  return true;
}

void award_exit_race(Emitter& em, const std::string& side_that_moved) {
  const Exclusive& ex = exclusive_of(em.scenario());
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
