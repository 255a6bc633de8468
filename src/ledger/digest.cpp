#include "ledger/digest.h"

#include <algorithm>

#include "ledger/crypto_oracle.h"
#include "util/error.h"

// The WebAssembly build (wasm/) holds no cryptography: a CryptoOracle in
// force answers every hash there from the browser's WebCrypto.
#ifndef ADJUTANT_WEBCRYPTO
// OpenSSL's own SHA-256 functions, which 3.0 marks deprecated in favour of
// EVP but keeps through 3.x. EVP fetches the digest from a provider, and the
// first fetch of a process builds the provider's method store for every
// digest: about 5 M instructions, more than all the hashing of a verify,
// paid on whichever thread hashes first while the other waits. These
// functions fetch nothing and hash with the same code (SHA-NI or AVX2 as
// the processor has).
#include <openssl/sha.h>
#endif

namespace adjutant::ledger {

namespace {

void digest_into(std::string_view a, std::string_view b, unsigned char* out) {
#ifdef ADJUTANT_WEBCRYPTO
  (void)a;
  (void)b;
  (void)out;
  throw Error("crypto.oracle", "this build hashes through WebCrypto only", Exit::kEnvironment);
#else
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  SHA256_CTX ctx;
  if (SHA256_Init(&ctx) != 1 || SHA256_Update(&ctx, a.data(), a.size()) != 1 ||
      SHA256_Update(&ctx, b.data(), b.size()) != 1 || SHA256_Final(out, &ctx) != 1)
    throw Error("crypto.digest", "SHA-256 failed", Exit::kEnvironment);
#pragma GCC diagnostic pop
#endif
}

}  // namespace

std::string sha256(std::string_view data) {
  if (CryptoOracle* oracle = CryptoOracle::current()) return oracle->sha256(data);
  unsigned char out[32];
  digest_into(data, {}, out);
  return std::string(reinterpret_cast<char*>(out), sizeof out);
}

// RFC 2104 over SHA-256 (block 64 bytes): the same bytes as OpenSSL's
// HMAC(), without a fetch.
std::string hmac_sha256(std::string_view key, std::string_view data) {
  if (CryptoOracle* oracle = CryptoOracle::current()) return oracle->hmac_sha256(key, data);
  unsigned char k0[64] = {};
  if (key.size() > 64) {
    std::string hashed = sha256(key);
    std::copy(hashed.begin(), hashed.end(), k0);
  } else {
    std::copy(key.begin(), key.end(), k0);
  }
  unsigned char ipad[64], opad[64];
  for (int i = 0; i < 64; ++i) {
    ipad[i] = k0[i] ^ 0x36;
    opad[i] = k0[i] ^ 0x5c;
  }
  unsigned char inner[32], outer[32];
  digest_into({reinterpret_cast<char*>(ipad), 64}, data, inner);
  digest_into({reinterpret_cast<char*>(opad), 64}, {reinterpret_cast<char*>(inner), 32}, outer);
  return std::string(reinterpret_cast<char*>(outer), 32);
}

std::string to_hex(std::string_view bytes) {
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;  // the protocol's hex is lowercase only: one value, one spelling
}

const char* kB64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const char* kB64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string encode64(std::string_view bytes, const char* alphabet, bool pad) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    std::uint32_t v = (std::uint8_t(bytes[i]) << 16) | (std::uint8_t(bytes[i + 1]) << 8) |
                      std::uint8_t(bytes[i + 2]);
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += alphabet[(v >> 6) & 63];
    out += alphabet[v & 63];
  }
  std::size_t rest = bytes.size() - i;
  if (rest == 1) {
    std::uint32_t v = std::uint8_t(bytes[i]) << 16;
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    if (pad) out += "==";
  } else if (rest == 2) {
    std::uint32_t v = (std::uint8_t(bytes[i]) << 16) | (std::uint8_t(bytes[i + 1]) << 8);
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += alphabet[(v >> 6) & 63];
    if (pad) out += "=";
  }
  return out;
}

std::string decode64(std::string_view text, const char* alphabet, bool padded,
                     const char* error_id) {
  int table[256];
  for (int& t : table) t = -1;
  for (int i = 0; i < 64; ++i) table[std::uint8_t(alphabet[i])] = i;
  if (padded) {
    if (text.size() % 4 != 0) throw Error(error_id, "length is not a multiple of 4");
    // At most two: "====" or "AAAA====" would be second encodings of "" and "\0\0\0".
    for (int i = 0; i < 2 && !text.empty() && text.back() == '='; ++i) text.remove_suffix(1);
  }
  if (text.size() % 4 == 1) throw Error(error_id, "impossible length");
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    int v = table[std::uint8_t(c)];
    if (v < 0) throw Error(error_id, std::string("invalid character '") + c + "'");
    acc = (acc << 6) | std::uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += char((acc >> bits) & 0xff);
    }
  }
  // Leftover bits must be zero so that each byte string has one encoding.
  if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) throw Error(error_id, "non-canonical padding");
  return out;
}

}  // namespace

std::string from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) throw Error("encoding.hex", "odd number of hex digits");
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int hi = hex_value(hex[i]), lo = hex_value(hex[i + 1]);
    if (hi < 0 || lo < 0) throw Error("encoding.hex", "not a lowercase hex digit");
    out += char(hi * 16 + lo);
  }
  return out;
}

std::string base64url(std::string_view bytes) {
  return encode64(bytes, kB64Url, false);
}
std::string from_base64url(std::string_view text) {
  return decode64(text, kB64Url, false, "encoding.base64url");
}
std::string base64(std::string_view bytes) {
  return encode64(bytes, kB64, true);
}
std::string from_base64(std::string_view text) {
  return decode64(text, kB64, true, "encoding.base64");
}

std::string u32(std::uint32_t n) {
  std::string out(4, '\0');
  for (int i = 3; i >= 0; --i, n >>= 8) out[i] = char(n & 0xff);
  return out;
}

std::string u64(std::uint64_t n) {
  std::string out(8, '\0');
  for (int i = 7; i >= 0; --i, n >>= 8) out[i] = char(n & 0xff);
  return out;
}

std::string lp(std::string_view x) {
  return u32(std::uint32_t(x.size())) + std::string(x);
}

}  // namespace adjutant::ledger
