// Counts in words that agree in number: "1 line", "2 lines", "0 orders".
#pragma once

#include <string>
#include <string_view>

namespace adjutant {

// "1 order", "3 orders"; `plural` when the noun's plural is not noun + "s"
// ("1 match", "2 matches").
std::string counted(long long n, std::string_view noun, std::string_view plural = {});

}  // namespace adjutant
