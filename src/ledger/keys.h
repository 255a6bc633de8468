// Ed25519 signing keys (DESIGN "Keys, signatures, envelopes"): OpenSSL 3 EVP,
// PKCS#8 PEM on disk, raw 32-byte public keys in genesis.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

// OpenSSL's key type, declared as openssl/types.h declares it, so that
// this header needs no OpenSSL (the WebAssembly build has none).
typedef struct evp_pkey_st EVP_PKEY;

namespace adjutant::ledger {

// What signs an entry or a file: a key held by this program (SigningKey),
// or on the player page the player's key in the browser, which WebCrypto
// signs with (web/page_signer.h).
class Signer {
 public:
  virtual ~Signer() = default;
  virtual std::string public_raw() const = 0;                    // 32 bytes
  virtual std::string sign(std::string_view message) const = 0;  // 64 bytes
};

class SigningKey : public Signer {
 public:
  SigningKey(SigningKey&& other) noexcept;
  SigningKey& operator=(SigningKey&& other) noexcept;
  SigningKey(const SigningKey&) = delete;
  SigningKey& operator=(const SigningKey&) = delete;
  ~SigningKey();

  static SigningKey generate();
  // The RFC 8032 private key (32 raw bytes), for fixed test vectors.
  static SigningKey from_seed(std::string_view seed);
  // Throws Error "key.read" (exit kEnvironment when the file cannot be read)
  // or "key.not_ed25519".
  static SigningKey load_pem(const std::filesystem::path& file);

  std::string private_pem() const;
  // Written 0600 from creation, atomically; throws Error "key.write".
  void save_pem(const std::filesystem::path& file) const;

  std::string public_raw() const override;                    // 32 bytes
  std::string sign(std::string_view message) const override;  // 64 bytes

 private:
  explicit SigningKey(EVP_PKEY* key) : key_(key) {}
  EVP_PKEY* key_ = nullptr;
};

// False (never an exception) for a wrong key or signature, or wrong sizes.
// A VerifyAhead in force on this thread answers for the signatures it holds
// (ledger/verify_ahead.h); the verdict is the same.
bool verify_signature(std::string_view public_raw, std::string_view message,
                      std::string_view signature);
// The check itself, never asking a VerifyAhead.
bool verify_signature_now(std::string_view public_raw, std::string_view message,
                          std::string_view signature);

// Loads what OpenSSL loads on its first use (its configuration, its default
// provider, Ed25519 and the SHA-512 inside it) by checking RFC 8032's first
// Ed25519 test vector; true when it verifies. A thread that calls it first
// spares the next thread that checks a signature that wait
// (game/read_ahead.h). Once a process: later calls return true at once.
bool warm_up();

// First 16 hex digits of SHA-256 of the raw public key.
std::string key_id(std::string_view public_raw);

// `n` random bytes from the operating system's generator (OpenSSL's
// RAND_bytes); Error crypto.random (exit 4).
std::string random_bytes(std::size_t n);

// Writes a secret file (private key, dice chain): mode 0600 from creation,
// fsync, then rename over `file`, so no reader ever sees a partial or
// world-readable secret. Throws Error `error_id` with exit kEnvironment.
void write_private_file(const std::filesystem::path& file, std::string_view content,
                        const std::string& error_id);

}  // namespace adjutant::ledger
