// What the player page's engine answers (web/player.h, web/player_sealed.h)
// share: whether a run leaned on the oracle, and a refusal as the page shows
// it.
#pragma once

#include "ledger/crypto_oracle.h"
#include "ledger/jcs.h"
#include "rules/ruleset.h"
#include "util/error.h"

namespace adjutant::web {

// True when the run so far leaned on a provisional answer of the oracle:
// nothing it computed may be kept (ledger/crypto_oracle.h).
inline bool oracle_missed() {
  const ledger::CryptoOracle* oracle = ledger::CryptoOracle::current();
  return oracle && oracle->missed();
}

inline ledger::Json failure_reply(const Error& e) {
  return {{"ok", false}, {"error", e.id()}, {"message", e.detail()}, {"exit", int(e.exit_code())}};
}

// A check's refusal: each problem with its text, as `adjutant orders` prints it.
inline ledger::Json refusal_reply(const rules::OrdersRefused& e) {
  ledger::Json out = {
      {"ok", false}, {"error", e.id()}, {"problems", e.to_json()}, {"message", e.detail()}};
  std::size_t i = 0;
  for (const auto& p : e.problems()) out["problems"][i++]["text"] = p.text();
  return out;
}

}  // namespace adjutant::web
