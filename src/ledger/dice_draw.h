// Drawing tokens from a tin: k of n distinct items without replacement,
// from the dice of one adjudication (docs/protocol.md section 8a), and the
// salted commitments of fog-of-war games (section 10a).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ledger/dice.h"
#include "ledger/jcs.h"

namespace adjutant::ledger {

inline constexpr int kMaxDrawItems = 256;

// Draws k of the items 0..n-1 (1 <= n <= 256, 0 <= k <= n) by a partial
// Fisher-Yates shuffle: for j = 0 .. k-1, with r = n - j items left, a die
// with r sides (r >= 2) gives v and the items at j and j + v - 1 swap; when
// one item is left it is drawn without a die. Each die is an ordinary roll
// of section 8 (its rejection rule leaves no modulo bias), logged with
// `purpose`. Returns the drawn items in draw order. Error "dice.draw" for
// n or k out of range.
std::vector<int> draw(Dice& dice, int n, int k, const std::string& purpose);

// C = H(lp("adjutant-fog-v1/commit") || lp(kind) || salt || JCS(content)):
// the commitment to one hidden item (`salt` 32 bytes). Raw 32 bytes.
// Error "dice.input" for a salt that is not 32 bytes.
std::string commitment(const std::string& kind, std::string_view salt, const Json& content);

}  // namespace adjutant::ledger
