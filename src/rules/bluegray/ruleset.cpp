#include <map>
#include <memory>
#include <optional>
#include <set>

#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/bluegray.h"
#include "rules/bluegray/combat.h"
#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/event_phrases.h"
#include "rules/bluegray/events.h"
#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/explain.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/movement.h"
#include "rules/bluegray/orders.h"
#include "rules/bluegray/phases.h"
#include "rules/bluegray/restrictions.h"
#include "rules/bluegray/resume.h"
#include "rules/bluegray/stacking.h"
#include "rules/hex_ruleset.h"

namespace adjutant::rules::bluegray {

namespace {

class BlueGray : public HexRuleset {
 public:
  BlueGray(Scenario scenario, int version, const std::string& source)
      : HexRuleset(std::move(scenario), version) {
    exclusive_rules(sc_, source);  // refuses an unknown or malformed exclusive rule
    exclusive_of(sc_);
  }

  std::string id() const override { return "bluegray"; }
  std::string describe_event(const Json& event) const override {
    return phrase_event(event_phrases(), event);
  }

  // 9.0: a night turn has no combat phase.
  std::string turn_note(int turn) const override {
    return sc_.turns.night.count(turn) ? "night: no combat phase, rule 9.0" : "";
  }
  // 10.0: a unit may be marked ineffective.
  std::vector<std::string> unit_marks() const override { return {kIneffective}; }
  // The scenario's standing, and the units that may not attack until they
  // recover (10.0).
  std::vector<std::string> side_standing(const model::State& state,
                                         const std::string& side) const override {
    std::vector<std::string> out = HexRuleset::side_standing(state, side);
    std::string spent;
    for (const auto& [id, unit] : state.units) {
      const UnitDef* def = sc_.unit(id);
      if (def && def->side == side && unit.marked(kIneffective) &&
          unit.status == model::UnitStatus::kActive)
        spent += (spent.empty() ? "" : ", ") + id + " at " + unit.location;
    }
    if (!spent.empty()) out.push_back("ineffective (10.0): " + spent);
    return out;
  }

  model::State initial_state() const override {
    State s;
    s.scenario = sc_.id;
    auto turns = player_turns(sc_.turns);
    if (turns.empty()) {
      s.phase.clear();
    } else {
      s.turn = turns.front().turn;
      s.phase = turns.front().side;
    }
    for (const auto& u : sc_.units) {
      model::UnitState us;
      if (u.start) {
        us.location = sc_.numbers().format(*u.start);
      } else {
        us.status = model::UnitStatus::kWaiting;
      }
      s.units[u.id] = us;
    }
    for (const auto& side : sc_.sides) s.vp[side.id] = 0;
    if (Json morale = initial_morale(sc_); !morale.is_null()) s.extra["morale"] = morale;
    return s;
  }

  PhaseInfo current_phase(const model::State& state) const override {
    return PhaseInfo{state.turn, state.phase, state.phase};
  }

  Checked check(const model::State& state, const Json& orders,
                const std::string& source) const override {
    Problems problems;
    Checked out = run_check(state, orders, source, problems, nullptr, true);
    if (!problems.empty()) throw OrdersRefused(source, problems);
    return out;
  }

  // The same check, kept going: the moves it accepted with their paths and
  // MP, and the sound attacks with their odds.
  Json preview(const model::State& state, const Json& orders) const override {
    Problems problems;
    Json facts = {{"moves", Json::array()}, {"attacks", Json::array()}};
    try {
      run_check(state, orders, "orders", problems, &facts);
    } catch (const OrdersRefused&) {
    }
    return facts;
  }

  Json adjudicate(const model::State& state, const Checked& checked,
                  ledger::Dice& dice) const override {
    if (Resume* r = take_up(checked, this, state)) {
      resume_player_turn(r->em, r->before, checked.plan, dice);
      return r->em.take_events();
    }
    return run_player_turn(sc_, state, checked.plan, dice);
  }

  Adjudicated adjudicate_to(const model::State& state, const Checked& checked,
                            ledger::Dice& dice) const override {
    Adjudicated out;
    if (Resume* r = take_up(checked, this, state)) {
      resume_player_turn(r->em, r->before, checked.plan, dice);
      out.events = r->em.take_events();
      out.after = r->em.take_state();
    } else {
      out.events = run_player_turn(sc_, state, checked.plan, dice, &out.after);
    }
    return out;
  }

 private:
  // check's work: the problems are left in `problems` (and the plan is
  // incomplete when there are any); `facts` gathers what preview returns.
  // With `resume`, a plan without problems comes with where the check left
  // the player-turn, for adjudicate (resume.h).
  Checked run_check(const model::State& state, const Json& orders, const std::string& source,
                    Problems& problems, Json* facts, bool resume = false) const {
    if (state.phase.empty())
      problems.push_back(problem("orders.game_over", -1, "", "", "4.0", "the game has ended"));
    OrderSet set = parse_orders(orders, sc_.numbers(), problems);
    if (state.phase.empty()) throw OrdersRefused(source, problems);
    Checked out;
    std::shared_ptr<Resume> kept = resume ? std::make_shared<Resume>(this, sc_, state) : nullptr;
    std::optional<Emitter> own;
    if (!kept) own.emplace(sc_, state, false);
    Emitter& em = kept ? kept->em : *own;
    if (set.standing) {
      em.emit({{"type", "standing"},
               {"side", state.phase},
               {"standing", set.standing->to_json()},
               {"visible_to", {state.phase}}});
      out.plan["standing"] = set.standing->to_json();
    }
    bool night = is_night(sc_, state.turn);
    Json moves = Json::array();
    std::set<std::string> moved;
    EntryColumns entered;  // units entered per hex so far (column entry)
    std::vector<std::string> arrived;
    std::vector<std::string> counted;  // H&L 17.1: moves against the quota
    std::map<Hex, std::pair<int, std::string>>
        last_into;  // H&L 19.0: the last move ending in each hex
    for (const auto& m : set.moves) {
      if (!moved.insert(m.unit).second) {
        problems.push_back(problem("move.twice", m.index, m.unit, "", "7.0",
                                   m.unit + " may move only once per movement phase"));
        continue;
      }
      if (auto q = quota_for(sc_, m.unit); q && em.board().side_of(m.unit) == state.phase) {
        if (int(counted.size()) >= q->units) {
          problems.push_back(
              problem("move.quota", m.index, m.unit, "", q->rule,
                      "only " + std::to_string(q->units) +
                          " units may move each game-turn (already: " + join(counted) + ")"));
          continue;
        }
        counted.push_back(m.unit);
      }
      if (auto pm = check_move(em.board(), m, night, entered, problems)) {
        if (pm->enter) {
          entered[pm->path.front()].push_back(pm->unit);
          arrived.push_back(pm->unit);
        }
        execute_move(em, *pm);
        if (facts) {
          Json f = pm->to_json(sc_.numbers());
          f["order"] = pm->index;
          (*facts)["moves"].push_back(std::move(f));
        }
        if (!pm->exit) last_into[pm->path.back()] = {pm->index, pm->unit};
        moves.push_back(pm->to_json(sc_.numbers()));
        out.echo.push_back(pm->echo(sc_.numbers()));
      }
    }
    if (auto q = exclusive_of(sc_).quota; q && q->side == state.phase)
      out.echo.push_back("movement quota: " + std::to_string(counted.size()) + " of " +
                         std::to_string(q->units) + " units moved (rule " + q->rule + ")");
    // H&L 17.1's tally, as the player-turn records it after its moves (no
    // rule reads it back: only the resumed turn's events need it).
    if (kept) {
      std::vector<std::string> units;
      for (const auto& m : moves) units.push_back(m.at("unit").get<std::string>());
      record_quota(em, units);
    }
    // H&L 19.0, 15.11: the side's stacking holds at the end of the movement phase.
    if (!phase_end_stacking_rule(sc_, state.phase).empty())
      check_phase_end_stacking(em.board(), state.phase, last_into, problems);
    // Only what the moves leave is known once a move was refused.
    if (problems.empty()) check_compulsory_entry(em.board(), arrived, entered, night, problems);
    for (const auto& line : reschedule_blocked(em, state.phase)) out.echo.push_back(line);
    if (!night) retreat_ineffective(em, state.phase);
    check_attacks(em.board(), set.attacks, moved, night, problems, out.echo,
                  facts ? &(*facts)["attacks"] : nullptr);
    if (facts) (*facts)["echo"] = out.echo;
    if (!problems.empty()) return out;
    Json attacks = Json::array();
    for (const auto& a : set.attacks) {
      Json j = a.to_json();
      j["order"] = a.index;
      attacks.push_back(std::move(j));
    }
    out.plan["moves"] = std::move(moves);
    out.plan["attacks"] = std::move(attacks);
    if (kept) {
      kept->plan = out.plan;
      out.resume = std::move(kept);
    }
    return out;
  }

 public:
  std::string explain_combat(const Json& combat, const Json& consequences) const override {
    return explain_text(combat, consequences);
  }

  // A side never sees the other side's standing orders (its choices in the
  // middle of the other's player-turn).
  model::State view(const model::State& state, const std::string& side) const override {
    if (side.empty() || !state.extra.contains("standing")) return state;
    model::State out = state;
    Json mine = Json::object();
    if (state.extra["standing"].contains(side)) mine[side] = state.extra["standing"][side];
    out.extra["standing"] = mine;
    return out;
  }

  std::string describe_result(const std::string& code) const override { return result_words(code); }

  model::State apply(const model::State& state, const Json& events) const override {
    State out = state;
    for (const auto& ev : events) apply_event(out, ev);
    return out;
  }
};

}  // namespace

std::unique_ptr<Ruleset> make_ruleset(rules::hexmap::Scenario scenario, const std::string& source,
                                      int version) {
  return std::make_unique<BlueGray>(std::move(scenario), version, source);
}

}  // namespace adjutant::rules::bluegray
