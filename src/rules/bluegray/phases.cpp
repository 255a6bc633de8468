#include "rules/bluegray/phases.h"

#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/combat.h"
#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/events.h"
#include "rules/bluegray/exits.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/movement.h"
#include "rules/bluegray/orders.h"
#include "rules/bluegray/restrictions.h"
#include "rules/bluegray/victory.h"

namespace adjutant::rules::bluegray {

namespace {

// A list of the plan read in place, never copied; empty when the plan has none.
const Json& listed(const Json& plan, const char* key) {
  static const Json kNone = Json::array();
  auto it = plan.find(key);
  return it != plan.end() ? *it : kNone;
}

struct TurnContext {
  Emitter& em;
  const Json& plan;
  ledger::Dice& dice;
  int turn;
  std::string side;
};

// The phasing player's standing orders from this file are in force at once:
// they choose its own retreats in this combat phase.
void record_standing(TurnContext& c) {
  if (c.plan.contains("standing") && !c.plan["standing"].is_null())
    c.em.emit({{"type", "standing"},
               {"side", c.side},
               {"standing", c.plan["standing"]},
               {"visible_to", {c.side}}});
}

// 4.0 A, 7.0: moves in the order given; reinforcements enter as they move.
void movement(TurnContext& c) {
  for (const auto& m : listed(c.plan, "moves"))
    execute_move(c.em, PlannedMove::from_json(m, c.em.scenario().numbers()));
}

// H&L 17.1: the units that moved against the quota (a scenario hook).
void quota(TurnContext& c) {
  std::vector<std::string> moved;
  for (const auto& m : listed(c.plan, "moves")) moved.push_back(m.at("unit"));
  record_quota(c.em, moved);
}

// 14.33: reinforcements that could not enter are rescheduled (a scenario hook).
void rescheduling(TurnContext& c) {
  reschedule_blocked(c.em, c.side);
}

// 10.2: ineffective units in enemy ZOC retreat as the combat phase begins.
void ineffective(TurnContext& c) {
  retreat_ineffective(c.em, c.side);
}

// 4.0 B, 8.0: attacks in the order given.
void combat(TurnContext& c) {
  std::vector<AttackOrder> attacks;
  int i = 0;
  for (const auto& a : listed(c.plan, "attacks"))
    attacks.push_back(AttackOrder::from_json(a, a.value("order", ++i)));
  combat_phase(c.em, attacks, c.dice);
}

// 4.0 II, 10.4: the turn marker advances; night turns end with recovery;
// 14.53's exit race scores at the end of its side's player-turn; the last
// player-turn ends the game; H&L 17.2's die is rolled as the crossing
// side's player-turn begins.
void end(TurnContext& c) {
  const Scenario& sc = c.em.scenario();
  auto next = next_player_turn(sc.turns, c.turn, c.side);
  if ((!next || next->turn != c.turn) && is_night(sc, c.turn)) recover_all(c.em);
  award_exit_race(c.em, c.side);
  if (!next) return end_game(c.em);
  roll_for_crossing(c.em, c.dice, next->turn, next->side);
  // The combats of the game-turn are numbered on over both player-turns.
  int declared = combats_declared(c.em.state()) + int(listed(c.plan, "attacks").size());
  c.em.emit({{"type", "phase_end"},
             {"turn", c.turn},
             {"phase", c.side},
             {"next_turn", next->turn},
             {"next_phase", next->side},
             {"combats", {{"turn", c.turn}, {"count", declared}}},
             {"rule", "4.0"}});
}

struct Row {
  Step step;
  void (*run)(TurnContext&);
  // The order check has taken this step already, on its way to the
  // attacks (BlueGray::run_check): resume_player_turn starts after it.
  bool checked;
};

// The player-turn, in the exact order 4.0 states.
const Row kPlayerTurn[] = {
    {{"standing orders", "-", true}, &record_standing, true},
    {{"movement phase", "4.0 A, 7.0", true}, &movement, true},
    {{"movement quota tallied", "H&L 17.1", true}, &quota, true},
    {{"blocked reinforcements rescheduled", "14.33", true}, &rescheduling, true},
    {{"ineffective units retreat", "10.2", false}, &ineffective, true},
    {{"combat phase", "4.0 B, 8.0", false}, &combat, false},
    {{"end of player-turn", "4.0 II, 10.4, 14.53, H&L 17.2", true}, &end, false},
};

void run_rows(const Scenario& sc, TurnContext& c, bool from_check) {
  bool night = is_night(sc, c.turn);
  for (const auto& row : kPlayerTurn)
    if ((row.step.at_night || !night) && !(from_check && row.checked)) row.run(c);
}

}  // namespace

std::vector<PlayerTurn> player_turns(const rules::hexmap::TurnTrack& track) {
  std::vector<PlayerTurn> out;
  for (int turn = 1; turn <= track.count; ++turn)
    for (const auto& side : track.order)
      if (!track.skip.count({turn, side})) out.push_back({turn, side});
  return out;
}

std::optional<PlayerTurn> next_player_turn(const rules::hexmap::TurnTrack& track, int turn,
                                           const std::string& side) {
  auto all = player_turns(track);
  for (std::size_t i = 0; i + 1 < all.size(); ++i)
    if (all[i].turn == turn && all[i].side == side) return all[i + 1];
  return std::nullopt;
}

bool is_night(const Scenario& sc, int turn) {
  return sc.turns.night.count(turn) > 0;
}

const std::vector<Step>& player_turn_steps() {
  static const std::vector<Step> steps = [] {
    std::vector<Step> out;
    for (const auto& row : kPlayerTurn) out.push_back(row.step);
    return out;
  }();
  return steps;
}

Json run_player_turn(const Scenario& sc, const State& state, const Json& plan, ledger::Dice& dice,
                     State* after) {
  Emitter em(sc, state);
  TurnContext c{em, plan, dice, state.turn, state.phase};
  run_rows(sc, c, false);
  if (after) *after = em.take_state();
  return em.take_events();
}

void resume_player_turn(Emitter& em, const State& state, const Json& plan, ledger::Dice& dice) {
  TurnContext c{em, plan, dice, state.turn, state.phase};
  run_rows(em.scenario(), c, true);
}

}  // namespace adjutant::rules::bluegray
