#include "report/answer_steps.h"

namespace adjutant::report {

void answer_steps(Section& s, const GameFacts& game) {
  std::string folder = game.folder.empty() ? std::string("GAME") : game.folder;
  s.line("Your orders are due next. To answer, in two steps:");
  s.line(
      "1. Build them by clicking on the order page: a unit, then the hexes of its path; the "
      "defenders and attackers of each attack. It checks every click with adjutant's own "
      "rules, offline. Write it, open orders-page/index.html in a browser and export the "
      "orders as orders.txt:");
  s.code("adjutant view " + folder + " --out orders-page --orders");
  s.line(
      "Or write them as text, one order a line: a unit and the hex it moves to, `attack HEX "
      "with UNITS` (docs/orders.md gives the notation). See how they are read and checked:");
  s.code("adjutant orders " + folder + " orders.txt");
  s.line(
      "2. Sign them against your copy of the game, and reply to this mail with the signed "
      "file (orders.signed.json) attached:");
  s.code("adjutant sign orders.txt --game " + folder);
}

}  // namespace adjutant::report
