// What the WebAssembly build links instead of OpenSSL (ledger/keys.cpp): it
// never signs, draws a random byte or checks a signature itself. The page
// signs and draws with the browser's WebCrypto, and every signature verdict
// comes through the CryptoOracle in force (ledger/crypto_oracle.h).
#include "ledger/keys.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

[[noreturn]] void page_only(const char* what) {
  throw Error("crypto.oracle",
              std::string(what) + ": the page does this with WebCrypto, not in WebAssembly",
              Exit::kEnvironment);
}

}  // namespace

SigningKey::SigningKey(SigningKey&& other) noexcept : key_(other.key_) {
  other.key_ = nullptr;
}
SigningKey& SigningKey::operator=(SigningKey&& other) noexcept {
  key_ = other.key_;
  other.key_ = nullptr;
  return *this;
}
SigningKey::~SigningKey() = default;
SigningKey SigningKey::generate() {
  page_only("making a key");
}
SigningKey SigningKey::from_seed(std::string_view) {
  page_only("loading a key");
}
SigningKey SigningKey::load_pem(const std::filesystem::path&) {
  page_only("loading a key");
}
std::string SigningKey::private_pem() const {
  page_only("writing a key");
}
void SigningKey::save_pem(const std::filesystem::path&) const {
  page_only("writing a key");
}
std::string SigningKey::public_raw() const {
  page_only("reading a key");
}
std::string SigningKey::sign(std::string_view) const {
  page_only("signing");
}

bool verify_signature_now(std::string_view, std::string_view, std::string_view) {
  page_only("checking a signature outside the oracle");
}

bool warm_up() {
  return true;
}

std::string random_bytes(std::size_t) {
  page_only("drawing random bytes");
}

}  // namespace adjutant::ledger
