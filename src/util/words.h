// Counts in words that agree in number: "1 line", "2 lines", "0 orders";
// and a text with every occurrence of a part replaced.
#pragma once

#include <string>
#include <string_view>

namespace adjutant {

// "1 order", "3 orders"; `plural` when the noun's plural is not noun + "s"
// ("1 match", "2 matches").
std::string counted(long long n, std::string_view noun, std::string_view plural = {});

// `text` with every occurrence of `from` (not empty) replaced by `to`, left
// to right, never within what was put in.
std::string replaced_all(std::string text, std::string_view from, std::string_view to);

}  // namespace adjutant
