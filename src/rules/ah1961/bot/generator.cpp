#include "rules/ah1961/bot/generator.h"

#include <set>

#include "rules/ah1961/bot/attacks.h"
#include "rules/ah1961/bot/moves.h"
#include "rules/ah1961/bot/setup.h"
#include "util/error.h"

namespace adjutant::bot::ah1961 {

namespace {

[[noreturn]] void no_orders(const Request& r, const std::vector<rules::OrderProblem>& refused) {
  std::string text;
  for (const auto& p : refused) text += "\n  " + p.text();
  throw Error("bot.no_orders",
              "the bot found no orders for " + r.side + " that the rules accept:" + text);
}

class Ah1961Generator : public OrderGenerator {
 public:
  Orders orders(const Request& r) const override {
    Position p(r.scenario, r.state, r.side, r.seed);
    Orders out;
    const auto phase = r.ruleset.current_phase(r.state);
    if (r.state.turn == 0) {
      Json body = setup_orders(p, phase.name);
      auto problems = r.ruleset.problems(r.state, body);
      if (!problems.empty()) no_orders(r, problems);
      out.body = body;
      return out;
    }
    r61::Emitter em(p.sc, p.g, r.state);
    r61::MovePhase ph;
    std::vector<Json> moves = plan_moves(p, em, ph);
    // Each refusal costs the moves it names, else the last one.
    for (;;) {
      Json body = compose(p, r.state, moves, out.refused);
      auto problems = r.ruleset.problems(r.state, body);
      if (problems.empty()) {
        out.body = body;
        return out;
      }
      out.refused.insert(out.refused.end(), problems.begin(), problems.end());
      if (moves.empty()) no_orders(r, out.refused);
      drop_refused(moves, problems);
    }
  }

 private:
  // The moves replayed in order (a move the rules refuse on the position
  // the earlier ones leave is dropped, its problems kept), then the battles.
  static Json compose(const Position& p, const model::State& state, std::vector<Json>& moves,
                      std::vector<rules::OrderProblem>& refused) {
    r61::Emitter em(p.sc, p.g, state);
    r61::MovePhase ph;
    std::vector<Json> kept;
    for (const auto& m : moves)
      if (play_move(em, ph, m, int(kept.size()) + 1, &refused)) kept.push_back(m);
    moves = kept;
    Position after(p.sc, em.state(), p.side, p.seed);
    return {{"moves", moves}, {"attacks", plan_attacks(after, em.board(), ph.moved)}};
  }
};

}  // namespace

std::unique_ptr<OrderGenerator> make_generator() {
  return std::make_unique<Ah1961Generator>();
}

}  // namespace adjutant::bot::ah1961
