#include "rules/bluegray/bot/generator.h"

#include <set>

#include "rules/bluegray/arrivals.h"
#include "rules/bluegray/bot/attacks.h"
#include "rules/bluegray/bot/moves.h"
#include "rules/bluegray/bot/situation.h"
#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/movement.h"
#include "rules/bluegray/orders.h"
#include "util/error.h"

namespace adjutant::bot::bluegray {

namespace {

namespace bg = rules::bluegray;

bg::MoveOrder move_order(const Json& j, int index) {
  bg::MoveOrder m;
  m.index = index;
  m.unit = j.at("unit").get<std::string>();
  if (j.contains("enter")) m.enter = j["enter"].get<std::string>();
  if (j.contains("to")) m.to = j["to"].get<std::string>();
  if (j.contains("path")) m.path = j["path"].get<std::vector<std::string>>();
  m.exit = j.value("exit", false);
  return m;
}

// 11.2, 8.6: the seed's standing orders; retreats away from the enemy.
Json standing(const Temper& t) {
  bg::Standing s;
  s.cavalry_evade = t.cavalry_evade;
  s.advance = t.advance;
  return s.to_json();
}

class BlueGrayGenerator : public OrderGenerator {
 public:
  Orders orders(const Request& r) const override {
    Situation s(r.scenario, r.state, r.side, r.seed);
    std::vector<Json> moves = plan_moves(s);
    Orders out;
    // Each refusal costs the moves it names, else the last one.
    for (;;) {
      Json body = compose(s, moves, out.refused);
      auto problems = r.ruleset.problems(r.state, body);
      if (problems.empty()) {
        out.body = body;
        return out;
      }
      out.refused.insert(out.refused.end(), problems.begin(), problems.end());
      if (moves.empty()) {
        std::string text;
        for (const auto& p : out.refused) text += "\n  " + p.text();
        throw Error("bot.no_orders",
                    "the bot found no orders for " + r.side + " that the rules accept:" + text);
      }
      drop_refused(moves, problems);
    }
  }

 private:
  // The order body for `moves` as the movement phase will play them: each
  // checked against the position the earlier ones left (a move the rules
  // refuse is dropped and its problem kept), then the attacks of the
  // position after 14.33 and 10.2.
  static Json compose(const Situation& s, std::vector<Json>& moves,
                      std::vector<rules::OrderProblem>& refused) {
    bg::Emitter em(s.sc, s.state);
    bg::EntryColumns entered;
    std::vector<Json> kept;
    for (const auto& j : moves) {
      bg::Problems problems;
      auto pm = bg::check_move(em.board(), move_order(j, int(kept.size()) + 1), s.night, entered,
                               problems);
      if (!pm) {
        refused.insert(refused.end(), problems.begin(), problems.end());
        continue;
      }
      if (pm->enter) entered[pm->path.front()].push_back(pm->unit);
      bg::execute_move(em, *pm);
      kept.push_back(j);
    }
    moves = kept;
    bg::reschedule_blocked(em, s.side);
    if (!s.night) bg::retreat_ineffective(em, s.side);
    Json body = {{"moves", moves},
                 {"attacks", s.night ? std::vector<Json>{} : plan_attacks(em.board(), s.side)}};
    Json wanted = standing(s.temper);
    if (bg::standing_of(s.state, s.side, s.sc.numbers()).to_json() != wanted)
      body["standing"] = wanted;
    return body;
  }
};

}  // namespace

std::unique_ptr<OrderGenerator> make_generator() {
  return std::make_unique<BlueGrayGenerator>();
}

}  // namespace adjutant::bot::bluegray
