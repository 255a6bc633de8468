#include "rules/bluegray/losses.h"

#include <algorithm>
#include <tuple>

namespace adjutant::rules::bluegray {

namespace {

// Above this many candidates the subset search gives way to strongest_first.
constexpr std::size_t kMaxSubsetSearch = 16;

int strength(const Board& board, const std::string& id) {
  return board.def(id)->strength;
}

std::vector<std::string> fewest_units(const Board& board, const std::vector<std::string>& pool,
                                      int required) {
  std::optional<std::tuple<std::size_t, int, std::vector<std::string>>> best;
  for (unsigned mask = 1; mask < (1u << pool.size()); ++mask) {
    std::vector<std::string> pick;
    int sum = 0;
    for (std::size_t i = 0; i < pool.size(); ++i)
      if (mask & (1u << i)) {
        pick.push_back(pool[i]);
        sum += strength(board, pool[i]);
      }
    if (sum < required) continue;
    std::sort(pick.begin(), pick.end());
    std::tuple<std::size_t, int, std::vector<std::string>> key{pick.size(), sum - required, pick};
    if (!best || key < *best) best = key;
  }
  return best ? std::get<2>(*best) : pool;
}

}  // namespace

std::vector<std::string> choose_losses(const Board& board, const std::vector<std::string>& exposed,
                                       int required, const std::vector<std::string>& preferred,
                                       const std::string& policy) {
  int total = 0;
  for (const auto& id : exposed) total += strength(board, id);
  if (total <= required || required <= 0)
    return required <= 0 ? std::vector<std::string>{} : exposed;
  std::vector<std::string> out;
  int sum = 0;
  for (const auto& id : preferred) {
    if (sum >= required) break;
    if (std::count(exposed.begin(), exposed.end(), id) && !std::count(out.begin(), out.end(), id)) {
      out.push_back(id);
      sum += strength(board, id);
    }
  }
  if (sum >= required) return out;
  std::vector<std::string> rest;
  for (const auto& id : exposed)
    if (!std::count(out.begin(), out.end(), id)) rest.push_back(id);
  if (policy == "fewest_units" && rest.size() <= kMaxSubsetSearch) {
    for (const auto& id : fewest_units(board, rest, required - sum)) out.push_back(id);
    return out;
  }
  bool weakest = policy == "weakest_first";
  std::sort(rest.begin(), rest.end(), [&](const std::string& x, const std::string& y) {
    int sx = strength(board, x), sy = strength(board, y);
    if (sx != sy) return weakest ? sx < sy : sx > sy;
    return x < y;
  });
  for (const auto& id : rest) {
    if (sum >= required) break;
    out.push_back(id);
    sum += strength(board, id);
  }
  return out;
}

void exchange_losses(Emitter& em, const AttackOrder& a, const std::string& n,
                     const std::vector<std::string>& exposed, int required) {
  Board board = em.board();
  std::string side = board.state().phase;
  std::string policy = standing_of(board.state(), side, board.numbers()).losses;
  auto lost = choose_losses(board, exposed, required, a.losses, policy);
  int sum = 0;
  for (const auto& id : lost) sum += strength(board, id);
  em.emit({{"type", "exchange"},
           {"combat", n},
           {"required", required},
           {"lost", lost},
           {"strength_lost", sum},
           {"choice", a.losses.empty() ? policy : "order"},
           {"rule", "8.3"}});
  for (const auto& id : lost) eliminate(em, id, "Ex in combat " + n, "8.3");
}

}  // namespace adjutant::rules::bluegray
