// SHA-256 (FIPS 180-4) in portable C++, for the WebAssembly build of the
// order page's checker (wasm/), where OpenSSL is not available. The native
// program hashes with OpenSSL (digest.cpp); a test compares the two.
#pragma once

#include <string>
#include <string_view>

namespace adjutant::ledger {

// The 32 raw bytes of SHA-256 over `data`.
std::string portable_sha256(std::string_view data);

}  // namespace adjutant::ledger
