#include "ledger/es_number.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <system_error>

#include "util/error.h"

namespace adjutant::ledger {

namespace {

// The decimal digits s (no leading or trailing zeros) and the exponent n of
// ECMA-262: value = s * 10^(n - len(s)), with s the shortest that round-trips.
struct Decimal {
  std::string digits;
  int n = 0;
};

// std::to_chars without a precision yields the shortest round-trip digits,
// which is what ECMA-262 asks for (ties resolved towards the closer value).
Decimal shortest_decimal(double positive) {
#ifdef __EMSCRIPTEN__
  // Emscripten's libc++ has no std::to_chars for double.
  std::string scientific = detail::shortest_scientific(positive);
  std::string_view text = scientific;
#else
  char buffer[64];
  auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, positive, std::chars_format::scientific);
  if (ec != std::errc()) throw Error("json.number", "cannot format number");
  std::string_view text(buffer, static_cast<std::size_t>(end - buffer));
#endif
  std::size_t e = text.find('e');
  Decimal out;
  for (char c : text.substr(0, e))
    if (c != '.') out.digits += c;
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  int exponent = 0;
  std::string_view exp_text = text.substr(e + 1);
  if (!exp_text.empty() && exp_text.front() == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
  out.n = exponent + 1;
  return out;
}

}  // namespace

// The fewest significant digits that read back as the same double: printf's
// correctly rounded %.*e at 1, 2, ... 17 digits, the first that strtod
// returns unchanged. Where two such strings of that length exist, the
// correctly rounded one is the closer, as to_chars gives.
std::string detail::shortest_scientific(double positive) {
  char buffer[64];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, positive);
    if (std::strtod(buffer, nullptr) == positive) break;
  }
  return buffer;
}

std::string es_number(double value) {
  if (!std::isfinite(value))
    throw Error("json.number", "NaN and Infinity have no JSON form (RFC 8785 section 3.2.2.3)");
  if (value == 0) return "0";
  if (value < 0) return "-" + es_number(-value);

  Decimal d = shortest_decimal(value);
  const int k = static_cast<int>(d.digits.size());
  const int n = d.n;
  if (k <= n && n <= 21) return d.digits + std::string(static_cast<std::size_t>(n - k), '0');
  if (0 < n && n <= 21) return d.digits.substr(0, n) + "." + d.digits.substr(n);
  if (-6 < n && n <= 0) return "0." + std::string(static_cast<std::size_t>(-n), '0') + d.digits;

  const int e = n - 1;
  std::string out = d.digits.substr(0, 1);
  if (k > 1) out += "." + d.digits.substr(1);
  out += e < 0 ? "e-" : "e+";
  out += std::to_string(std::abs(e));
  return out;
}

}  // namespace adjutant::ledger
