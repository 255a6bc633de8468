#include "game/bench.h"

#include <algorithm>
#include <chrono>

#include "game/archive.h"
#include "game/log.h"
#include "game/replay.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"

namespace adjutant::game {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// What no verifier can skip: hashing every line for the chain and checking
// every signature once (each card's, each entry's, each order file's), with
// the canonical bytes each is over. The signer is found by key id, so each
// signature costs exactly one check.
int crypto_floor(const Archive& a) {
  auto key_of = [&](const std::string& key_id) -> const Party* {
    for (const auto& p : a.parties())
      if (p.key_id == key_id) return &p;
    return nullptr;
  };
  int good = 0;
  for (const auto& card : a.genesis()["cards"]) {
    auto env = ledger::parse_envelope(card, "card");
    const Party* p = key_of(env.signatures.at(0).first);
    good += p && ledger::verify_envelope(env, ledger::kCardType, p->public_key);
  }
  for (const auto& e : a.log()) {
    good += ledger::sha256(e.line).size() == 32;
    const Party* p = key_of(e.sig.value("keyid", ""));
    good += p && entry_signature_valid(e, p->public_key);
    if (e.kind == "orders") {
      auto env = ledger::parse_envelope(e.body, "orders");
      const Party* q = key_of(env.signatures.at(0).first);
      good += q && ledger::verify_envelope(env, ledger::kOrdersType, q->public_key);
    }
  }
  return good;
}

}  // namespace

VerifyTiming time_verify(const std::filesystem::path& dir, int runs) {
  VerifyTiming t;
  t.name = dir.filename().string();
  t.verify_ms = 1e30;
  t.floor_ms = 1e30;
  std::vector<double> per_line;
  for (int run = 0; run < runs; ++run) {
    auto start = Clock::now();
    Archive a = Archive::open(dir);
    check_genesis(a);
    Replay replay(a);
    std::vector<double> lines(a.log().size(), 0.0);
    std::vector<double> turns;
    double pending = 0;
    for (std::size_t n = 1; n < a.log().size(); ++n) {
      auto step = Clock::now();
      replay.step(a.log()[n]);
      double ms = ms_since(step);
      lines[n] = ms;
      const std::string& kind = a.log()[n].kind;
      if (kind == "orders" || kind == "ruling") pending += ms;
      if (kind == "adjudication") {
        turns.push_back(pending + ms);
        pending = 0;
      }
    }
    double total = ms_since(start);
    if (total < t.verify_ms) {
      t.verify_ms = total;
      t.turn_ms = turns;
      per_line = lines;
    }
    t.lines = int(a.log().size());
    t.adjudications = replay.adjudications();
    Archive b = Archive::open(dir);
    auto floor_start = Clock::now();
    volatile int checked = crypto_floor(b);
    (void)checked;
    t.floor_ms = std::min(t.floor_ms, ms_since(floor_start));
  }
  std::size_t n = per_line.size();
  if (n >= 8) {
    std::size_t q = n / 4;
    double first = 0, last = 0;
    for (std::size_t i = 1; i <= q; ++i) first += per_line[i];
    for (std::size_t i = n - q; i < n; ++i) last += per_line[i];
    t.first_quarter_ms_per_line = first / double(q);
    t.last_quarter_ms_per_line = last / double(q);
  }
  return t;
}

}  // namespace adjutant::game
