// Taking an order file: the checks of DESIGN "Order files" in order
// (envelope, signature against the genesis key of the body's side, game,
// turn, phase, `after` equal to the log head, the reveal link), then the
// ruleset's own check. `check`, `adjudicate` and `verify` all run this.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "game/archive.h"
#include "ledger/envelope.h"

namespace adjutant::game {

inline constexpr const char* kOrdersFormat = "adjutant-orders/1";
inline constexpr std::size_t kMaxOrderBytes = 1u << 20;

struct LatestReveal {
  std::uint32_t m = 0;
  std::string s;  // raw 32 bytes; the anchor when m == 0
};

// Each party's latest revealed chain link in log lines [0, upto).
std::map<std::string, LatestReveal> reveals_before(const Archive& archive, int upto);

struct Intake {
  Json envelope;  // as received
  Json body;
  std::string side;
  std::uint32_t m = 0;
  std::string s;  // the revealed link, raw
  rules::Checked checked;
};

// `head` is the hash the orders must name in `after`; `upto` the log line
// they would occupy. Throws Error (orders.*, envelope.*, json.*) or
// rules::OrdersRefused.
Intake take_orders(const Archive& archive, const model::State& state, const Json& envelope,
                   const std::string& source, const std::string& head, int upto);

// Reads an order file from disk (1 MiB limit) and runs take_orders against
// the archive's current head and state.
Intake take_order_file(const Archive& archive, const model::State& state, const fs::path& file);

}  // namespace adjutant::game
