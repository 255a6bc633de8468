#include "rules/bluegray/effectiveness.h"

#include "rules/bluegray/exclusive.h"
#include "rules/bluegray/retreat.h"
#include "rules/bluegray/zoc.h"

namespace adjutant::rules::bluegray {

void make_ineffective(Emitter& em, const std::string& unit, const std::string& combat) {
  // Hooker and Lee 1975 18.0: the scenario may switch 10.0 off.
  if (!exclusive_of(em.scenario()).attacker_effectiveness) return;
  em.emit({{"type", "ineffective"}, {"unit", unit}, {"combat", combat}, {"rule", "10.0"}});
}

void retreat_ineffective(Emitter& em, const std::string& side) {
  std::vector<std::string> due;
  {
    Board board = em.board();
    for (const auto& id : board.units_of(side))
      if (board.ineffective(id)) due.push_back(id);
  }
  // Id order; a unit displaced out of the enemy ZOC meanwhile stays where it is.
  for (const auto& id : due) {
    Board board = em.board();
    auto at = board.hex_of(id);
    if (!at || !in_zoc_of(board, *at, board.enemy_of(side))) continue;
    retreat_unit(em, id, "ineffective", "10.2");
  }
}

void recover_all(Emitter& em) {
  std::vector<std::string> due;
  for (const auto& [id, u] : em.state().units)
    if (u.marked(kIneffective)) due.push_back(id);
  for (const auto& id : due) em.emit({{"type", "recover"}, {"unit", id}, {"rule", "10.4"}});
}

}  // namespace adjutant::rules::bluegray
