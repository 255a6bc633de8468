#include <map>
#include <set>

#include "rules/bluegray/artillery.h"
#include "rules/bluegray/combat.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/odds.h"
#include "rules/bluegray/pathfind.h"
#include "rules/bluegray/readings.h"
#include "rules/bluegray/strength.h"
#include "rules/bluegray/zoc.h"
#include "rules/name_hints.h"

namespace adjutant::rules::bluegray {

namespace {

struct Checker {
  const Board& board;
  Problems& problems;
  std::string side;
  std::string enemy;
  const std::set<std::string>& moved;      // units that moved or entered this player-turn
  std::map<std::string, int> attacked_by;  // attacker -> order
  std::map<Hex, int> hex_attacked_by;      // defender hex -> order
  std::map<Hex, std::set<int>> stacks;     // attacker hex -> orders (8.42)

  void add(const AttackOrder& a, const std::string& id, const std::string& unit,
           const std::string& hex, const std::string& rule, const std::string& message) {
    problems.push_back(problem(id, a.index, unit, hex, rule, message));
  }

  // Units and hexes named by the attack; false when any is unusable.
  bool names(const AttackOrder& a, Engagement& e) {
    bool ok = true;
    std::set<std::string> seen;
    for (const auto& id : a.attackers) {
      const UnitDef* d = board.def(id);
      auto at = board.hex_of(id);
      std::string where = at ? board.numbers().format(*at) : "";
      if (!d) {
        add(a, "attack.unknown_unit", id, "", "", "no unit \"" + id + "\" in this scenario");
        problems.back().hint = text::unknown_unit_hint(board.scenario(), id, side);
      } else if (d->side != side) {
        add(a, "attack.not_own_unit", id, where, "8.0", id + " is not a " + side + " unit");
      } else if (!at) {
        add(a, "attack.unit_gone", id, "", "8.0", id + " is not on the map");
      } else if (!is_combat(*d)) {
        add(a, "attack.noncombat", id, where, "8.0",
            id + " is not a combat unit and may not attack");
      } else if (board.ineffective(id)) {
        add(a, "attack.ineffective", id, where, "10.0", id + " is ineffective and may not attack");
      } else if (!seen.insert(id).second || attacked_by.count(id)) {
        add(a, "attack.twice", id, where, "8.41", id + " may attack only once per combat phase");
      } else {
        e.attackers.push_back(id);
        continue;
      }
      ok = false;
    }
    std::set<Hex> hexes;
    for (const auto& text : a.defenders) {
      std::string id = "attack.bad_hex", why = "\"" + text + "\" is not a hex number";
      auto h = board.numbers().parse_noting(text, id, why);
      if (!h) {
        add(a, id, "", text, "", why);
      } else if (!board.scenario().on_map(*h)) {
        add(a, "attack.bad_hex", "", text, "", text + " is off the map");
      } else if (board.units_at(*h, enemy).empty()) {
        add(a, "attack.no_enemy", "", text, "8.0", "no enemy unit at " + text);
      } else if (!hexes.insert(*h).second || hex_attacked_by.count(*h)) {
        add(a, "attack.twice", "", text, "8.41",
            "the units at " + text + " may be attacked only once per combat phase");
      } else {
        e.hexes.push_back(*h);
        for (const auto& id : board.units_at(*h, enemy)) e.defenders.push_back(id);
        continue;
      }
      ok = false;
    }
    for (const auto& id : a.attackers)
      if (auto at = board.hex_of(id); at && board.side_of(id) == side) {
        attacked_by.emplace(id, a.index);
        stacks[*at].insert(a.index);
      }
    for (const auto& text : a.defenders) {
      std::string id, why;  // a bad number was reported above
      if (auto h = board.numbers().parse_noting(text, id, why))
        hex_attacked_by.emplace(*h, a.index);
    }
    return ok;
  }

  // The hexes beside `defender` an attacker could stand in: on the map,
  // passable, across a hexside that may be crossed, not held by the enemy.
  std::string attack_from(Hex defender, const std::string& unit) const {
    const Scenario& sc = board.scenario();
    std::string hexes;
    int n = 0;
    for (Hex h : hex::neighbours(defender)) {
      if (!sc.on_map(h) || !passable(sc, defender, h) || board.enemy_at(h, side)) continue;
      hexes += (hexes.empty() ? "" : ", ") + board.numbers().format(h);
      ++n;
    }
    if (n == 0)
      return "No hex beside " + board.numbers().format(defender) + " can hold an attacker: leave " +
             unit + " out of this attack";
    return "Attack from " + std::string(n == 1 ? "the hex" : "a hex") + " beside " +
           board.numbers().format(defender) + " (" + hexes + "): move " + unit +
           " there first, or leave it out";
  }

  // 8.41, 8.43, 8.7, 8.71, 8.74: who may reach the defenders from where.
  void geometry(const AttackOrder& a, const Engagement& e) {
    const Scenario& sc = board.scenario();
    for (const auto& id : e.attackers) {
      Hex at = *board.hex_of(id);
      std::string where = board.numbers().format(at);
      if (!is_artillery(*board.def(id))) {
        for (Hex h : e.hexes)
          if (!hex::adjacent(at, h)) {
            add(a, "attack.not_adjacent", id, where, e.hexes.size() > 1 ? "8.43" : "8.41",
                id + " at " + where + " is not adjacent to " + board.numbers().format(h));
            problems.back().hint = attack_from(h, id);
          }
        continue;
      }
      Reach r = artillery_reach(sc, at, e.hexes);
      if (r.adjacent) continue;
      if (sc.terrain_at(at).no_bombard) {
        add(a, "attack.no_bombard", id, where, "22.11",
            id + " at " + where + " is in a " + sc.terrain_at(at).name +
                " hex, from which artillery may not bombard");
        continue;
      }
      bool next_to_enemy = false;
      for (Hex n : hex::neighbours(at))
        if (sc.on_map(n) && board.enemy_at(n, side)) next_to_enemy = true;
      if (next_to_enemy)
        add(a, "attack.artillery_adjacent", id, where, "8.7",
            id + " is adjacent to enemy units and must attack them, not a hex further off");
      else if (!r.in_range)
        add(a, "attack.range", id, where, "8.7",
            id + " at " + where + " is more than " + std::to_string(kArtilleryRange) +
                " hexes from every defending hex");
      else if (!r.sighted)
        add(a, "attack.los", id, where, "8.71", id + " has no line of sight: " + r.blocked);
    }
  }

  // 8.8, 8.73, 8.6, 8.75, 8.3: the attack's own choices.
  void choices(const AttackOrder& a, const Engagement& e, const std::string& label,
               std::vector<std::string>& echo, Json* odds) {
    const auto& crt = board.scenario().crt;
    Tally t = tally(board, e);
    int column = t.column;
    if (a.odds) {
      auto declared = column_of(crt, *a.odds);
      if (!declared)
        add(a, "attack.bad_odds", "", "", "8.8", "\"" + *a.odds + "\" is not a column of the CRT");
      else if (*declared > t.column)
        add(a, "attack.odds_increase", "", "", "8.8",
            "declared odds " + *a.odds + " are higher than the odds " + crt.columns[t.column] +
                " (" + std::to_string(t.attack) + ":" + std::to_string(t.defence) +
                "); odds may only be reduced");
      else
        column = *declared;
    }
    if (t.artillery_alone && e.hexes.size() > 1 &&
        readings::ranged_artillery_alone_one_hex(board.scenario()))
      add(a, "attack.artillery_multi_hex", "", "", "8.74",
          "artillery alone firing at range may attack only one hex; it joins an attack on " +
              std::to_string(e.hexes.size()) +
              " hexes only beside infantry or cavalry adjacent to all of them (8.43, 8.74)");
    if (t.artillery_alone) {
      auto ab = parse_odds(crt.columns[column]);
      if (!ab || 3 * ab->first < ab->second)
        add(a, "attack.artillery_odds", "", "", "8.73",
            "artillery alone against units it is not adjacent to must attack at 1-3 or better, "
            "not " +
                crt.columns[column] + " (" + std::to_string(t.attack) + ":" +
                std::to_string(t.defence) + ")");
    }
    if (a.advance) {
      bool listed = std::count(a.attackers.begin(), a.attackers.end(), *a.advance) > 0;
      const UnitDef* d = board.def(*a.advance);
      if (!listed)
        add(a, "attack.advance", *a.advance, "", "8.6",
            *a.advance + " is not one of the attackers");
      else if (d && is_artillery(*d))
        add(a, "attack.advance", *a.advance, "", "8.75", "artillery may not advance after combat");
    }
    for (const auto& id : a.losses)
      if (!std::count(a.attackers.begin(), a.attackers.end(), id))
        add(a, "attack.losses", id, "", "8.3", id + " is not one of the attackers");
    demoralized_choices(a, e, t, column);
    if (odds) {
      odds->push_back({{"order", a.index},
                       {"odds", crt.columns[column]},
                       {"attack", t.attack},
                       {"defence", t.defence},
                       {"best", crt.columns[t.column]}});
      if (t.half_points) odds->back()["half_points"] = true;
    }
    echo.push_back("combat " + label + ": " + describe(e, board.numbers()) + " at " +
                   crt.columns[column] + " (" + std::to_string(t.attack) + ":" +
                   std::to_string(t.defence) + (t.half_points ? " in half strength points" : "") +
                   ")" + (column < t.column ? ", reduced from " + crt.columns[t.column] : ""));
  }

  // 8.0, 8.7: a unit in an enemy ZOC, or artillery next to an enemy unit,
  // must attack; H&L 20.14 (readings.h): not one that moved there this
  // player-turn, which could have avoided the attack.
  bool obliged(const std::string& id) const {
    if (moved.count(id) && readings::forced_only_from_the_start(board.scenario())) return false;
    Hex at = *board.hex_of(id);
    if (in_zoc_of(board, at, enemy)) return true;
    if (!is_artillery(*board.def(id))) return false;
    for (Hex n : hex::neighbours(at))
      if (board.scenario().on_map(n) && board.enemy_at(n, side)) return true;
    return false;
  }

  // H&L 18.11, 18.12, 20.12-20.14: a demoralized side does not advance after
  // combat and makes no voluntary attack below the hook's odds; an attack
  // every attacker had to make may go in (20.14 may make it an automatic Ar).
  void demoralized_choices(const AttackOrder& a, const Engagement& e, const Tally& t, int column) {
    const auto& d = exclusive_of(board.scenario()).demoralization;
    if (!d || !demoralized(board.state(), side)) return;
    if (a.advance && !d->no_advance_rule.empty())
      add(a, "attack.demoralized_advance", *a.advance, "", d->no_advance_rule,
          "the " + side + " army is demoralized: its units may not advance after combat");
    if (d->odds_below.empty()) return;
    const auto& crt = board.scenario().crt;
    int floor = *column_of(crt, d->odds_below);
    if (column >= floor) return;
    std::vector<std::string> free, came;
    for (const auto& id : e.attackers)
      if (!obliged(id)) (moved.count(id) ? came : free).push_back(id);
    bool reduced = column < t.column;
    if (free.empty() && came.empty() && !reduced) return;
    std::string why = reduced         ? ", not even by reducing the odds"
                      : !free.empty() ? ": " + join(free) + " need not attack"
                                      : ": " + join(came) +
                                            " moved into contact this player-turn, so the "
                                            "attack could have been avoided";
    std::string unit = !free.empty() ? free.front() : !came.empty() ? came.front() : "";
    add(a, "attack.demoralized_odds", unit, "", d->odds_rule,
        "the " + side + " army is demoralized and may not attack at less than " + d->odds_below +
            " (" + crt.columns[column] + ")" + why);
  }

  // 8.42: units stacked together may not attack separate hexes.
  void stacked() {
    for (const auto& [at, orders] : stacks) {
      if (orders.size() < 2) continue;
      const std::string where = board.numbers().format(at);
      for (auto it = std::next(orders.begin()); it != orders.end(); ++it)
        problems.push_back(problem("attack.stack_split", *it, "", where, "8.42",
                                   "units stacked at " + where +
                                       " may not attack in separate attacks (also order " +
                                       std::to_string(*orders.begin()) + ")"));
    }
  }

  // 8.0, 8.7: who must attack and who must be attacked; 8.42: one unit of a
  // stack may attack while the other sits out (readings.h).
  void mandatory() {
    const bool mate_excuses = readings::stack_mate_may_sit_out(board.scenario());
    const auto ezoc_shared = zoc_shared(board, enemy);
    const std::set<Hex>& ezoc = *ezoc_shared;
    for (const auto& id : board.units_of(side)) {
      if (attacked_by.count(id) || board.ineffective(id) || !is_combat(*board.def(id))) continue;
      Hex at = *board.hex_of(id);
      if (mate_excuses && stacks.count(at)) continue;
      std::string or_mate = mate_excuses && board.units_at(at, side).size() > 1
                                ? ", or a unit stacked with it (8.42)"
                                : "";
      if (ezoc.count(at)) {
        problems.push_back(
            problem("attack.missing_attacker", -1, id, board.numbers().format(at), "8.0",
                    id + " is in an enemy zone of control and must attack" + or_mate));
        continue;
      }
      if (!is_artillery(*board.def(id))) continue;
      for (Hex n : hex::neighbours(at))
        if (board.scenario().on_map(n) && board.enemy_at(n, side)) {
          problems.push_back(
              problem("attack.missing_attacker", -1, id, board.numbers().format(at), "8.7",
                      id + " is artillery adjacent to enemy units and must attack" + or_mate));
          break;
        }
    }
    const auto fzoc_shared = zoc_shared(board, side);
    const std::set<Hex>& fzoc = *fzoc_shared;
    for (const auto& id : board.units_of(enemy)) {
      Hex at = *board.hex_of(id);
      if (!is_combat(*board.def(id))) continue;
      if (fzoc.count(at) && !hex_attacked_by.count(at)) {
        const std::string where = board.numbers().format(at);
        problems.push_back(problem(
            "attack.missing_defender", -1, id, where, "8.0",
            id + " at " + where + " is in a friendly zone of control and must be attacked"));
      }
    }
  }
};

}  // namespace

void check_attacks(const Board& board, const std::vector<AttackOrder>& attacks,
                   const std::set<std::string>& moved, bool night, Problems& problems,
                   std::vector<std::string>& echo, Json* odds) {
  if (night) {
    for (const auto& a : attacks)
      problems.push_back(problem("attack.night", a.index, "", "", "9.0",
                                 "there is no combat phase on a night turn"));
    return;
  }
  Checker c{board, problems, board.state().phase, board.enemy_of(board.state().phase), moved, {},
            {},    {}};
  int n = combats_declared(board.state());
  for (const auto& a : attacks) {
    Engagement e;
    std::size_t before = problems.size();
    std::string label = combat_label(board.state().turn, ++n);
    if (!c.names(a, e)) continue;
    c.geometry(a, e);
    if (problems.size() == before) c.choices(a, e, label, echo, odds);
  }
  c.stacked();
  c.mandatory();
}

}  // namespace adjutant::rules::bluegray
