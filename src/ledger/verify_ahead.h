// Signatures checked ahead of need. A verify finds the signatures an
// archive holds as it reads its log, ahead of the replay: a checking thread
// (game/read_ahead.h's reader) hands them over with add() and checks them in
// log order with check_next() while the replay does the rules' work, and
// verify_signature() on the thread that made the VerifyAhead answers from
// that verdict when it is asked about the very same key, message and
// signature. A verdict is a function of those three byte strings alone, so
// every answer, and so the first problem a verify names, is the same as
// checking each in turn; only the wall time changes.
#pragma once

#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace adjutant::ledger {

struct SignatureJob {
  std::string public_raw;  // 32 bytes
  std::string message;     // the bytes signed (PAE of type and payload)
  std::string signature;   // 64 bytes
};

class VerifyAhead {
 public:
  // In force on the calling thread until destroyed. A job no checking
  // thread has reached is checked by the asking thread when it asks; each
  // job is checked once.
  explicit VerifyAhead(std::vector<SignatureJob> jobs = {});
  ~VerifyAhead();
  VerifyAhead(const VerifyAhead&) = delete;
  VerifyAhead& operator=(const VerifyAhead&) = delete;

  // The one in force on this thread (the latest made on it), or nullptr.
  static VerifyAhead* current();

  // The verdict for one of the jobs, or nullopt when these bytes are not one.
  std::optional<bool> verdict(std::string_view public_raw, std::string_view message,
                              std::string_view signature);

  // More jobs, from any thread: a reader that finds the signatures as it
  // reads (game/read_ahead.h) hands them over line by line.
  void add(std::vector<SignatureJob> jobs);
  // Checks the first job in log order that nobody has claimed; false when
  // there is none. For one checking thread only.
  bool check_next();

  // How many jobs check_next() checked (the rest were checked on demand or never asked).
  int checked_by_worker() const { return by_worker_.load(); }
  // How many questions were about bytes that are not one of the jobs.
  int misses() const { return misses_; }

 private:
  enum : int { kOpen = 0, kRunning = 1, kGood = 2, kBad = 3 };
  struct Slot {
    SignatureJob job;
    std::atomic<int> state{kOpen};
  };
  bool check_if_open(Slot& slot);
  bool run(Slot& slot);

  // A deque never moves what it holds: a slot found under the lock is used
  // after it.
  std::deque<Slot> slots_;
  std::multimap<std::string_view, Slot*> by_signature_;
  mutable std::mutex mutex_;  // guards slots_ (its size) and by_signature_
  std::size_t next_ = 0;      // check_next()'s place, on the checking thread
  std::atomic<int> by_worker_{0};
  int misses_ = 0;  // asked on the owning thread only
  VerifyAhead* outer_ = nullptr;
};

}  // namespace adjutant::ledger
