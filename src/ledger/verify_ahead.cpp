#include "ledger/verify_ahead.h"

#include <system_error>

#include "ledger/keys.h"

namespace adjutant::ledger {

namespace {

thread_local VerifyAhead* in_force = nullptr;

}  // namespace

VerifyAhead::VerifyAhead(std::vector<SignatureJob> jobs, bool worker)
    : jobs_(std::move(jobs)), state_(new std::atomic<int>[jobs_.size()]) {
  for (std::size_t i = 0; i < jobs_.size(); ++i) {
    state_[i].store(kOpen);
    by_signature_.emplace(std::string_view(jobs_[i].signature), i);
  }
  if (worker && !jobs_.empty()) {
    try {
      worker_ = std::thread([this] { work(); });
    } catch (const std::system_error&) {
      // No thread to be had: every job is checked on demand instead.
    }
  }
  outer_ = in_force;
  in_force = this;
}

VerifyAhead::~VerifyAhead() {
  stop_.store(true);
  if (worker_.joinable()) worker_.join();
  in_force = outer_;
}

VerifyAhead* VerifyAhead::current() {
  return in_force;
}

// Checks job i unless someone has claimed it; true when this call checked
// it. A check that throws (no memory) gives the job back unchecked.
bool VerifyAhead::check_if_open(std::size_t i) {
  int expected = kOpen;
  if (!state_[i].compare_exchange_strong(expected, kRunning)) return false;
  const SignatureJob& j = jobs_[i];
  bool ok = false;
  try {
    // Not through verify_signature(): it would ask this VerifyAhead again.
    ok = verify_signature_now(j.public_raw, j.message, j.signature);
  } catch (...) {
    state_[i].store(kOpen);
    state_[i].notify_all();
    throw;
  }
  state_[i].store(ok ? kGood : kBad);
  state_[i].notify_all();
  return true;
}

// The asking thread checks a job the worker has not reached, waits for one
// the worker is checking, and checks itself one the worker gave back.
bool VerifyAhead::run(std::size_t i) {
  for (;;) {
    check_if_open(i);
    int s = state_[i].load();
    while (s == kRunning) {
      state_[i].wait(kRunning);
      s = state_[i].load();
    }
    if (s != kOpen) return s == kGood;
  }
}

void VerifyAhead::work() {
  try {
    for (std::size_t i = 0; i < jobs_.size() && !stop_.load(std::memory_order_relaxed); ++i)
      if (check_if_open(i)) ++by_worker_;
  } catch (...) {
    // The asking thread checks whatever is left.
  }
}

std::optional<bool> VerifyAhead::verdict(std::string_view public_raw, std::string_view message,
                                         std::string_view signature) {
  auto [from, to] = by_signature_.equal_range(signature);
  for (auto it = from; it != to; ++it) {
    const SignatureJob& j = jobs_[it->second];
    if (j.public_raw == public_raw && j.message == message) return run(it->second);
  }
  ++misses_;
  return std::nullopt;
}

}  // namespace adjutant::ledger
