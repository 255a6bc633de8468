// Blue & Gray's package (rules/package.h): the standard rules of the system
// and its games (Cemetery Hill, Hooker and Lee, Grand Chancellorsville), on
// the hex map, with text orders, a bot and the hex order page with its
// standing orders.
#include "rules/package.h"
#include "rules/bluegray/army_notes.h"
#include "rules/bluegray/bluegray.h"
#include "rules/bluegray/bot/generator.h"
#include "rules/bluegray/orders.h"

namespace adjutant::rules::bluegray {

namespace {

Json page_standing(const rules::hexmap::Scenario& sc, const model::State& seen,
                   const std::string& side) {
  return standing_of(seen, side, sc.numbers()).to_json();
}

}  // namespace

const Package& package() {
  static const Package p = [] {
    Package p;
    p.info = {"bluegray", kVersion, 1, true};
    p.make = &hex_from_file<&make_ruleset>;
    p.make_hex = &make_ruleset;
    p.notation = &make_notation;
    p.bot = ADJUTANT_BOT(&bot::bluegray::make_generator);
    p.board = rules::Board::kHex;
    p.order_page = rules::OrderPage::kHex;
    p.standing = &page_standing;
    p.map_marks = &map_marks;
    p.army_notes = &army_notes;
    p.counter_marks = &counter_marks;
    return p;
  }();
  return p;
}

}  // namespace adjutant::rules::bluegray
