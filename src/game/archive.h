// A game archive on disk (DESIGN "The game archive"): game.json (genesis),
// scenario.json (the pinned scenario), log.jsonl (the hash-chained log),
// state.json (a cache of the current state), turns/, inbox/, .secret/.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/ruleset.h"

namespace adjutant::game {

using ledger::Json;
namespace fs = std::filesystem;

// The protocol a game follows is its genesis format (docs/protocol.md 3b):
// version 1 as first published; version 2 adds order revisions (5b), time
// checks (4) and, under fog of war, dice hidden from the sides until the
// end (10a). `new` makes games of the latest; every version verifies.
inline constexpr const char* kGameFormat = "adjutant-game/1";
inline constexpr const char* kGameFormat2 = "adjutant-game/2";
inline constexpr int kLatestProtocol = 2;

// The protocol version of a genesis body by its format: 1 or 2, 0 for none.
int protocol_of(const Json& genesis);
// The genesis format of a protocol version.
const char* game_format(int protocol);

inline constexpr const char* kZeroHash =
    "0000000000000000000000000000000000000000000000000000000000000000";

// One line of log.jsonl: {"seq","prev","kind","body","sig"}.
struct LogEntry {
  int seq = 0;
  std::string prev;
  std::string kind;  // genesis, orders, adjudication, ruling, end
  Json body;
  Json sig;
  std::string line;  // the exact bytes of the line, without the newline
  std::string hash;  // hex SHA-256 of `line`
};

// A party of the game: a player (id = side) or the umpire (id "umpire").
struct Party {
  std::string id;
  std::string name;
  std::string email;
  std::string public_key;  // raw 32 bytes
  std::string key_id;
  std::string anchor;  // s_0, raw 32 bytes
  std::uint32_t chain_length = 0;
};

// One adjudication, as read back from the log (no verification).
struct Adjudication {
  int t = 0;           // 1, 2, ... over the whole game
  int seq = 0;         // its log line
  int orders_seq = 0;  // the orders line it adjudicated
  int turn = 0;
  std::string phase;
  std::string adjudicator;
  std::string at;  // time recorded in the entry (RFC 3339, UTC)
  Json orders;     // the order body
  Json events;
  Json rolls;
  std::vector<std::string> echo;
  model::State before;
  model::State after;
  std::string folder_name() const;  // "001-confederate"
};

// The state after an adjudication's events: the ruleset applies them and the
// pipeline counts the adjudication (State::adjudications is t).
model::State apply_adjudication(const rules::Ruleset& ruleset, const model::State& before,
                                const Json& events);

// A phase's orders resolved, as adjudicate appends them and verify
// recomputes them: the events and the state after them (counted as
// apply_adjudication counts it). `orders` are in the order of the sides
// the phase waits on.
rules::Adjudicated resolve_phase(const rules::Ruleset& ruleset, const model::State& state,
                                 const std::vector<rules::SideOrders>& orders, ledger::Dice& dice);

// The ruleset id and version genesis pins; Error "log.malformed" (exit 3)
// when genesis does not say.
std::pair<std::string, int> pinned_ruleset(const Json& genesis, const std::string& source);

class Archive {
 public:
  // Reads and parses the files; does not verify (see verify.h).
  static Archive open(const fs::path& dir);
  // As open, but keeps the lines before the first damaged one and reports it
  // (bad_line -1 when the log is whole), so verify can name it.
  static Archive open_partial(const fs::path& dir, int& bad_line, std::string& problem);
  // As open_partial, but reads only the genesis line: `text` receives the
  // whole log and `rest` where its line 1 begins, for the caller to read the
  // other lines in turn (game/read_ahead.h) and hand them to extend_log().
  // `read` is called with the genesis entry as soon as it is read, before
  // the scenario is.
  static Archive open_genesis(const fs::path& dir, std::string& text, std::size_t& rest,
                              const std::function<void(const LogEntry&)>& read = {});
  // Appends entries read after the archive was opened (game/read_ahead.h).
  void extend_log(std::vector<LogEntry> lines);
  // An archive with no folder (the player page): the log as text and the
  // scenario as parsed; check_genesis then has no game.json to compare.
  // Errors as open's.
  static Archive in_memory(const std::string& log_text, Json scenario);
  bool in_memory() const { return in_memory_; }

  // A copy holding `lines` (canonical entry lines) after the log, as if
  // they were appended: what adjudicate draws its outputs from before it
  // commits. Throws Error log.malformed for a line that is not an entry.
  Archive with_lines(const std::vector<std::string>& lines) const;
  // A copy holding only the first `lines` lines of the log: what verified of
  // a log that fails further on.
  Archive prefix(int lines) const;

  const fs::path& dir() const { return dir_; }
  const Json& genesis() const { return genesis_; }         // the genesis body
  const std::string& game_id() const { return game_id_; }  // hex H(JCS(genesis body))
  // The protocol version genesis pins (protocol_of); 1 for a genesis that
  // names none, which check_genesis refuses.
  int protocol() const;
  // Why genesis's cards could not be read ("" when they could): open()
  // refuses such an archive, open_partial() leaves it to verify to report.
  const std::string& genesis_problem() const { return genesis_problem_; }
  std::string name() const;  // the game's name from genesis
  // scenario.json as parsed, and its canonical SHA-256 (hex), for every ruleset.
  const Json& scenario_json() const { return scenario_json_; }
  const std::string& scenario_sha256() const { return scenario_sha256_; }
  const rules::Ruleset& ruleset() const { return *ruleset_; }
  const std::vector<LogEntry>& log() const { return log_; }
  std::string head() const { return log_.empty() ? kZeroHash : log_.back().hash; }
  bool has_umpire() const;
  // Players in ascending id order, then the umpire; read and their cards'
  // signatures checked once, when the archive is opened.
  const std::vector<Party>& parties() const { return parties_; }
  std::optional<Party> party(const std::string& id) const;
  // Who adjudicates orders of `side`: the ruleset decides (for the hex
  // rulesets the umpire, or else the other side).
  std::string adjudicator_for(const std::string& side) const;
  int deadline_hours() const;

  // Every adjudication in log order with the states before and after it,
  // computed by applying the logged events (fast, for reading a verified
  // archive; Replay re-adjudicates). Error log.entry for a malformed entry.
  std::vector<Adjudication> adjudications() const;
  // The state after log line `seq` (-1: the latest), by applying the logged
  // events. Error replay.bad_line when seq is outside the log.
  model::State state_at(int seq = -1) const;

 private:
  // The archive around a log already read (bad_line as open_partial's).
  static Archive from_log(const fs::path& dir, std::vector<LogEntry> log, int bad_line,
                          const std::string& problem);
  // The archive around a log whose line 0 is genesis and its scenario.
  static Archive from_parts(const fs::path& dir, std::vector<LogEntry> log, Json scenario);

  fs::path dir_;
  Json genesis_;
  std::string game_id_;
  std::vector<Party> parties_;
  std::string genesis_problem_;
  Json scenario_json_;
  std::string scenario_sha256_;
  std::shared_ptr<rules::Ruleset> ruleset_;
  std::vector<LogEntry> log_;
  bool in_memory_ = false;
};

}  // namespace adjutant::game
