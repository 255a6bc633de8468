// What the WebAssembly build (wasm/) uses instead of what it lacks: the
// shortest round-trip digits of a double without std::to_chars, the same
// bytes as what it replaces. (It hashes through the browser's WebCrypto:
// ledger/crypto_oracle.h, tests/unit/ledger_oracle_test.cpp.)
#include <catch2/catch.hpp>
#include <charconv>
#include <cstring>
#include <string>

#include "ledger/digest.h"
#include "ledger/es_number.h"

using adjutant::ledger::to_hex;

namespace {

std::string to_chars_scientific(double v) {
  char buffer[64];
  auto r = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::scientific);
  return std::string(buffer, r.ptr);
}

// "1.5e-07" and "1.5e-7" spell the same digits and exponent.
std::string normal(std::string s) {
  std::size_t e = s.find('e');
  std::string mantissa = s.substr(0, e);
  int exponent = std::stoi(s.substr(e + 1));
  return mantissa + "e" + std::to_string(exponent);
}

}  // namespace

TEST_CASE("shortest digits without to_chars: the same as to_chars", "[ledger][wasm]") {
  const double values[] = {1,        5,
                           0.1,      0.3,
                           1.0 / 3,  2.0 / 3,
                           1e21,     1e-7,
                           1.5e-7,   123456789012345680.0,
                           5e-324,   1.7976931348623157e308,
                           0.000001, 9007199254740993.0,
                           4.35,     0.1 + 0.2,
                           100,      1e300};
  for (double v : values) {
    INFO(v);
    CHECK(normal(adjutant::ledger::detail::shortest_scientific(v)) ==
          normal(to_chars_scientific(v)));
  }
  // A sweep of bit patterns over the whole range of positive doubles.
  std::uint64_t bits = 0x0010000000000000ULL;
  for (int i = 0; i < 20000; ++i) {
    bits = bits * 6364136223846793005ULL + 1442695040888963407ULL;
    std::uint64_t b = (bits >> 1) % 0x7fe0000000000000ULL + 1;
    double v;
    std::memcpy(&v, &b, sizeof v);
    INFO(b);
    REQUIRE(normal(adjutant::ledger::detail::shortest_scientific(v)) ==
            normal(to_chars_scientific(v)));
  }
}
