#include "rules/ah1961/phases.h"

namespace adjutant::rules::ah1961 {

const std::vector<SetupStep>& setup_steps() {
  static const std::vector<SetupStep> steps = {{"setup1-union", "union", 1},
                                               {"setup1-confederate", "confederate", 1},
                                               {"setup2-union", "union", 2},
                                               {"setup3-confederate", "confederate", 3},
                                               {"setup4-union", "union", 4}};
  return steps;
}

const SetupStep* current_step(const State& state) {
  // Set-up happens before turn 1 only (a case file may start at a later turn).
  if (state.turn != 0 || !state.extra.contains("step")) return nullptr;
  for (const auto& s : setup_steps())
    if (s.name == state.extra["step"].get<std::string>()) return &s;
  return nullptr;
}

void end_setup_step(Emitter& em, const SetupStep& step) {
  const auto& steps = setup_steps();
  std::size_t i = 0;
  while (i < steps.size() && steps[i].name != step.name) ++i;
  Json ev = {{"type", "setup_end"},
             {"turn", 0},
             {"step", step.name},
             {"rule", "setup." + std::to_string(step.step)}};
  const auto& order = em.scenario().turns.order;
  if (i + 1 < steps.size()) {
    ev["next_step"] = steps[i + 1].name;
    ev["next_turn"] = 0;
    ev["next_side"] = steps[i + 1].side;
  } else {
    ev["next_step"] = "";
    ev["next_turn"] = 1;
    ev["next_side"] = order.front();  // Union player always moves first (Turns)
  }
  em.emit(std::move(ev));
}

// How To Win: at the end of the 25th complete turn, the Union wins when the
// Confederate army is eliminated or down to 15 basic combat factors or less;
// the Confederates win when they eliminate the Union army or keep 16 or more.
// Assumption (docs/rules/ah1961.md): an army with no combat unit on the
// board ends the game at once, and eliminating the enemy army wins whatever
// the factors left.
namespace {

int fighting_units(const Board& b, const std::string& side) {
  int n = 0;
  for (const auto& id : b.units_of(side))
    if (is_fighting(*b.def(id))) ++n;
  return n;
}

}  // namespace

Json victory(const Board& board, std::string& result) {
  const GameRules& g = board.rules();
  Json vp = Json::object();
  for (const auto& s : board.scenario().sides) vp[s.id] = board.factors_on_board(s.id);
  const std::string watched = g.victory_side;
  const std::string other = board.enemy_of(watched);
  auto name = [&](const std::string& side) {
    return board.scenario().side(side)->name + " victory";
  };
  if (fighting_units(board, watched) == 0)
    result = name(other);
  else if (fighting_units(board, other) == 0)
    result = name(watched);
  else
    result = vp[watched].get<int>() <= g.victory_at_most ? name(other) : name(watched);
  return vp;
}

// NOTE (artillery): an engagement lasts while the enemy stays in the
// artillery's secondary zone; at the end of each player-turn the pairs
// whose units are gone or more than two squares apart are dropped.
void prune_engagements(Emitter& em) {
  const State& st = em.state();
  if (!st.extra.contains("engaged")) return;
  Board b = em.board();
  Json kept = Json::array();
  for (const auto& p : st.extra["engaged"]) {
    auto x = b.square_of(p.at(0).get<std::string>());
    auto y = b.square_of(p.at(1).get<std::string>());
    if (x && y && hex::distance(*x, *y) <= 2) kept.push_back(p);
  }
  if (kept.size() != st.extra["engaged"].size())
    em.emit({{"type", "engaged"}, {"pairs", kept}, {"rule", "artillery.primary"}});
}

void end_player_turn(Emitter& em, int combats) {
  prune_engagements(em);
  Board b = em.board();
  const State& st = em.state();
  const auto& order = em.scenario().turns.order;
  std::size_t i = 0;
  while (i < order.size() && order[i] != st.phase) ++i;
  bool last_of_turn = i + 1 >= order.size();
  bool army_gone = false;
  for (const auto& s : order)
    if (fighting_units(b, s) == 0) army_gone = true;
  if ((last_of_turn && st.turn >= em.scenario().turns.count) || army_gone) {
    std::string result;
    Json vp = victory(b, result);
    em.emit({{"type", "game_end"},
             {"turn", st.turn},
             {"result", result},
             {"vp", vp},
             {"rule", "victory"}});
    return;
  }
  Json ev = {{"type", "phase_end"},
             {"turn", st.turn},
             {"phase", st.phase},
             {"next_turn", last_of_turn ? st.turn + 1 : st.turn},
             {"next_phase", last_of_turn ? order.front() : order[i + 1]},
             {"rule", "turns"}};
  if (combats > 0 && !last_of_turn) ev["combats"] = {{"turn", st.turn}, {"count", combats}};
  em.emit(std::move(ev));
}

}  // namespace adjutant::rules::ah1961
