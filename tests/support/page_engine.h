// The player page's engine driven as the page drives it (web/answer.h):
// every request asked again until it needs nothing, each need answered
// here with the program's own cryptography, as web/assets/webcrypto.js
// answers it with the browser's WebCrypto. Keys the page holds sign.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "ledger/jcs.h"
#include "ledger/keys.h"

namespace adjutant::testing {

class PageEngine {
 public:
  // The page's own keys (raw public key -> the key), for "sign" needs.
  void hold(const std::filesystem::path& pem);

  // One request as the page asks it: answered, its needs met, asked again.
  ledger::Json ask(const ledger::Json& request);
  int rounds() const { return rounds_; }

 private:
  ledger::Json meet(const ledger::Json& need) const;
  std::map<std::string, std::shared_ptr<ledger::SigningKey>> keys_;
  int rounds_ = 0;
};

}  // namespace adjutant::testing
