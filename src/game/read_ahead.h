// An archive's log read while it is replayed. A verify opens the archive
// with only its genesis line read; a reader thread, started first, loads
// OpenSSL meanwhile (ledger::warm_up) and checks the player cards'
// signatures while the scenario is read, then reads the other lines in turn,
// finds the signatures each holds and checks them (ledger::VerifyAhead),
// staying a line or two ahead of the replay and spending the rest of its
// time on the signatures. The replay asks for line n and gets the very
// entry a whole read would have given (game/log.h parse_log_line), so it
// reports the same first bad line: only the wall time changes. Without a
// reader thread (none asked for, or none to be had) the asking thread reads
// each line when it asks for it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "game/archive.h"
#include "ledger/verify_ahead.h"

namespace adjutant::game {

class ReadAhead {
 public:
  // Opens `dir` (Archive::open_genesis; throws as Archive::open_partial
  // does). With `reader`, starts the reader thread, which also checks the
  // signatures; without, checks none ahead. With `drop_replayed` as well,
  // the reader thread drops each line once the replay has asked for the one
  // after it, and every line at finish(), so the replay's thread never
  // spends its time on that; the archive then keeps only genesis.
  ReadAhead(const fs::path& dir, bool reader, bool drop_replayed = false);
  ~ReadAhead();
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  // The archive, holding the genesis line until finish().
  Archive& archive() { return archive_; }

  // Line n (n >= 1), read; nullptr when the log ends before it or line n
  // is damaged (bad_line() says which). Waits for the reader when it has
  // not reached the line. Asks for lines in order, from one thread.
  const LogEntry* line(std::size_t n);
  // The first damaged line (-1 when none) and what is wrong with it, once
  // line() has returned nullptr.
  int bad_line() const { return bad_line_; }
  const std::string& problem() const { return problem_; }

  // Once line() has returned nullptr: hands every line read to the archive,
  // whose log() is then what Archive::open_partial would have read (or,
  // dropping them, leaves them to the reader thread to drop).
  void finish();
  // Once finished: the lines read, genesis included, and the hash of the
  // last (the log's head, as Archive::head()).
  std::size_t log_lines() const { return log_lines_; }
  const std::string& head() const { return head_; }

 private:
  bool read_next();  // reads the next line; false at the end or a damaged one
  void work();
  // Drops the lines the replay is done with (every line once finished),
  // until stopped or finished; the reader thread's last task.
  void drop_replayed();

  Archive archive_;
  std::string text_;
  std::string source_;
  std::size_t pos_ = 0;  // where the next line begins; only the reading thread
  std::unique_ptr<ledger::VerifyAhead> signatures_;

  // guards lines_, announced_, opened_, done_, reading_, bad_line_, problem_
  std::mutex mutex_;
  std::condition_variable more_;
  std::deque<LogEntry> lines_;  // lines 1, 2, ... read so far
  bool done_ = false;           // the log read to its end or its first damaged line
  int announced_ = 0;           // times signatures were added before opened_
  bool opened_ = false;         // genesis read: the reader may start
  bool reading_ = false;        // the reader thread reads (else the asking thread does)
  int bad_line_ = -1;
  std::string problem_;
  std::atomic<std::size_t> wanted_{1};  // the line the replay asks for
  const bool drop_ = false;
  std::size_t dropped_ = 0;  // lines_[0, dropped_) are dropped; the reader thread's
  bool finished_ = false;    // finish() was called
  std::size_t log_lines_ = 0;
  std::string head_;
  std::atomic<bool> stop_{false};
  std::thread reader_;
};

}  // namespace adjutant::game
