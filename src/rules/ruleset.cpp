#include "rules/ruleset.h"

namespace adjutant::rules {

std::vector<OrderProblem> Ruleset::problems(const model::State& state, const Json& orders) const {
  try {
    check(state, orders, "orders");
    return {};
  } catch (const OrdersRefused& e) {
    return e.problems();
  }
}

}  // namespace adjutant::rules
