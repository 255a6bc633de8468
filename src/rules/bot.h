// The bot's side of a ruleset: legal orders for one side in the current
// phase, from the state and a seed. A ruleset teaches the bot through an
// order generator of its own folder (src/rules/NAME/bot/), named in its
// package (rules/package.h); bot/play.h plays whole games with it. A tool
// for solo play, tests and benchmarks, not a strong player: the same state,
// side and seed always give the same orders.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/ruleset.h"

namespace adjutant::bot {

using ledger::Json;

// What a generator is asked: the orders of `side` in the state's phase.
struct Request {
  const rules::Ruleset& ruleset;
  // The hex scenario as the ruleset plays it (its version set); empty for a
  // ruleset with a scenario format of its own, whose generator asks the
  // ruleset for its scenario.
  const rules::hexmap::Scenario& scenario;
  const model::State& state;
  std::string side;
  std::uint64_t seed = 0;
};

// The orders, and the problems of every order the generator tried and the
// ruleset's check refused (a generator that knows its rules refuses none).
struct Orders {
  Json body = Json::object();
  std::vector<rules::OrderProblem> refused;
};

class OrderGenerator {
 public:
  virtual ~OrderGenerator() = default;
  // An order body (moves, attacks, standing: the ruleset's own fields, none
  // of the envelope's) that the ruleset's check accepts. Error bot.no_orders
  // when it finds none.
  virtual Orders orders(const Request& request) const = 0;
};

// `moves` without the moves the problems name (order n is moves[n-1]); the
// last move when they name none. A generator that retries without what the
// check refused calls it.
void drop_refused(std::vector<Json>& moves, const std::vector<rules::OrderProblem>& problems);

}  // namespace adjutant::bot
