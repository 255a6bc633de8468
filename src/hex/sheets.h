// Map sheets: a playing surface joined from several printed sheets (Grand
// Chancellorsville 22.0: the Fredericksburg sheet's western row lies on the
// Hooker and Lee sheet's eastern row). Each sheet keeps its own hex numbers,
// written with its letter in front (H1301, F1328); the rules work on one
// joined grid, and every hex number read or written goes through the map's
// numbering (hex/numbering.h). Without sheets (every single-sheet scenario)
// hex numbers are plain four digits.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hex/hex.h"

namespace adjutant::hex {

struct Sheet {
  char prefix = 'A';  // an upper-case letter
  std::string name;
  int columns = 0, rows = 0;
  std::string short_columns;  // "even", "odd" or "": as Scenario::short_columns
  // Joined-grid hex = sheet hex + offset. The column offset is even, so
  // columns keep their parity and every neighbour stays a neighbour.
  int col_offset = 0, row_offset = 0;

  int last_row(int col) const;
  bool holds_local(Hex local) const;  // 0101 .. its last hex
  Hex joined(Hex local) const { return {local.col + col_offset, local.row + row_offset}; }
  Hex local(Hex joined) const { return {joined.col - col_offset, joined.row - row_offset}; }
};

// The sheets of one map, in the order the scenario lists them. Where sheets
// overlap, a hex is written with the letter of the first sheet listed that
// holds it.
class Sheets {
 public:
  explicit Sheets(std::vector<Sheet> sheets) : sheets_(std::move(sheets)) {}
  const std::vector<Sheet>& list() const { return sheets_; }
  const Sheet* sheet(char prefix) const;
  // The first sheet holding a joined-grid hex, or nullptr.
  const Sheet* home(Hex joined) const;
  bool on_map(Hex joined) const { return home(joined) != nullptr; }
  // "H, F": the letters, for messages.
  std::string letters() const;

 private:
  std::vector<Sheet> sheets_;
};

}  // namespace adjutant::hex
