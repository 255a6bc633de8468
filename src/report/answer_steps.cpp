#include "report/answer_steps.h"

#include "report/order_page.h"

namespace adjutant::report {

namespace {

// Step 2: sign the file against the player's copy (`command`), and reply
// with it.
void sign_step(Section& s, const std::string& what, const std::string& command) {
  s.line("2. Sign " + what + ", and reply to this mail with the signed file " +
         "(orders.signed.json) attached:");
  s.code(command);
}

}  // namespace

void answer_steps(Section& s, const GameFacts& game) {
  std::string folder = game.folder.empty() ? std::string("GAME") : game.folder;
  s.line("Your orders are due next. To answer, in two steps:");
  if (game.fog && game.ruleset && game.ruleset->text_orders_on_sealed_copy()) {
    // A fog-of-war game whose sealed copies carry each side's part of the
    // scenario (docs/protocol.md 10a): text orders, read and checked on the
    // player's own sealed copy.
    s.line(std::string("1. Bring your sealed copy up to date from ") +
           (game.sealed_by_mail ? "this mail" : "the one the umpire sent") +
           ", then write your orders as text, one order a line (docs/orders.md gives the "
           "notation of this game's rules), or build them by clicking on the order page your "
           "sealed copy gives. See how they are read and checked on your sealed copy:");
    s.code(game.sealed_by_mail ? "adjutant sync COPY THIS-MAIL.eml"
                               : "adjutant sync COPY SEALED-COPY");
    s.code("adjutant view COPY --orders --out PAGE");
    s.code("adjutant orders COPY orders.txt");
    sign_step(s, "them against your sealed copy", "adjutant sign orders.txt --game COPY");
    return;
  }
  if (game.fog) {
    // A fog-of-war game whose sealed copies carry no part of the scenario:
    // the order file is written as JSON (text orders read names from it).
    s.line(std::string("1. Bring your sealed copy up to date from ") +
           (game.sealed_by_mail ? "this mail" : "the one the umpire sent") +
           ", then write your order file as JSON (the ruleset's page in docs/rules/ gives its "
           "fields):");
    s.code(game.sealed_by_mail ? "adjutant sync COPY THIS-MAIL.eml"
                               : "adjutant sync COPY SEALED-COPY");
    sign_step(s, "it against your sealed copy", "adjutant sign orders.json --game COPY");
    return;
  }
  if (game.ruleset && !has_order_page(game.ruleset->id())) {
    s.line(
        "1. Write them as text, one order a line (docs/orders.md gives the notation of this "
        "game's rules). See how they are read and checked:");
  } else {
    s.line(
        "1. Build them by clicking on the order page: a unit, then the hexes of its path; the "
        "defenders and attackers of each attack. It checks every click with adjutant's own "
        "rules, offline. Write it, open orders-page/index.html in a browser and export the "
        "orders as orders.txt:");
    s.code("adjutant view " + folder + " --out orders-page --orders");
    s.line(
        "Or write them as text, one order a line: a unit and the hex it moves to, `attack HEX "
        "with UNITS` (docs/orders.md gives the notation). See how they are read and checked:");
  }
  s.code("adjutant orders " + folder + " orders.txt");
  sign_step(s, "them against your copy of the game", "adjutant sign orders.txt --game " + folder);
}

}  // namespace adjutant::report
