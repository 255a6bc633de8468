// Order files out of incoming mail: every JSON envelope attached, and every
// armored block in a text body, checked against the game (its id, the genesis
// key of the body's side, the current log head) and filed in inbox/ under a
// name made from its content hash, never overwriting a file.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "game/archive.h"
#include "mail/mime_parse.h"

namespace adjutant::mail {

// What intake needs to know about the game.
struct IntakeContext {
  std::string game_id;
  std::string head;                              // hash of the last log line
  std::map<std::string, std::string> side_keys;  // side -> raw Ed25519 public key
  std::filesystem::path inbox;
};

// `after`: the head order files must name (Replay::expected_after(); ""
// is the log head).
IntakeContext intake_context(const game::Archive& archive, const std::string& after = "");

// One order file found in one message and what became of it.
struct Intake {
  std::string source;  // "maildir new/1700000000.M1.host" or "imap uid 3"
  std::string where;   // "attachment orders.json", "armored block 1 in part 1"
  std::string id;      // "filed" or an error id: mail.bad_signature, mail.stale, ...
  std::string detail;
  std::string side;
  std::string filed;  // the inbox file name when filed
  // What names a refusal across runs (mail/refusal_record.h): "" when it
  // is not remembered; `again` when an earlier run reported it.
  std::string key{};
  bool again = false;
  bool ok() const { return id == "filed"; }
};

// One order file as a message carries it, not yet checked.
struct OrderText {
  std::string where;  // "attachment orders.json", "armored block 1 in part 1"
  std::string text;
};

// The order files of a parsed message: every JSON envelope attached, every
// armored block of a text part. A part that should hold one but cannot be
// read is an Intake "mail.unreadable" in `problems`.
std::vector<OrderText> find_orders(const MimePart& message, std::vector<Intake>& problems,
                                   const std::string& source);

// The game id an order file's body names, "" when it cannot be read as one.
std::string order_game(const OrderText& order);

// Checks one order file against the game and files it (see the top).
Intake file_order(const IntakeContext& ctx, const OrderText& order, const std::string& source);

// Reads one raw message and files its order files; a message holding none
// gives one Intake with id mail.no_orders.
std::vector<Intake> take_orders(const IntakeContext& ctx, std::string_view raw_message,
                                const std::string& source);

// The inbox name of an envelope: "<side>-<first 16 hex of SHA-256 of its JCS>.json".
std::string inbox_name(const std::string& side, const std::string& canonical_envelope);

}  // namespace adjutant::mail
