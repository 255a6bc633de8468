#include "ledger/keys.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "ledger/digest.h"
#include "ledger/verify_ahead.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::ledger {

namespace {

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct CtxFree {
  void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
};
struct BioFree {
  void operator()(BIO* p) const { BIO_free(p); }
};
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyFree>;
using CtxPtr = std::unique_ptr<EVP_MD_CTX, CtxFree>;
using BioPtr = std::unique_ptr<BIO, BioFree>;

[[noreturn]] void crypto_failure(const std::string& what) {
  unsigned long code = ERR_get_error();
  char text[256] = "no detail";
  if (code != 0) ERR_error_string_n(code, text, sizeof text);
  ERR_clear_error();
  throw Error("crypto.ed25519", what + " failed: " + text, Exit::kEnvironment);
}

// Refuses to prompt on the terminal for a passphrase: keys are stored unencrypted.
int no_passphrase(char*, int, int, void*) {
  return -1;
}

const unsigned char* bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

}  // namespace

SigningKey::SigningKey(SigningKey&& other) noexcept : key_(other.key_) {
  other.key_ = nullptr;
}

SigningKey& SigningKey::operator=(SigningKey&& other) noexcept {
  if (this != &other) {
    EVP_PKEY_free(key_);
    key_ = other.key_;
    other.key_ = nullptr;
  }
  return *this;
}

SigningKey::~SigningKey() {
  EVP_PKEY_free(key_);
}

SigningKey SigningKey::generate() {
  EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
  if (!key) crypto_failure("Ed25519 key generation");
  return SigningKey(key);
}

SigningKey SigningKey::from_seed(std::string_view seed) {
  if (seed.size() != 32) throw Error("key.seed", "an Ed25519 private key is 32 bytes");
  EVP_PKEY* key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nullptr, bytes(seed), 32);
  if (!key) crypto_failure("loading a raw Ed25519 private key");
  return SigningKey(key);
}

SigningKey SigningKey::load_pem(const std::filesystem::path& file) {
  std::string pem;
  try {
    pem = read_file(file, kMaxSmallFile);
  } catch (const Error& e) {
    throw Error("key.read", e.detail(), e.exit_code());
  }
  BioPtr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  if (!bio) crypto_failure("BIO_new_mem_buf");
  PkeyPtr key(PEM_read_bio_PrivateKey(bio.get(), nullptr, no_passphrase, nullptr));
  ERR_clear_error();
  if (!key)
    throw Error(
        "key.read",
        file.string() + ": not an unencrypted PEM private key (adjutant keygen writes one)");
  if (!EVP_PKEY_is_a(key.get(), "ED25519"))
    throw Error("key.not_ed25519", file.string() + ": the key is " +
                                       EVP_PKEY_get0_type_name(key.get()) +
                                       ", adjutant signs with Ed25519 only");
  return SigningKey(key.release());
}

std::string SigningKey::private_pem() const {
  BioPtr bio(BIO_new(BIO_s_mem()));
  if (!bio || PEM_write_bio_PrivateKey(bio.get(), key_, nullptr, nullptr, 0, nullptr, nullptr) != 1)
    crypto_failure("writing the PEM private key");
  char* data = nullptr;
  long len = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(len));
}

void SigningKey::save_pem(const std::filesystem::path& file) const {
  write_private_file(file, private_pem(), "key.write");
}

std::string SigningKey::public_raw() const {
  std::string out(32, '\0');
  std::size_t len = out.size();
  if (EVP_PKEY_get_raw_public_key(key_, reinterpret_cast<unsigned char*>(out.data()), &len) != 1 ||
      len != 32)
    crypto_failure("reading the raw public key");
  return out;
}

std::string SigningKey::sign(std::string_view message) const {
  CtxPtr ctx(EVP_MD_CTX_new());
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key_) != 1)
    crypto_failure("EVP_DigestSignInit");
  std::string sig(64, '\0');
  std::size_t len = sig.size();
  if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(sig.data()), &len, bytes(message),
                     message.size()) != 1 ||
      len != 64)
    crypto_failure("EVP_DigestSign");
  return sig;
}

namespace {

// A game has a handful of keys but verifies hundreds of signatures: each
// public key is parsed once per thread, not once per signature.
EVP_PKEY* public_key(std::string_view public_raw) {
  thread_local std::map<std::string, PkeyPtr, std::less<>> cache;
  auto it = cache.find(public_raw);
  if (it != cache.end()) return it->second.get();
  PkeyPtr key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, bytes(public_raw), 32));
  if (!key) return nullptr;
  if (cache.size() > 256) cache.clear();
  return cache.emplace(std::string(public_raw), std::move(key)).first->second.get();
}

}  // namespace

bool verify_signature_now(std::string_view public_raw, std::string_view message,
                          std::string_view signature) {
  if (public_raw.size() != 32 || signature.size() != 64) return false;
  EVP_PKEY* key = public_key(public_raw);
  CtxPtr ctx(EVP_MD_CTX_new());
  bool ok = key && ctx && EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key) == 1 &&
            EVP_DigestVerify(ctx.get(), bytes(signature), signature.size(), bytes(message),
                             message.size()) == 1;
  ERR_clear_error();
  return ok;
}

bool warm_up() {
  // RFC 8032 section 7.1, TEST 1: the empty message.
  static const bool loaded = [] {
    const std::string key =
        from_hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    const std::string signature = from_hex(
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e"
        "39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    return verify_signature_now(key, "", signature);
  }();
  return loaded;
}

std::string random_bytes(std::size_t n) {
  std::string out(n, '\0');
  if (n > 0 && RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), int(n)) != 1)
    throw Error("crypto.random", "RAND_bytes failed", Exit::kEnvironment);
  return out;
}

}  // namespace adjutant::ledger
