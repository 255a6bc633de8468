#include "hex/sheets.h"

namespace adjutant::hex {

int Sheet::last_row(int col) const {
  bool even = col % 2 == 0;
  bool short_column = (short_columns == "even" && even) || (short_columns == "odd" && !even);
  return short_column ? rows - 1 : rows;
}

bool Sheet::holds_local(Hex h) const {
  return h.col >= 1 && h.col <= columns && h.row >= 1 && h.row <= last_row(h.col);
}

const Sheet* Sheets::sheet(char prefix) const {
  for (const auto& s : sheets_)
    if (s.prefix == prefix) return &s;
  return nullptr;
}

const Sheet* Sheets::home(Hex joined) const {
  for (const auto& s : sheets_)
    if (s.holds_local(s.local(joined))) return &s;
  return nullptr;
}

std::string Sheets::letters() const {
  std::string out;
  for (const auto& s : sheets_) {
    if (!out.empty()) out += ", ";
    out += s.prefix;
  }
  return out;
}

}  // namespace adjutant::hex
