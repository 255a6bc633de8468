#include "rules/table_board.h"

#include "util/error.h"

namespace adjutant::rules {

const TableBoard::Side& TableBoard::side(const std::string& id) const {
  for (const auto& s : sides)
    if (s.id == id) return s;
  throw Error("scenario.unknown_side", "no side \"" + id + "\" in scenario " + scenario_id);
}

}  // namespace adjutant::rules
