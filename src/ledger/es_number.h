// ECMAScript Number::toString (ECMA-262 section 6.1.6.1.20), the number form
// RFC 8785 prescribes for canonical JSON.
#pragma once

#include <string>

namespace adjutant::ledger {

// Shortest round-trip digits laid out as JavaScript prints them: "0" for -0,
// plain digits below 1e21, fixed notation down to 1e-7, else "1.5e-7" or
// "1e+21". Throws Error "json.number" for NaN and infinities.
std::string es_number(double value);

namespace detail {
// The shortest round-trip digits in printf's %e form ("1.5e-07"), without
// std::to_chars: the fallback of builds whose library lacks it for double
// (the WebAssembly build); a test compares it with to_chars.
std::string shortest_scientific(double positive);
}  // namespace detail

}  // namespace adjutant::ledger
