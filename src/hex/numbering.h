// How one map writes its hex numbers. A map of one sheet writes the plain
// four digits of hex.h ("0912"); a map joined from several printed sheets
// (Grand Chancellorsville 22.0) writes each hex with its sheet's letter in
// front ("H1301", "F1328"), while the rules work on the one joined grid.
//
// A Numbering is a value handed out by the map it belongs to
// (rules::hexmap::Scenario::numbers()) and passed to whatever reads or writes that
// map's hex numbers. Nothing reads them through a setting of the thread, so
// what a part reads never depends on which scenario was read last.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "hex/hex.h"
#include "hex/sheets.h"

namespace adjutant::hex {

class Numbering {
 public:
  // Plain four-digit numbers: every map of one sheet.
  constexpr Numbering() = default;
  // With the letters of `sheets` (nullptr: plain). The sheets must outlive
  // the numbering; they belong to the scenario that hands it out.
  constexpr explicit Numbering(const Sheets* sheets) : sheets_(sheets) {}

  // nullptr for plain numbers.
  const Sheets* sheets() const { return sheets_; }

  // "0912" -> {9, 12}; anything but exactly four ASCII digits -> nullopt.
  // With sheets the number carries its sheet's letter: "H0912" -> the
  // joined-grid hex of sheet H's 0912; nullopt for an unknown letter or a
  // hex off that sheet; a bare four-digit number that some sheet holds
  // throws Error "hex.ambiguous".
  std::optional<Hex> parse(std::string_view text) const;
  // As parse, but a number refused with an error (hex.ambiguous) gives
  // nullopt and sets `id` and `message`; for any other refusal they stay as
  // given.
  std::optional<Hex> parse_noting(std::string_view text, std::string& id,
                                  std::string& message) const;
  // As parse, but throws Error "hex.bad_number" naming `what` (e.g. "order 3
  // path").
  Hex parse_or_throw(std::string_view text, const std::string& what) const;
  // {9, 12} -> "0912" (with sheets: "H0912", the first sheet listed that
  // holds it). A hex off the numbered range or off every sheet (a neighbour
  // of an edge hex, say) prints as "[col,row]", which parse never accepts.
  std::string format(Hex h) const;

  // "0505/0506", the lower hex first.
  std::string format(Hexside s) const;
  // Accepts "0505/0506" or "0506/0505"; nullopt for bad numbers or
  // non-adjacent hexes.
  std::optional<Hexside> parse_hexside(std::string_view text) const;

 private:
  const Sheets* sheets_ = nullptr;
};

// The plain numbering, for maps of one sheet and for messages about the
// joined grid itself.
inline constexpr Numbering kPlainNumbers{};

}  // namespace adjutant::hex
