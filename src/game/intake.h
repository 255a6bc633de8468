// Taking an order file: the checks of DESIGN "Order files" in order
// (envelope, signature against the genesis key of the body's side, game,
// turn, phase, `after` equal to the log head, the reveal link), then the
// ruleset's own check. `check`, `adjudicate` and `verify` all run this.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "game/archive.h"
#include "game/entries.h"
#include "game/revisions.h"
#include "ledger/envelope.h"

namespace adjutant::game {

inline constexpr std::size_t kMaxOrderBytes = 1u << 20;

struct LatestReveal {
  std::uint32_t m = 0;
  std::string s;  // raw 32 bytes; the anchor when m == 0
};

struct Intake {
  Json envelope;  // as received
  Json body;
  std::string side;
  std::uint32_t m = 0;
  std::string s;      // the revealed link, raw
  Revision revision;  // protocol 2 (docs/protocol.md 5b)
  rules::Checked checked;
};

// `head` is the hash the orders must name in `after`; `known` the side's
// latest revealed link, `reveals` every party's. Throws Error (orders.*,
// envelope.*, json.*) or rules::OrdersRefused.
Intake take_orders(const Archive& archive, const model::State& state, const Json& envelope,
                   const std::string& source, const std::string& head,
                   const std::map<std::string, LatestReveal>& reveals);

// Reads an order file (1 MiB limit; a saved mail or an armored block too)
// into its envelope. Errors orders.too_large, orders.armor, json.*.
Json read_order_file(const fs::path& file);

}  // namespace adjutant::game
