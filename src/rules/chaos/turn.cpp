#include "rules/chaos/turn.h"

#include <algorithm>

#include "rules/chaos/fight_phase.h"
#include "rules/chaos/fights.h"
#include "rules/chaos/rolls.h"
#include "rules/chaos/tokens.h"
#include "rules/chaos/turn_run.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

namespace turn_run {

// The turn, in the order docs/rules/chaos.md "The turn" states (the
// text's Turn Sequence Overview): shake out, the engagement phase and its
// steps 1-4, the fight phase, unengaged movement, resting. The initiative
// die of the engagement phase is rolled before the shake out: the shake
// outs go in its order.
const Turn::Step Turn::kSequence[] = {
    {"combat tokens drawn before the first turn", "forces.2", &Turn::draw_tokens},
    {"the turn begins", "turns", &Turn::begin},
    {"initiative roll", "engagement", &Turn::initiative},
    {"shake out", "shake_out, terms.chaos_roll", &Turn::shake_out},
    {"1 withdraw to unengaged status", "engagement.withdraw", &Turn::withdrawals},
    {"2 form up", "engagement.form_up", &Turn::form_up},
    {"3 maneuver", "engagement.maneuver", &Turn::maneuvers},
    {"3 artillery fire, after all maneuvers", "engagement.artillery", &Turn::artillery},
    {"4 resting of engaged brigades", "engagement.rest", &Turn::engaged_rest},
    {"fight phase", "fight", &Turn::fight},
    {"unengaged movement",
     "move, turns.night, move.marker, move.deployed, move.check.*, move.hills", &Turn::movement},
    {"player commanders", "move.commanders", &Turn::commanders},
    {"resting of unengaged brigades", "rest", &Turn::rest},
    {"deployed brigades replaced by markers", "rest.remarker", &Turn::remarker},
    {"end of the turn; after the last, the game", "turns", &Turn::end},
};

Turn::Turn(const Scenario& sc, const model::State& state, const std::map<std::string, Json>& plans,
           ledger::Dice& dice)
    : sc_(sc),
      rd_(readings(sc.rules_version)),
      state_(state),
      st_(chaos_of(state)),
      plans_(plans),
      dice_(dice) {
  for (const auto& s : sc_.sides)
    if (!plans_.count(s.id)) {
      Json seq = Json::array();
      for (const auto& b : s.brigades) seq.push_back(b.id);
      plans_[s.id] = {{"side", s.id},
                      {"sequence", seq},
                      {"preferred", Json::object()},
                      {"brigades", Json::object()},
                      {"commanders", Json::object()}};
    }
  int t = std::clamp(state.turn, 1, int(sc_.turns.size()));
  type_ = sc_.turns[std::size_t(t - 1)];
  tin_ = state_.extra.value("tin", Json::array()).get<std::vector<std::string>>();
}

Json Turn::run() {
  for (const auto& step : kSequence) (this->*step.run)();
  return events_;
}

const Json& Turn::brigade_plan(const std::string& b) const {
  static const Json none = Json::object();
  const Json& p = plans_.at(st_.brigades.at(b).side)["brigades"];
  return p.contains(b) ? p[b] : none;
}

int Turn::preferred(const std::string& b) const {
  const Json& p = plans_.at(st_.brigades.at(b).side)["preferred"];
  return p.contains(b) ? p[b].get<int>() : 1;
}

// The brigades of every side in the order the sides act (initiative
// first), each side in its sequence.
std::vector<std::string> Turn::in_initiative_order() const {
  std::vector<std::string> out;
  for (const auto& side : order_)
    for (const auto& b : plans_.at(side)["sequence"]) out.push_back(b.get<std::string>());
  return out;
}

// Brigades by side in the scenario's order, then by id.
std::vector<std::string> Turn::by_side_and_id() const {
  std::vector<std::string> out;
  for (const auto& s : sc_.sides)
    for (const auto& [id, b] : st_.brigades)
      if (b.side == s.id) out.push_back(id);
  return out;
}

// The sides alternate, one brigade at a time, each in its sequence, the
// side with the initiative first (engagement.withdraw,
// engagement.maneuver): the brigades `take` picks are listed before any
// acts.
void Turn::alternate(bool (Turn::*take)(const std::string&) const,
                     void (Turn::*act)(const std::string&)) {
  std::vector<std::vector<std::string>> queues;
  for (const auto& side : order_) {
    queues.emplace_back();
    for (const auto& b : plans_.at(side)["sequence"])
      if ((this->*take)(b.get<std::string>())) queues.back().push_back(b.get<std::string>());
  }
  for (std::size_t i = 0; i < std::max(queues[0].size(), queues[1].size()); ++i)
    for (const auto& q : queues)
      if (i < q.size()) (this->*act)(q[i]);
}

// Force Building: each side draws its combat tokens from the tin, the
// side listed first first, before the first turn (docs/protocol.md 8a).
void Turn::draw_tokens() {
  if (state_.extra.value("tokens_drawn", true)) return;
  // Version 2: the Union throws back a REBEL YELL (token.rebel_yell).
  for (const auto& s : sc_.sides)
    draw_tokens_for(dice_, tin_, s.id, sc_.tokens.count(s.id) ? sc_.tokens.at(s.id) : 0,
                    rd_.union_throws_back_rebel_yell, "forces.2", events_);
}

void Turn::begin() {
  events_.push_back(
      {{"type", "turn"}, {"turn", state_.turn}, {"turn_type", turn_type_name(type_)}});
}

// engagement: "Roll a die. The High die will go first in each of the
// Engagement Phases for this turn."
void Turn::initiative() {
  auto sides = side_ids(sc_);
  DiceOff off = dice_off(dice_, sides[0], sides[1], "initiative");
  Json rounds = Json::array();
  for (auto [a, b] : off.rounds) rounds.push_back({a, b});
  order_ = {off.winner, other_side(sc_, off.winner)};
  events_.push_back(
      {{"type", "initiative"}, {"winner", off.winner}, {"rolls", rounds}, {"rule", "engagement"}});
}

// fight: the fight phase, from version 2 (fight_phase.h).
void Turn::fight() {
  if (rd_.fight_phase) {
    // Version 2: the fight phase (fight_phase.h).
    run_fight_phase({sc_, st_, plans_, dice_, events_, tin_, formed_up_});
    return;
  }
  auto fights = group_fights(fighters(st_, sc_));
  if (fights.empty()) return;
  // No order of version 1 brings regiments within 4" of the enemy (a
  // deployment stops at 5"), so a fight can only come from a state this
  // version did not make.
  throw Error("chaos.not_yet",
              "the fight phase (fight) is not adjudicated by chaos version 1; regiment " +
                  fights.front().front() + " is fighting");
}

// turns: the turn marker advances; the last turn ends the game.
void Turn::end() {
  events_.push_back({{"type", "turn_end"}, {"turn", state_.turn}});
  if (state_.turn < int(sc_.turns.size())) return;
  // The text sets no victory conditions: at the end of the last turn the
  // side whose brigades and regiments carry less stress in all holds the
  // field (docs/rules/chaos.md "What version 1 adjudicates").
  Json totals = Json::object();
  std::map<std::string, int> sum;
  for (const auto& [id, b] : st_.brigades) sum[b.side] += b.stress;
  for (const auto& [id, r] : st_.regiments) sum[st_.brigades.at(r.brigade).side] += r.stress;
  auto sides = side_ids(sc_);
  for (const auto& s : sides) totals[s] = sum[s];
  std::string result =
      sum[sides[0]] == sum[sides[1]]
          ? "draw"
          : (sum[sides[0]] < sum[sides[1]] ? sides[0] : sides[1]) + " holds the field";
  events_.push_back(
      {{"type", "game_end"}, {"result", result}, {"stress", totals}, {"rule", "turns"}});
}

std::vector<TurnStep> Turn::sequence() {
  std::vector<TurnStep> out;
  for (const auto& step : kSequence) out.push_back({step.name, step.rule});
  return out;
}

}  // namespace turn_run

std::vector<TurnStep> turn_sequence() {
  return turn_run::Turn::sequence();
}

Json adjudicate_turn(const Scenario& scenario, const model::State& state,
                     const std::map<std::string, Json>& plans, ledger::Dice& dice) {
  return turn_run::Turn(scenario, state, plans, dice).run();
}

model::State initial_game_state(const Scenario& scenario) {
  model::State s;
  s.scenario = scenario.id;
  s.turn = 1;
  s.phase = "turn";
  set_chaos(s, initial_state(scenario));
  Json tokens = Json::object();
  for (const auto& side : scenario.sides) tokens[side.id] = Json::array();
  Json tin = Json::array();
  for (Token t : tin_contents(scenario.tin)) tin.push_back(token_name(t));
  s.extra["tokens"] = tokens;
  s.extra["tin"] = tin;
  s.extra["tokens_drawn"] = false;
  return s;
}

}  // namespace adjutant::rules::chaos
