#include "ledger/dice_draw.h"

#include <utility>

#include "ledger/digest.h"
#include "util/error.h"

namespace adjutant::ledger {

std::vector<int> draw(Dice& dice, int n, int k, const std::string& purpose) {
  if (n < 1 || n > kMaxDrawItems || k < 0 || k > n)
    throw Error("dice.draw", "a draw takes k of n items with 1 <= n <= 256 and 0 <= k <= n, not " +
                                 std::to_string(k) + " of " + std::to_string(n));
  std::vector<int> items(std::size_t(n), 0);
  for (int i = 0; i < n; ++i) items[std::size_t(i)] = i;
  for (int j = 0; j < k; ++j) {
    int left = n - j;
    if (left < 2) break;  // the last item is drawn without a die
    int v = dice.roll(left, purpose);
    std::swap(items[std::size_t(j)], items[std::size_t(j + v - 1)]);
  }
  items.resize(std::size_t(k));
  return items;
}

std::string commitment(const std::string& kind, std::string_view salt, const Json& content) {
  if (salt.size() != 32)
    throw Error("dice.input",
                "a commitment's salt is 32 bytes, not " + std::to_string(salt.size()));
  std::string pre =
      lp("adjutant-fog-v1/commit") + lp(kind) + std::string(salt) + canonical(content);
  return sha256(pre);
}

}  // namespace adjutant::ledger
