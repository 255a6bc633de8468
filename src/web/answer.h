// What a page's WebAssembly exports: one request, one answer, as JSON text.
// The order page's checks (web/order_check.h) and the player page's engine
// (web/player.h) answer here, under the page's CryptoOracle.
#pragma once

#include <string>

#include "ledger/crypto_oracle.h"

namespace adjutant::web {

// The page's CryptoOracle (ledger/crypto_oracle.h), in force while a
// request runs: the WebAssembly build hashes and checks signatures only
// through it, and what the page taught it stays known between requests.
ledger::CryptoOracle& page_oracle();

// Never throws. {"op": "load", "setup": {...}} makes the order checker the
// order page's "check" and "text" use; {"op": "learn", "answers": ...}
// teaches the oracle; "game.*", "card" and "genesis" are the player
// page's (web/player.h). Anything refused answers {"ok": false, "error":
// id, "message": ...}. A request whose answer needs a hash, a verdict or a
// signature the oracle does not know yet answers {"ok": false, "need": the
// misses}, changes nothing, and is asked again once the page has taught
// the oracle (web/assets/webcrypto.js does both).
std::string answer(const std::string& request);

}  // namespace adjutant::web
