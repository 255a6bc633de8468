// The 1961 Chancellorsville's package (rules/package.h): on the hex map,
// with text orders, a bot and the hex order page for its turns (not for
// its set-up).
#include "rules/package.h"
#include "rules/ah1961/ah1961.h"
#include "rules/ah1961/bot/generator.h"

namespace adjutant::rules::ah1961 {

namespace {

// The set-up steps place counters and fortifications, which the page has
// no clicks for; its turns have moves and attacks.
std::string no_order_page(const PhaseInfo& phase) {
  if (phase.turn != 0) return "";
  return "the 1961 set-up (" + phase.name + ") has no order page";
}

}  // namespace

const Package& package() {
  static const Package p = [] {
    Package p;
    p.info = {"ah1961", kVersion, 1, true};
    p.make = &hex_from_file<&make_ruleset>;
    p.make_hex = &make_ruleset;
    p.notation = &make_notation;
    p.bot = ADJUTANT_BOT(&bot::ah1961::make_generator);
    p.board = rules::Board::kHex;
    p.order_page = rules::OrderPage::kHex;
    p.no_order_page = &no_order_page;
    p.map_marks = &map_marks;
    p.draws_works = true;                   // fortifications and pontoon bridges
    p.region_excludes = {"river", "ford"};  // a region is named by a land square
    return p;
  }();
  return p;
}

}  // namespace adjutant::rules::ah1961
