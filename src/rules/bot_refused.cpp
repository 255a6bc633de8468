// What a generator keeps of its moves after the check refused some.
#include <set>

#include "rules/bot.h"

namespace adjutant::bot {

void drop_refused(std::vector<Json>& moves, const std::vector<rules::OrderProblem>& problems) {
  std::set<int> named;
  for (const auto& p : problems)
    if (p.order >= 1 && p.order <= int(moves.size())) named.insert(p.order);
  if (named.empty()) named.insert(int(moves.size()));
  std::vector<Json> kept;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (!named.count(int(i) + 1)) kept.push_back(moves[i]);
  moves = std::move(kept);
}

}  // namespace adjutant::bot
