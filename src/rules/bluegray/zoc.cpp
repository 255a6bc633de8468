#include "rules/bluegray/zoc.h"

#include "rules/bluegray/step_table.h"

namespace adjutant::rules::bluegray {

bool zoc_extends(const Scenario& sc, Hex from, Hex into) {
  if (!sc.on_map(into) || !hex::adjacent(from, into)) return false;
  if (sc.terrain_at(into).blocks_zoc) return false;
  const auto* side = sc.hexside_at(hex::hexside(from, into));
  return side == nullptr || side->zoc;
}

std::set<Hex> zoc_hexes(const Board& board, const std::string& side) {
  return *zoc_shared(board, side);
}

std::shared_ptr<const std::set<Hex>> zoc_shared(const Board& board, const std::string& side) {
  // Found once for each placing of the side's units: the index drops it when
  // one of them moves.
  if (auto known = board.index().known_zoc(side)) return known;
  auto found = std::make_shared<std::set<Hex>>();
  std::set<Hex>& out = *found;
  const Scenario& sc = board.scenario();
  const StepTable* table = StepTable::of(sc);
  for (const auto& id : board.units_of(side)) {
    if (!is_combat(*board.def(id))) continue;
    Hex at = *board.hex_of(id);
    const auto around = hex::neighbours(at);
    for (int dir = 0; dir < 6; ++dir)
      if (table ? table->zoc(sc, at, dir) : zoc_extends(sc, at, around[std::size_t(dir)]))
        out.insert(around[std::size_t(dir)]);
  }
  board.index().remember_zoc(side, found);
  return found;
}

bool in_zoc_of(const Board& board, Hex h, const std::string& side) {
  for (Hex n : hex::neighbours(h)) {
    if (!board.scenario().on_map(n)) continue;
    if (board.combat_units_at(n, side) > 0 && zoc_extends(board.scenario(), n, h)) return true;
  }
  return false;
}

}  // namespace adjutant::rules::bluegray
