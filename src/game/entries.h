// Typed bodies of the log's entries (docs/protocol.md sections 4, 9, 9a).
// Every member is read through Fields with its type and range, so a signed
// but malformed entry is reported by its line and id (log.entry), never met
// as an exception of another kind deep inside a replay.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::game {

using ledger::Json;

// The largest seq, t, turn or count a log may hold.
inline constexpr long long kMaxCount = 1000000000LL;

struct LinkReveal {
  std::uint32_t m = 0;
  std::string s;  // raw 32 bytes
};

struct PartyReveal {
  std::string party;
  LinkReveal link;
};

struct AdjudicationBody {
  int t = 0;
  int turn = 0;
  std::string phase;
  int orders = 0;  // the log line of the orders (or NMR ruling) it adjudicates
  // Every orders (or NMR ruling) line it adjudicates: {orders} for a phase
  // of one mover, one per side of a simultaneous phase.
  std::vector<int> orders_lines;
  std::string adjudicator;
  LinkReveal reveal;
  std::vector<PartyReveal> reveals;
  std::string seed;  // hex
  Json rolls;        // each {"k","n","v","for"}, compared canonically
  std::vector<std::string> echo;
  Json events;        // an array of objects with a string "type"
  std::string state;  // hex SHA-256 of the state after
  std::string at;     // canonical RFC 3339 UTC
};

struct RulingBody {
  std::string ruling;  // "extend" or "nmr"
  int turn = 0;
  std::string phase;
  std::string side;
  std::string reason;
  std::string at;
  int hours = 0;         // extend: 1..8760
  std::string deadline;  // nmr: the deadline it relied on (protocol 9a)
};

struct EndBody {
  std::string reason;  // "concession"
  std::string side;
  std::string result;
  int turn = 0;
  std::string phase;
  std::string at;
};

// Each throws Error "log.entry" (exit 3) naming `where` and the member.
// With `copy_lists` false, read_adjudication checks "rolls" and "events"
// as ever but leaves them null in the result, for a reader that reads
// them in `body` itself.
AdjudicationBody read_adjudication(const Json& body, const std::string& where,
                                   bool copy_lists = true);
RulingBody read_ruling(const Json& body, const std::string& where);
EndBody read_end(const Json& body, const std::string& where);

// The time an entry records: genesis's "created", the "at" of an
// adjudication, ruling, end or sealed adjudication; "" for one without
// (orders) or when it is not a string.
std::string entry_time(const std::string& kind, const Json& body);

// The order envelope's body fields the log itself relies on (side and
// reveal), read leniently enough for a damaged entry to be reported by the
// intake checks at its own line: returns false when they are unreadable.
bool read_order_reveal(const Json& orders_entry_body, std::string& side, LinkReveal& reveal);

}  // namespace adjutant::game
