#include "ledger/verify_ahead.h"

#include "ledger/keys.h"

namespace adjutant::ledger {

namespace {

thread_local VerifyAhead* in_force = nullptr;

}  // namespace

VerifyAhead::VerifyAhead(std::vector<SignatureJob> jobs) {
  add(std::move(jobs));
  outer_ = in_force;
  in_force = this;
}

VerifyAhead::~VerifyAhead() {
  in_force = outer_;
}

VerifyAhead* VerifyAhead::current() {
  return in_force;
}

void VerifyAhead::add(std::vector<SignatureJob> jobs) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& job : jobs) {
    Slot& slot = slots_.emplace_back();
    slot.job = std::move(job);
    by_signature_.emplace(std::string_view(slot.job.signature), &slot);
  }
}

// Checks a job unless someone has claimed it; true when this call checked
// it. A check that throws (no memory) gives the job back unchecked.
bool VerifyAhead::check_if_open(Slot& slot) {
  int expected = kOpen;
  if (!slot.state.compare_exchange_strong(expected, kRunning)) return false;
  const SignatureJob& j = slot.job;
  bool ok = false;
  try {
    // Not through verify_signature(): it would ask this VerifyAhead again.
    ok = verify_signature_now(j.public_raw, j.message, j.signature);
  } catch (...) {
    slot.state.store(kOpen);
    slot.state.notify_all();
    throw;
  }
  slot.state.store(ok ? kGood : kBad);
  slot.state.notify_all();
  return true;
}

// The asking thread checks a job the worker has not reached, waits for one
// the worker is checking, and checks itself one the worker gave back.
bool VerifyAhead::run(Slot& slot) {
  for (;;) {
    check_if_open(slot);
    int s = slot.state.load();
    while (s == kRunning) {
      slot.state.wait(kRunning);
      s = slot.state.load();
    }
    if (s != kOpen) return s == kGood;
  }
}

bool VerifyAhead::check_next() {
  for (;;) {
    Slot* slot = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (next_ >= slots_.size()) return false;
      slot = &slots_[next_++];
    }
    if (check_if_open(*slot)) {
      ++by_worker_;
      return true;
    }
  }
}

std::optional<bool> VerifyAhead::verdict(std::string_view public_raw, std::string_view message,
                                         std::string_view signature) {
  Slot* found = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [from, to] = by_signature_.equal_range(signature);
    for (auto it = from; it != to && !found; ++it)
      if (it->second->job.public_raw == public_raw && it->second->job.message == message)
        found = it->second;
  }
  if (found) return run(*found);
  ++misses_;
  return std::nullopt;
}

}  // namespace adjutant::ledger
