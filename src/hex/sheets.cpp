#include "hex/sheets.h"

namespace adjutant::hex {

int Sheet::last_row(int col) const {
  return hex::last_row(col, rows, short_columns);
}

bool Sheet::holds_local(Hex h) const {
  return in_block(h, columns, rows, short_columns);
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
