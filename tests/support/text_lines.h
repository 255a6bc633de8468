// The lines of a text without their newlines; a last line without one counts.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace adjutant::testing {

inline std::vector<std::string> text_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace adjutant::testing
