#include "game/bench.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>

#include "game/archive.h"
#include "game/log.h"
#include "game/read_ahead.h"
#include "game/replay.h"
#include "game/signature_jobs.h"
#include "game/verify.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "rules/hex_ruleset.h"
#include "util/error.h"

namespace adjutant::game {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// CPU time of the whole process, every thread, in ms.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// What no verifier can skip: hashing every line for the chain and checking
// every signature once (each card's, each entry's, each order file's), with
// the canonical bytes each is over. Each is checked with the one key a
// verify checks it with (game/signature_jobs.h), so each costs one check.
int crypto_floor(const Archive& a) {
  int good = 0;
  for (const auto& card : a.genesis()["cards"]) {
    auto env = ledger::parse_envelope(card, "card");
    for (const auto& p : a.parties())
      if (p.key_id == env.signatures.at(0).first)
        good += ledger::verify_envelope(env, ledger::kCardType, p.public_key);
  }
  for (const auto& e : a.log()) good += ledger::sha256(e.line).size() == 32;
  for (const auto& job : signature_jobs(a))
    good += ledger::verify_signature_now(job.public_raw, job.message, job.signature);
  return good;
}

}  // namespace

VerifyTiming time_verify(const std::filesystem::path& dir, int runs) {
  VerifyTiming t;
  t.name = dir.filename().string();
  t.verify_ms = 1e30;
  t.floor_ms = 1e30;
  t.verify_cpu_ms = 1e30;
  std::vector<double> per_line;
  for (int run = 0; run < runs; ++run) {
    auto start = Clock::now();
    double cpu_start = cpu_ms();
    // As verify_archive reads and replays it (game/read_ahead.h).
    auto read = std::make_unique<ReadAhead>(dir, read_ahead({}), true);
    const Archive& a = read->archive();
    check_genesis(a);
    Replay replay(a);
    std::vector<double> lines(1, 0.0);
    std::vector<double> turns;
    double pending = 0;
    for (std::size_t n = 1;; ++n) {
      auto step = Clock::now();
      const LogEntry* e = read->line(n);
      if (!e) break;
      replay.step(*e);
      double ms = ms_since(step);
      lines.push_back(ms);
      if (e->kind == "orders" || e->kind == "ruling") pending += ms;
      if (e->kind == "adjudication") {
        turns.push_back(pending + ms);
        pending = 0;
      }
    }
    read->finish();
    if (read->bad_line() >= 0)
      throw Error(
          "verify.malformed",
          dir.string() + ": line " + std::to_string(read->bad_line()) + ": " + read->problem(),
          Exit::kVerifyFailed);
    t.lines = int(read->log_lines());
    if (const rules::hexmap::Scenario* sc = rules::hex_scenario(a.ruleset())) {
      t.hexes = long(sc->columns) * sc->rows;
      t.units = long(sc->units.size());
    }
    t.adjudications = replay.adjudications();
    read.reset();  // the reader thread joined
    double total = ms_since(start);
    t.verify_cpu_ms = std::min(t.verify_cpu_ms, cpu_ms() - cpu_start);
    if (total < t.verify_ms) {
      t.verify_ms = total;
      t.turn_ms = turns;
      per_line = lines;
    }
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
