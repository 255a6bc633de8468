#include <string>

#include <catch2/catch.hpp>

#include "ledger/digest.h"
#include "util/error.h"

using adjutant::Error;
using adjutant::ledger::base64;
using adjutant::ledger::from_base64;

TEST_CASE("base64: each byte string has one padded encoding", "[ledger][encoding]") {
  for (const std::string bytes : {"", "a", "ab", "abc", "abcd"})
    CHECK(from_base64(base64(bytes)) == bytes);
  // Found by fuzz_envelope: every trailing "=" was stripped, so these decoded.
  for (const char* text : {"====", "AAAA====", "AA======"}) {
    INFO(text);
    CHECK_THROWS_AS(from_base64(text), Error);
  }
}
