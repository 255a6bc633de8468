#include "ledger/digest.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "util/error.h"

namespace adjutant::ledger {

std::string sha256(std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), out, &len, EVP_sha256(), nullptr) != 1)
    throw Error("crypto.digest", "SHA-256 failed", Exit::kEnvironment);
  return std::string(reinterpret_cast<char*>(out), len);
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
            reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &len))
    throw Error("crypto.hmac", "HMAC-SHA256 failed", Exit::kEnvironment);
  return std::string(reinterpret_cast<char*>(out), len);
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
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
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
    if (hi < 0 || lo < 0) throw Error("encoding.hex", "not a hex digit");
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
