// Chaos of Battle's package (rules/package.h): its own scenario format
// (adjutant-chaos/1), drawn as a table, with text orders, a bot and the
// table's order page.
#include "rules/package.h"
#include "rules/chaos/bot/generator.h"
#include "rules/chaos/page_data.h"
#include "rules/chaos/ruleset.h"

namespace adjutant::rules::chaos {

const Package& package() {
  static const Package p = [] {
    Package p;
    p.info = {kRulesetId, kVersion, 1, false};
    p.make = &make_ruleset;
    p.notation = &make_notation;
    p.bot = ADJUTANT_BOT(&bot::chaos::make_generator);
    p.board = rules::Board::kTable;
    p.order_page = rules::OrderPage::kTable;
    p.table_page = &order_page_data;
    return p;
  }();
  return p;
}

}  // namespace adjutant::rules::chaos
