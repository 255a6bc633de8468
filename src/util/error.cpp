#include "util/error.h"

namespace adjutant {

std::string locate(const std::string& file, int order_index, const std::string& unit,
                   const std::string& text) {
  std::string out;
  if (!file.empty()) out += file + ": ";
  if (order_index >= 0) {
    out += "order " + std::to_string(order_index);
    if (!unit.empty()) out += " (unit " + unit + ")";
    out += ": ";
  } else if (!unit.empty()) {
    out += "unit " + unit + ": ";
  }
  return out + text;
}

}  // namespace adjutant
