// Hashes and byte encodings used by the protocol (docs/protocol.md): SHA-256,
// HMAC-SHA256, lowercase hex and unpadded base64url.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace adjutant::ledger {

// Raw bytes travel as std::string; these helpers never look at a locale.
std::string sha256(std::string_view data);
std::string hmac_sha256(std::string_view key, std::string_view data);

std::string to_hex(std::string_view bytes);
// Throws Error "encoding.hex" on odd length or a digit outside 0-9a-f
// (uppercase too: one value has one spelling).
std::string from_hex(std::string_view hex);

std::string base64url(std::string_view bytes);
// Accepts unpadded base64url only; throws Error "encoding.base64url".
std::string from_base64url(std::string_view text);

// Standard base64 (RFC 4648 section 4) with padding, no line breaks.
std::string base64(std::string_view bytes);
std::string from_base64(std::string_view text);

// Big-endian integers and length-prefixed fields: u32(n), u64(n), lp(x).
std::string u32(std::uint32_t n);
std::string u64(std::uint64_t n);
std::string lp(std::string_view x);

inline std::string sha256_hex(std::string_view data) {
  return to_hex(sha256(data));
}

}  // namespace adjutant::ledger
