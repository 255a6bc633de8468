#include "game/read_ahead.h"

#include <iterator>
#include <optional>
#include <system_error>
#include <vector>

#include "game/log.h"
#include "game/signature_jobs.h"
#include "ledger/keys.h"

namespace adjutant::game {

namespace {

// How many lines the reader keeps read ahead of the one the replay asks for
// before it turns to the signatures.
constexpr std::size_t kLead = 2;

}  // namespace

ReadAhead::ReadAhead(const fs::path& dir, bool reader, bool drop_replayed)
    : source_((dir / "log.jsonl").string()), drop_(reader && drop_replayed) {
  if (reader) {
    // Made here, on the asking thread, so that it answers this thread's
    // verify_signature(); the reader thread adds to it and checks.
    signatures_ = std::make_unique<ledger::VerifyAhead>();
    try {
      // Started first: it loads OpenSSL while this thread reads genesis,
      // then checks the cards' signatures while this thread reads the
      // scenario.
      reader_ = std::thread([this] { work(); });
    } catch (const std::system_error&) {
      // No thread to be had: the asking thread reads, and checks every
      // signature when the replay asks.
    }
  }
  auto cards = [this](const LogEntry& genesis) {
    if (!reader_.joinable()) return;
    signatures_->add(genesis_signature_jobs(genesis));
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ++announced_;
    }
    more_.notify_all();
  };
  try {
    archive_ = Archive::open_genesis(dir, text_, pos_, cards);
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = pos_ >= text_.size();
    reading_ = reader_.joinable() && !done_;
    opened_ = true;
  } catch (...) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_.store(true);
    }
    more_.notify_all();
    if (reader_.joinable()) reader_.join();
    throw;
  }
  more_.notify_all();
}

ReadAhead::~ReadAhead() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_.store(true);
  }
  more_.notify_all();
  if (reader_.joinable()) reader_.join();
}

bool ReadAhead::read_next() {
  std::size_t n = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    n = lines_.size() + 1;
  }
  std::size_t began = pos_;
  std::optional<LogEntry> e;
  std::string problem;
  std::vector<ledger::SignatureJob> jobs;
  try {
    e = parse_log_line(text_, pos_, int(n), source_, problem);
    // The line's signatures are listed before the replay can ask for it.
    if (e && signatures_) entry_signature_jobs(archive_, *e, jobs);
  } catch (...) {
    pos_ = began;  // read again by whoever reads next
    throw;
  }
  if (!jobs.empty()) signatures_->add(std::move(jobs));
  std::lock_guard<std::mutex> lock(mutex_);
  if (e) {
    lines_.push_back(std::move(*e));
    done_ = pos_ >= text_.size();
  } else {
    done_ = true;
    bad_line_ = int(n);
    problem_ = std::move(problem);
  }
  if (done_) reading_ = false;
  more_.notify_all();
  return !done_;
}

void ReadAhead::work() {
  try {
    ledger::warm_up();
  } catch (...) {
    // Loaded again, and refused as ever, where it is used.
  }
  // Until genesis is read: the cards' signatures, as they are announced.
  // A check that throws (no memory) leaves them to the asking thread.
  bool more = true;
  bool checking = true;
  int seen = 0;
  for (;;) {
    try {
      if (checking && signatures_->check_next()) continue;
    } catch (...) {
      checking = false;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    more_.wait(lock, [&] { return opened_ || stop_.load() || announced_ != seen; });
    if (stop_.load()) return;
    if (opened_) {
      more = reading_;
      break;
    }
    seen = announced_;
  }
  std::size_t next = 1;  // the line this thread reads next
  try {
    while (!stop_.load(std::memory_order_relaxed)) {
      if (more && next <= wanted_.load() + kLead) {
        more = read_next();
        ++next;
      } else if (!signatures_->check_next()) {
        if (!more) break;
        more = read_next();
        ++next;
      }
    }
  } catch (...) {
    // The asking thread reads the rest and checks what is left.
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    reading_ = false;
  }
  more_.notify_all();
  if (drop_) drop_replayed();
}

void ReadAhead::drop_replayed() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    // Line n (lines_[n - 1]) is done with once line n + 1 is asked for; it
    // is dropped once line n + 2 is, and the last line read stays for
    // finish() to name the head.
    std::size_t wanted = wanted_.load();
    std::size_t upto =
        finished_ ? lines_.size()
                  : std::min(lines_.empty() ? 0 : lines_.size() - 1, wanted >= 2 ? wanted - 2 : 0);
    if (dropped_ < upto) {
      std::vector<LogEntry> gone;
      for (; dropped_ < upto; ++dropped_) gone.push_back(std::move(lines_[dropped_]));
      lock.unlock();
      gone.clear();  // here, not under the lock
      lock.lock();
      continue;
    }
    if (stop_.load() || finished_) return;
    more_.wait(lock);
  }
}

const LogEntry* ReadAhead::line(std::size_t n) {
  wanted_.store(n);
  if (drop_) more_.notify_all();
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (n >= 1 && n - 1 < lines_.size()) return &lines_[n - 1];
    if (done_) return nullptr;
    if (reading_) {
      more_.wait(lock);
      continue;
    }
    lock.unlock();
    read_next();
    lock.lock();
  }
}

void ReadAhead::finish() {
  std::vector<LogEntry> read;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    log_lines_ = archive_.log().size() + lines_.size();
    head_ = lines_.empty() ? archive_.head() : lines_.back().hash;
    if (drop_ && reader_.joinable()) {
      finished_ = true;
    } else {
      read.assign(std::make_move_iterator(lines_.begin()), std::make_move_iterator(lines_.end()));
      lines_.clear();
    }
  }
  more_.notify_all();
  archive_.extend_log(std::move(read));
}

}  // namespace adjutant::game
