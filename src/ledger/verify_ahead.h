// Signatures checked ahead of need. A verify knows every signature an archive
// holds before it replays its first line: a worker thread checks them in log
// order while the replay does the rules' work, and verify_signature() on the
// thread that made the VerifyAhead answers from the worker's verdict when it
// is asked about the very same key, message and signature. A verdict is a
// function of those three byte strings alone, so every answer, and so the
// first problem a verify names, is the same as checking each in turn; only
// the wall time changes.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace adjutant::ledger {

struct SignatureJob {
  std::string public_raw;  // 32 bytes
  std::string message;     // the bytes signed (PAE of type and payload)
  std::string signature;   // 64 bytes
};

class VerifyAhead {
 public:
  // Checks `jobs` on a worker thread when `worker` is true (the calling
  // thread checks any the worker has not reached when it asks); without a
  // worker every job is checked on demand, each once.
  explicit VerifyAhead(std::vector<SignatureJob> jobs, bool worker = true);
  ~VerifyAhead();
  VerifyAhead(const VerifyAhead&) = delete;
  VerifyAhead& operator=(const VerifyAhead&) = delete;

  // The one in force on this thread (the latest made on it), or nullptr.
  static VerifyAhead* current();

  // The verdict for one of the jobs, or nullopt when these bytes are not one.
  std::optional<bool> verdict(std::string_view public_raw, std::string_view message,
                              std::string_view signature);

  // How many jobs the worker checked (the rest were checked on demand or never asked).
  int checked_by_worker() const { return by_worker_.load(); }
  // How many questions were about bytes that are not one of the jobs.
  int misses() const { return misses_; }

 private:
  enum : int { kOpen = 0, kRunning = 1, kGood = 2, kBad = 3 };
  bool check_if_open(std::size_t i);
  bool run(std::size_t i);
  void work();

  std::vector<SignatureJob> jobs_;
  std::unique_ptr<std::atomic<int>[]> state_;
  std::multimap<std::string_view, std::size_t> by_signature_;
  std::atomic<bool> stop_{false};
  std::atomic<int> by_worker_{0};
  int misses_ = 0;  // asked on the owning thread only
  VerifyAhead* outer_ = nullptr;
  std::thread worker_;
};

}  // namespace adjutant::ledger
