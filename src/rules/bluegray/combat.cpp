#include "rules/bluegray/combat.h"

#include <algorithm>
#include <map>

#include "rules/bluegray/artillery.h"
#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/losses.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/odds.h"
#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/readings.h"
#include "rules/bluegray/retreat.h"
#include "rules/bluegray/strength.h"

namespace adjutant::rules::bluegray {

namespace {

struct Phase {
  Emitter& em;
  ledger::Dice& dice;
  std::set<std::string> attacked;  // 8.41: defenders already attacked this phase
};

Json hex_list(const std::vector<Hex>& hexes, hex::Numbering numbers) {
  Json out = Json::array();
  for (Hex h : hexes) out.push_back(numbers.format(h));
  return out;
}

void cancel(Emitter& em, const std::string& n, const std::string& reason, const std::string& rule) {
  em.emit({{"type", "attack_cancelled"}, {"combat", n}, {"reason", reason}, {"rule", rule}});
}

// Who and what is left of a planned attack when its turn comes: hexes
// emptied meanwhile drop out, units already attacked do not defend again,
// and attackers that can no longer reach every remaining hex drop out.
Engagement as_now(Emitter& em, const AttackOrder& a, const std::string& n,
                  const std::set<std::string>& attacked) {
  Board board = em.board();
  const std::string side = board.state().phase;
  const std::string enemy = board.enemy_of(side);
  Engagement e;
  for (const auto& text : a.defenders) {
    Hex h = *board.numbers().parse(text);
    std::vector<std::string> here;
    for (const auto& id : board.units_at(h, enemy))
      if (!attacked.count(id)) here.push_back(id);
    if (here.empty()) {
      em.emit({{"type", "target_gone"}, {"combat", n}, {"hex", text}, {"rule", "8.41"}});
      continue;
    }
    e.hexes.push_back(h);
    e.defenders.insert(e.defenders.end(), here.begin(), here.end());
  }
  for (const auto& id : a.attackers) {
    auto at = board.hex_of(id);
    std::string reason;
    if (!at) {
      reason = "no longer on the map";
    } else if (e.hexes.empty()) {
      reason = "";
    } else if (is_artillery(*board.def(id))) {
      Reach r = artillery_reach(board.scenario(), *at, e.hexes);
      if (!r.in_range)
        reason = "out of range of every remaining defending hex";
      else if (!r.sighted)
        reason = "no line of sight: " + r.blocked;
    } else {
      for (Hex h : e.hexes)
        if (!hex::adjacent(*at, h)) reason = "no longer adjacent to " + board.numbers().format(h);
    }
    if (reason.empty()) {
      e.attackers.push_back(id);
    } else {
      em.emit({{"type", "attacker_dropped"},
               {"combat", n},
               {"unit", id},
               {"reason", reason},
               {"rule", "8.41"}});
    }
  }
  return e;
}

// 11.2: defending cavalry attacked only by infantry and artillery retreats
// two hexes if its owner's standing orders say so; all or none of them.
bool evaded(Phase& p, const AttackOrder& a, const std::string& n, const Engagement& e) {
  Board board = p.em.board();
  for (const auto& id : e.defenders)
    if (!is_cavalry(*board.def(id))) return false;
  for (const auto& id : e.attackers)
    if (is_cavalry(*board.def(id))) return false;
  const std::string side = board.side_of(e.defenders.front());
  if (!standing_of(board.state(), side, board.numbers()).cavalry_evade) return false;
  Emitter trial(p.em.scenario(), p.em.state());
  for (const auto& id : e.defenders) {
    auto path = evade_path(trial.board(), id);
    if (!path) return false;
    trial.emit({{"type", "evade"},
                {"unit", id},
                {"from", board.numbers().format(path->front())},
                {"path", hex_list(*path, board.numbers())},
                {"to", board.numbers().format(path->back())},
                {"combat", n},
                {"rule", "11.2"}});
  }
  for (const auto& ev : trial.events()) p.em.emit(ev);
  for (const auto& id : e.defenders) p.attacked.insert(id);
  cancel(p.em, n, "the defending cavalry retreated before combat", "11.2");
  return true;
}

// H&L 18.11: a demoralized side's units do not advance after combat (its
// demoralization may have come in this very phase, 18.12).
bool held_back(Emitter& em, const std::string& unit, const std::string& n) {
  const auto& d = exclusive_of(em.scenario()).demoralization;
  if (!d || d->no_advance_rule.empty() || !demoralized(em.state(), em.board().side_of(unit)))
    return false;
  em.emit({{"type", "no_advance"},
           {"unit", unit},
           {"combat", n},
           {"reason", "its side is demoralized"},
           {"rule", d->no_advance_rule}});
  return true;
}

// 8.6: one attacker advances into the first cleared hex it is next to.
void attacker_advance(Emitter& em, const AttackOrder& a, const std::string& n,
                      const std::vector<Hex>& hexes) {
  if (!a.advance || held_back(em, *a.advance, n)) return;
  Board board = em.board();
  auto at = board.hex_of(*a.advance);
  if (!at || is_artillery(*board.def(*a.advance))) return;
  for (Hex h : hexes) {
    if (!board.units_at(h).empty() || !hex::adjacent(*at, h)) continue;
    if (!impassable(board.scenario(), *at, h).empty()) continue;
    em.emit({{"type", "advance"},
             {"unit", *a.advance},
             {"from", board.numbers().format(*at)},
             {"to", board.numbers().format(h)},
             {"combat", n},
             {"rule", "8.6"}});
    return;
  }
}

// 8.6 after Ae/Ar: with standing orders "advance", the strongest surviving
// non-artillery defender (then id order) enters the lowest-numbered cleared
// attacker hex next to it.
void defender_advance(Emitter& em, const std::string& n, const Engagement& e,
                      const std::set<Hex>& origins) {
  Board board = em.board();
  if (e.defenders.empty()) return;
  const std::string side = board.side_of(e.defenders.front());
  if (!standing_of(board.state(), side, board.numbers()).advance) return;
  std::vector<std::pair<int, std::string>> order;
  for (const auto& id : e.defenders)
    if (board.hex_of(id) && !is_artillery(*board.def(id)))
      order.push_back({-board.def(id)->strength, id});
  std::sort(order.begin(), order.end());
  if (!order.empty() && held_back(em, order.front().second, n)) return;
  for (const auto& [minus, id] : order) {
    Hex at = *board.hex_of(id);
    for (Hex h : origins) {
      if (!board.units_at(h).empty() || !hex::adjacent(at, h)) continue;
      if (!impassable(board.scenario(), at, h).empty()) continue;
      em.emit({{"type", "advance"},
               {"unit", id},
               {"from", board.numbers().format(at)},
               {"to", board.numbers().format(h)},
               {"combat", n},
               {"rule", "8.6"}});
      return;
    }
  }
}

// H&L 20.14: an attack below the demoralization odds that got past the
// check (every attacker had to attack) is an automatic Ar once the game-turn
// of demoralization is over; the rule, or "" for a normal die.
std::string automatic_retreat(Emitter& em, int column) {
  const auto& d = exclusive_of(em.scenario()).demoralization;
  if (!d || d->unavoidable_rule.empty()) return "";
  const std::string side = em.state().phase;
  int since = demoralized_since(em.state(), side);
  if (!since || since >= em.state().turn) return "";
  if (column >= *column_of(em.scenario().crt, d->odds_below)) return "";
  return d->unavoidable_rule;
}

void resolve(Phase& p, const AttackOrder& a, const std::string& n) {
  Emitter& em = p.em;
  Engagement e = as_now(em, a, n, p.attacked);
  if (e.hexes.empty()) return cancel(em, n, "no defender is left in the attacked hexes", "8.41");
  if (e.attackers.empty()) return cancel(em, n, "no attacker can still attack", "8.41");
  if (evaded(p, a, n, e)) return attacker_advance(em, a, n, e.hexes);

  const Board board = em.board();
  const auto& crt = em.scenario().crt;
  Tally t = tally(board, e);
  int column = t.column;
  Json ev = {{"type", "combat"}, {"combat", n}, {"order", a.index}};
  if (a.odds) {
    ev["declared"] = *a.odds;
    int declared = *column_of(crt, *a.odds);
    if (declared <= t.column)
      column = declared;
    else
      ev["note"] = "the declared odds are above the odds now; the odds now apply";
  }
  if (t.artillery_alone && e.hexes.size() > 1 &&
      readings::ranged_artillery_alone_one_hex(em.scenario()))
    return cancel(em, n, "artillery alone at range may attack only one hex (8.43, 8.74)", "8.74");
  if (t.artillery_alone) {
    auto ab = parse_odds(crt.columns[column]);
    if (!ab || 3 * ab->first < ab->second)
      return cancel(em, n, "artillery alone below 1-3 odds now (" + crt.columns[column] + ")",
                    "8.73");
  }
  // The tally's lists are moved into the event, not copied: only its
  // counts and sets are read after this.
  ev["attackers"] = std::move(t.attackers);
  ev["defenders"] = std::move(t.defenders);
  ev["hexes"] = std::move(t.hexes);
  if (t.half_points) ev["half_points"] = true;
  ev["attack"] = t.attack;
  ev["defence"] = t.defence;
  ev["modifiers"] = std::move(t.modifiers);
  ev["ratio"] = Json::array({t.attack, t.defence});
  ev["computed"] = crt.columns[t.column];
  ev["odds"] = crt.columns[column];
  std::string result;
  if (std::string rule = automatic_retreat(em, column); !rule.empty()) {
    // H&L 20.14: no die; the attackers simply fall back.
    result = "Ar";
    ev.update(Json{{"automatic", true}, {"result", result}, {"rule", rule}});
  } else {
    std::uint64_t k = p.dice.rolls().size();
    int die = p.dice.roll(crt.die_sides, "combat " + n + " (rule 8.1)");
    result = crt_result(crt, column, die);
    ev.update(Json{{"die", {{"k", k}, {"value", die}}},
                   {"cell", {{"odds", crt.columns[column]}, {"die", die}, {"result", result}}},
                   {"result", result},
                   {"rule", "8.1"}});
  }
  em.emit(std::move(ev));
  for (const auto& id : e.defenders) p.attacked.insert(id);

  // 8.72: artillery firing from range never shares in adverse results.
  std::vector<std::string> exposed;
  std::set<Hex> origins;
  for (const auto& id : e.attackers)
    if (!t.ranged.count(id)) {
      exposed.push_back(id);
      origins.insert(*board.hex_of(id));
    }
  if (result == "Ae") {
    for (const auto& id : exposed) eliminate(em, id, "Ae in combat " + n, "8.3");
  } else if (result == "Ar") {
    for (const auto& id : exposed)
      if (retreat_unit(em, id, "Ar", "8.5")) make_ineffective(em, id, n);
  } else if (result == "De") {
    for (const auto& id : e.defenders) eliminate(em, id, "De in combat " + n, "8.3");
  } else if (result == "Dr") {
    for (const auto& id : e.defenders) retreat_unit(em, id, "Dr", "8.5");
  } else if (result == "Ex") {
    for (const auto& id : e.defenders) eliminate(em, id, "Ex in combat " + n, "8.3");
    exchange_losses(em, a, n, exposed, t.printed);
  }
  if (result == "De" || result == "Dr" || result == "Ex") attacker_advance(em, a, n, e.hexes);
  if (result == "Ae" || result == "Ar") defender_advance(em, n, e, origins);
}

}  // namespace

void combat_phase(Emitter& em, const std::vector<AttackOrder>& attacks, ledger::Dice& dice) {
  Phase p{em, dice, {}};
  int first = combats_declared(em.state()) + 1;
  for (std::size_t i = 0; i < attacks.size(); ++i)
    resolve(p, attacks[i], combat_label(em.state().turn, first + int(i)));
}

int combats_declared(const State& state) {
  const Json& c = state.extra.contains("combats") ? state.extra["combats"] : Json();
  if (c.is_object() && c.value("turn", -1) == state.turn && c.contains("count") &&
      c["count"].is_number_integer())
    return c["count"].get<int>();
  return 0;
}

std::string combat_label(int turn, int n) {
  return std::to_string(turn) + "." + std::to_string(n);
}

}  // namespace adjutant::rules::bluegray
