#include "cli/sign_check.h"

#include <iostream>

#include "cli/common.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace {

void warn_forced(const std::string& what) {
  std::cerr << "warning: signing anyway (--force): " << printable_lines(what)
            << "\nwarning: the adjudicator will refuse these orders as they stand\n";
}

// The refusal, each problem on the line of its order when the orders are text.
int refused(const rules::OrdersRefused& e, const game::WrittenOrders& written,
            const std::string& source, bool force) {
  std::string lines;
  for (const auto& p : e.problems())
    lines +=
        (lines.empty() ? "" : "\n") + (written.text ? game::problem_at(p, written.parsed, source)
                                                    : printable(source) + ": " + p.text());
  if (force) {
    warn_forced(lines);
    return 0;
  }
  print_error(lines);
  std::cerr << "nothing signed: correct the orders (or sign with --force)\n";
  return int(Exit::kBadInput);
}

}  // namespace

int check_before_signing(const game::Archive& archive, const model::State& state,
                         const std::string& side, const game::WrittenOrders& written,
                         const std::string& source, bool force) {
  try {
    game::check_written_orders(archive, state, side, written.body, source);
    return 0;
  } catch (const rules::OrdersRefused& e) {
    return refused(e, written, source, force);
  } catch (const Error& e) {
    // Not this side's phase, the game over: what `check` says of the signed file.
    if (!force || (e.id() != "orders.not_your_phase" && e.id() != "orders.game_over")) throw;
    warn_forced("[" + e.id() + "] " + e.detail());
    return 0;
  }
}

int check_sealed_before_signing(const std::filesystem::path& copy,
                                const game::WrittenOrders& written, const std::string& source,
                                bool force) {
  game::SealedOrdersGame g;
  try {
    g = game::open_sealed_orders(copy);
  } catch (const Error& e) {
    // A copy that gives no part to check with (sealed before parts were, or
    // rules that give none): signed unchecked, as before.
    if (e.id() != "sign.sealed_text" && e.id().rfind("scenario.", 0) != 0) throw;
    std::cout << "note: this sealed copy holds no part of the scenario to check the orders "
                 "with; the umpire checks them\n";
    return 0;
  }
  ledger::Json body = written.body;
  if (body.is_object() && !body.contains("side")) body["side"] = g.side;
  try {
    g.ruleset->check(g.view, body, source);
    return 0;
  } catch (const rules::OrdersRefused& e) {
    return refused(e, written, source, force);
  }
}

}  // namespace adjutant::cli
