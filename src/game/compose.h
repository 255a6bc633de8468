// The lines each write appends to a game's log (docs/protocol.md 4, 9, 9a),
// composed in memory from a game verified to its head and the party that
// writes them. The command line commits them to the archive folder
// (game/caches.h: adjudicate, ruling, concede); the player page appends
// them to the copy it holds. Nothing here reads a file, a key or a clock:
// the writer brings its signer, its dice-chain links and the time.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/intake.h"
#include "game/replay.h"
#include "ledger/keys.h"

namespace adjutant::game {

struct Writer {
  const Archive& archive;
  const Replay& replay;  // verified to the log's head
  std::string party;     // who signs: the phase's adjudicator, or a conceding side
  const ledger::Signer& signer;
  // The writer's dice-chain link s_i, for an adjudication's reveal (only
  // asked when the writer adjudicates); Error chain.exhausted past its length.
  std::function<std::string(std::uint32_t)> link;
  std::string at;  // the time to record, canonical RFC 3339
};

// The orders line of `in` (a file take_orders accepted against the replay's
// phase) and, when it is the last file the phase waits on, its adjudication.
std::vector<std::string> orders_lines(const Writer& w, const Intake& in);

// A `ruling` giving `side` (the mover awaited) `hours` more.
std::vector<std::string> extend_lines(const Writer& w, int hours, const std::string& reason,
                                      const std::string& side);

// A `ruling` of no moves received from `side` and, when the phase then has
// every file, its adjudication of the empty orders. Errors
// ruling.before_deadline (the writer's time is before the phase's
// deadline) and ruling.nmr_refused (the rules allow no empty player-turn).
std::vector<std::string> nmr_lines(const Writer& w, const std::string& reason,
                                   const std::string& side);

// The `end` entry of the writer's side conceding.
std::vector<std::string> concession_lines(const Writer& w);

// The body of the adjudication of the phase's files `orders` (in the order
// of the sides it waits on; `orders_lines` their log lines) by `id`,
// revealing its link i = its latest + 1 from `link`.
Json adjudication_body(const Archive& archive, const model::State& state,
                       const std::vector<rules::SideOrders>& orders,
                       const std::vector<int>& orders_lines,
                       const std::map<std::string, LatestReveal>& reveals, const std::string& id,
                       const std::function<std::string(std::uint32_t)>& link,
                       const std::string& at);

}  // namespace adjutant::game
