// A mailbox read one message at a time (docs/mail.md "Intake"): its
// messages are listed first (name and size only), then each is read alone,
// within a stated size limit, and handed on before the next is read; a
// message larger than the limit is never read, only its headers. A message
// that has been dealt with is set aside into the folder "adjutant-processed"
// (a maildir's DIR/.adjutant-processed/, an IMAP folder of that name), so the
// next run does not read it again; nothing is ever deleted.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace adjutant::mail {

// The largest message intake reads (the judge's and `mail fetch`'s): a
// result mail with its map and state is about 220 KB; an order file is at
// most 1 MiB.
inline constexpr std::size_t kMaxIntakeMessage = 16u << 20;
// The most of a message's header block read on its own.
inline constexpr std::size_t kMaxHeaderBytes = 64u << 10;
// Where processed mail goes: DIR/.adjutant-processed/ (a Maildir++ folder,
// which an IMAP server on the same maildir shows as "adjutant-processed"),
// or the IMAP folder of that name.
inline constexpr const char* kProcessedFolder = "adjutant-processed";

struct MessageRef {
  std::string source;          // "maildir new/1700000000.M1.host", "imap uid 7"
  std::filesystem::path file;  // a maildir's message file
  long uid = 0;                // an IMAP message's UID
  std::uintmax_t size = 0;     // its size as the mailbox tells it (0: unknown)
  bool over_limit = false;     // known to be larger than kMaxIntakeMessage
};

class Mailbox {
 public:
  virtual ~Mailbox() = default;
  // The messages not set aside, oldest first (a maildir's cur/ and new/ in
  // name order; IMAP by UID).
  virtual std::vector<MessageRef> list() = 0;
  // The whole message. Error "mail.too_large" (exit 1) when it is larger
  // than kMaxIntakeMessage (it is not read), an io or mail.imap_* error
  // (exit 4) when it cannot be read.
  virtual std::string read(const MessageRef& message) = 0;
  // Its header block only (at most kMaxHeaderBytes).
  virtual std::string headers(const MessageRef& message) = 0;
  // Moves it to the processed folder. Error "mail.set_aside" (exit 4).
  virtual void set_aside(const MessageRef& message) = 0;
  // Ends the run: IMAP restores the \Seen flags reading changed.
  virtual void finish() {}
};

// `box` with set_aside doing nothing: every message stays where it is (a
// judge's rehearsal, docs/judge.md "Dry run").
std::unique_ptr<Mailbox> kept_in_place(std::unique_ptr<Mailbox> box);

// Error "mail.maildir" (exit 4) when DIR has neither new/ nor cur/.
std::unique_ptr<Mailbox> open_maildir(const std::filesystem::path& dir);

// The header block of a message file (up to the first blank line, at most
// kMaxHeaderBytes). Error io.read (exit 4).
std::string read_headers(const std::filesystem::path& file);

// "larger than 16 MiB (N bytes): not read"
std::string too_large_text(std::uintmax_t size);

}  // namespace adjutant::mail
