// Where a program gets its hashes and signature verdicts. The command line
// computes them itself (OpenSSL). The player page's WebAssembly holds no
// cryptography at all: every SHA-256, HMAC-SHA256 and Ed25519 verdict it
// needs comes from the browser's WebCrypto, which is asynchronous, while
// the rules and the game layer are synchronous C++. So the page runs each
// request of the engine under a CryptoOracle: what the oracle knows it
// answers; what it does not, it records and answers provisionally, and the
// request's result is thrown away (its result is "need", with the list).
// The page computes the list with WebCrypto, teaches the oracle, and asks
// again; the engine is deterministic, so the next run gets further, and
// the last one, with no miss, is exactly the run the command line makes.
// Nothing computed with a provisional answer is ever kept.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <tuple>

#include "ledger/jcs.h"
#include "ledger/keys.h"

namespace adjutant::ledger {

class CryptoOracle {
 public:
  CryptoOracle() = default;
  CryptoOracle(const CryptoOracle&) = delete;
  CryptoOracle& operator=(const CryptoOracle&) = delete;

  // Puts an oracle in force on the calling thread while it lives (the one
  // before it again after): a page's request runs under one.
  class InForce {
   public:
    explicit InForce(CryptoOracle& oracle);
    ~InForce();
    InForce(const InForce&) = delete;
    InForce& operator=(const InForce&) = delete;

   private:
    CryptoOracle* outer_;
  };

  // The one in force on this thread, or nullptr.
  static CryptoOracle* current();

  // The answers of ledger::sha256, hmac_sha256 and verify_signature while
  // this oracle is in force.
  std::string sha256(std::string_view data);
  std::string hmac_sha256(std::string_view key, std::string_view data);
  bool verify(std::string_view public_raw, std::string_view message, std::string_view signature);
  // A signature by the page's own key `public_raw` (held by the browser).
  std::string sign(std::string_view public_raw, std::string_view message);

  // True when some answer since the last clear_misses() was provisional.
  bool missed() const {
    return !need_sha_.empty() || !need_hmac_.empty() || !need_sig_.empty() || !need_sign_.empty();
  }
  // What was missed, for the page to compute (binary as standard base64):
  // {"sha256": [DATA...], "hmac": [[KEY, DATA]...], "verify": [[PUB, MSG,
  // SIG]...], "sign": [[PUB, MSG]...]}.
  Json misses() const;
  void clear_misses();
  // Answers computed elsewhere, in the form of misses(): {"sha256": [[DATA,
  // DIGEST]...], "hmac": [[KEY, DATA, MAC]...], "verify": [[PUB, MSG, SIG,
  // true|false]...], "sign": [[PUB, MSG, SIG]...]}. Error web.learn for a
  // malformed answer.
  void learn(const Json& answers);
  // Forgets every answer (memory: a page verifies a game step by step).
  void forget();
  std::size_t known() const { return sha_.size() + hmac_.size() + sig_.size() + signed_.size(); }

 private:
  std::map<std::string, std::string, std::less<>> sha_;
  std::map<std::pair<std::string, std::string>, std::string> hmac_;
  std::map<std::tuple<std::string, std::string, std::string>, bool> sig_;
  std::map<std::pair<std::string, std::string>, std::string> signed_;
  std::map<std::string, bool, std::less<>> need_sha_;
  std::map<std::pair<std::string, std::string>, bool> need_hmac_;
  std::map<std::tuple<std::string, std::string, std::string>, bool> need_sig_;
  std::map<std::pair<std::string, std::string>, bool> need_sign_;
};

// The page's own key as a Signer: each signature is the browser's, asked
// through the oracle in force.
class OracleSigner : public Signer {
 public:
  explicit OracleSigner(std::string public_raw) : public_raw_(std::move(public_raw)) {}
  std::string public_raw() const override { return public_raw_; }
  std::string sign(std::string_view message) const override;

 private:
  std::string public_raw_;
};

}  // namespace adjutant::ledger
