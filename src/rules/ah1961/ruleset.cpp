#include <set>

#include "rules/ah1961/ah1961.h"
#include "rules/ah1961/combat.h"
#include "rules/ah1961/event_phrases.h"
#include "rules/ah1961/explain.h"
#include "rules/ah1961/movement.h"
#include "rules/ah1961/phases.h"
#include "rules/ah1961/setup.h"
#include "rules/hex_ruleset.h"

namespace adjutant::rules::ah1961 {

namespace {

class Ah1961 : public HexRuleset {
 public:
  Ah1961(Scenario sc, int version, const std::string& source) : HexRuleset(std::move(sc), version) {
    g_ = read_game_rules(sc_, source);
  }

  std::string id() const override { return "ah1961"; }
  std::string describe_event(const Json& event) const override {
    return phrase_event(event_phrases(), event);
  }

  // Before turn 1 every counter is off the board; Prepare For Play places them.
  model::State initial_state() const override {
    State s;
    s.scenario = sc_.id;
    s.turn = 0;
    s.phase = setup_steps().front().side;
    s.extra["step"] = setup_steps().front().name;
    for (const auto& u : sc_.units) {
      model::UnitState us;
      us.status = model::UnitStatus::kWaiting;
      s.units[u.id] = us;
    }
    for (const auto& side : sc_.sides) s.vp[side.id] = 0;
    return s;
  }

  PhaseInfo current_phase(const model::State& state) const override {
    if (const SetupStep* step = current_step(state)) return PhaseInfo{0, step->side, step->name};
    return PhaseInfo{state.turn, state.phase, state.phase};
  }

  Checked check(const model::State& state, const Json& orders,
                const std::string& source) const override {
    Problems problems;
    if (state.phase.empty()) {
      problems.push_back(problem("orders.game_over", -1, "", "", "victory", "the game has ended"));
      throw OrdersRefused(source, problems);
    }
    Checked out;
    Emitter em(sc_, g_, state);
    if (const SetupStep* step = current_step(state)) {
      SetupOrders set = parse_setup(orders, problems);
      if (problems.empty()) check_setup(em, *step, set, problems, out.echo);
      if (!problems.empty()) throw OrdersRefused(source, problems);
      out.plan["events"] = em.events();
      return out;
    }
    TurnOrders set = parse_turn(orders, sc_.numbers(), problems);
    MovePhase ph;
    if (problems.empty()) check_moves(em, set.moves, ph, problems, out.echo);
    // Attacks are checked against the board the moves leave; once a move is
    // refused that board is not the one the player meant.
    if (problems.empty()) check_attacks(em.board(), set.attacks, ph.moved, problems, out.echo);
    if (!problems.empty()) throw OrdersRefused(source, problems);
    Json attacks = Json::array();
    for (const auto& a : set.attacks) attacks.push_back(a.to_json());
    out.plan["events"] = em.events();
    out.plan["attacks"] = attacks;
    return out;
  }

  // For the order page: the echo of what check accepts of a turn's orders
  // it may yet refuse (each sound move with the squares it spends, then the
  // attacks once every move is sound), so that a move shows its squares
  // while the turn still lacks an attack. The set-up steps have no page.
  Json preview(const model::State& state, const Json& orders) const override {
    Json facts = {{"moves", Json::array()}, {"attacks", Json::array()}, {"echo", Json::array()}};
    if (state.phase.empty() || current_step(state)) return facts;
    Problems problems;
    std::vector<std::string> echo;
    Emitter em(sc_, g_, state);
    TurnOrders set = parse_turn(orders, sc_.numbers(), problems);
    MovePhase ph;
    if (problems.empty()) check_moves(em, set.moves, ph, problems, echo);
    if (problems.empty()) check_attacks(em.board(), set.attacks, ph.moved, problems, echo);
    facts["echo"] = echo;
    return facts;
  }

  Json adjudicate(const model::State& state, const Checked& checked,
                  ledger::Dice& dice) const override {
    Emitter em(sc_, g_, state);
    for (const auto& ev : checked.plan.at("events")) em.emit(ev);
    if (current_step(state)) return em.events();  // the step's end is among them
    std::vector<AttackOrder> attacks;
    for (const auto& a : checked.plan.at("attacks")) attacks.push_back(AttackOrder::from_json(a));
    int combats = resolve_attacks(em, attacks, dice);
    end_player_turn(em, combats);
    return em.events();
  }

  model::State apply(const model::State& state, const Json& events) const override {
    State out = state;
    for (const auto& ev : events) apply_event(out, ev);
    return out;
  }

  std::string explain_combat(const Json& combat, const Json& consequences) const override {
    return explain_text(combat, consequences);
  }

  std::string describe_result(const std::string& code) const override {
    if (code == "AE") return "A ELIM: all attacking units are eliminated";
    if (code == "DE") return "D ELIM: all defending units are eliminated";
    if (code == "AB2") return "A BACK 2: the attackers retreat two squares, the defender choosing";
    if (code == "DB2") return "D BACK 2: the defenders retreat two squares, the attacker choosing";
    if (code == "EX")
      return "EXCHANGE: the side with fewer factors loses all; the other at least as many";
    return code;
  }

 private:
  GameRules g_;
};

}  // namespace

std::unique_ptr<Ruleset> make_ruleset(rules::hexmap::Scenario scenario, const std::string& source,
                                      int version) {
  return std::make_unique<Ah1961>(std::move(scenario), version, source);
}

}  // namespace adjutant::rules::ah1961
