// What `adjutant mail fetch` has already reported refused, so that mail left
// in the mailbox (another game's orders, a message too large to read, mail
// read with --keep) is not reported again at every run (docs/mail.md
// "Refusals once"). GAME/mail/refusals.jsonl holds one canonical JSON line a
// refusal: its key, id, and where it was found; it is rewritten atomically,
// only when a refusal is new, by a run holding the game's lock.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "mail/order_intake.h"

namespace adjutant::mail {

// The key of a refusal: the SHA-256 (32 hex) of the message's identity (its
// Message-ID, else the SHA-256 of its header block), where in it the
// refusal is, and the refusal's id. Mail moved within a mailbox (new/ to
// cur/, another IMAP folder) keeps its key.
std::string refusal_key(const std::string& message_identity, const Intake& refusal);

// A message's identity from its header block.
std::string message_identity(const std::string& headers);
// The header block of a raw message (up to its first blank line).
std::string header_block(const std::string& raw);

class RefusalRecord {
 public:
  // An empty record when GAME/mail/refusals.jsonl is missing; lines that
  // cannot be read are dropped (the record only spares repetition).
  static RefusalRecord load(const std::filesystem::path& game);
  // Sets `again` on each refusal with a key already recorded, and records the others.
  void mark(std::vector<Intake>& intakes);
  // Atomic, and only when a refusal was added. Error io.write.
  void save(const std::filesystem::path& game) const;

 private:
  std::set<std::string> keys_;
  std::vector<std::string> lines_;
  bool changed_ = false;
};

}  // namespace adjutant::mail
