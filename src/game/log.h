// The hash-chained game log (DESIGN "The game archive"): each line is the
// canonical JSON of {"seq","prev","kind","body","sig"}; `prev` is the SHA-256
// of the previous line's bytes; `sig` signs the entry without `sig`.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "ledger/keys.h"

namespace adjutant::game {

// The canonical line of a new entry signed by `key`.
std::string make_entry_line(int seq, const std::string& prev, const std::string& kind,
                            const Json& body, const ledger::Signer& key);

// True when the entry's "sig" verifies with `public_raw` over
// PAE(log type, JCS(entry without sig)) and its keyid is exactly the key id
// of `public_raw`: the keyid is outside the signed bytes, so a keyid that
// names another key is refused, never carried along (docs/protocol.md 2).
bool entry_signature_valid(const LogEntry& entry, const std::string& public_raw);
// Why entry_signature_valid is false, for a message: "" when it is true.
std::string entry_signature_fault(const LogEntry& entry, const std::string& public_raw,
                                  const std::string& signer);
// The bytes an entry's signature is over, PAE(log type, JCS(entry without
// sig)), and the raw signature; false when its "sig" member is malformed.
bool entry_signed_parts(const LogEntry& entry, std::string& message, std::string& signature);

// Splits log.jsonl into entries, stopping at the first damaged line (not
// JSON, not canonical, without its newline) and reporting it in `bad_line`
// / `problem` (-1 and "" when the log is whole).
std::vector<LogEntry> read_log_partial(const fs::path& file, int& bad_line, std::string& problem);
// The same over log text in memory (`source` names it in messages).
std::vector<LogEntry> parse_log_text(const std::string& text, const std::string& source,
                                     int& bad_line, std::string& problem);
// Line `n` of log text, which begins at `pos` (< text.size()); `pos` moves
// past its newline. nullopt, with `problem` set, when the line is damaged.
std::optional<LogEntry> parse_log_line(const std::string& text, std::size_t& pos, int n,
                                       const std::string& source, std::string& problem);

// Appends lines atomically: the old log plus the new lines is written to a
// temporary file, fsynced and renamed, so a crash leaves old or new, never torn.
// Once renamed the lines are committed: a failed fsync of the folder after it
// comes back as a warning ("" when none), not an error.
[[nodiscard]] std::string append_log(const fs::path& file, const std::vector<std::string>& lines);

}  // namespace adjutant::game
