// SHA-256 straight from OpenSSL's one-shot digest, for tests that hold the
// program's own hashing (ledger/digest.h) to it.
#pragma once

#include <openssl/evp.h>

#include <stdexcept>
#include <string>

namespace adjutant::testing {

inline std::string openssl_sha256(const std::string& data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), out, &len, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("EVP_Digest failed");
  return std::string(reinterpret_cast<char*>(out), len);
}

}  // namespace adjutant::testing
