// The checks of the order page (adjutant view --orders, docs/orders.md "The
// order page"), as a small JSON API over the rules: the page's WebAssembly
// build of this file and of the rules (wasm/) answers every click with the
// same check `adjutant orders` and `check` run, the same error ids and
// messages. No rule lives here: it asks the ruleset and reports.
#pragma once

#include <memory>
#include <string>

#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/notation.h"
#include "rules/ruleset.h"

namespace adjutant::web {

using ledger::Json;

// The source the refusals name, as a file name would on the command line.
inline constexpr const char* kOrderSource = "orders";

class OrderChecker {
 public:
  // `setup`: {"scenario": the game's scenario.json, "version": the ruleset
  // version genesis pins, "state": the position (as the side sees it),
  // "side": whose orders}. Throws Error (scenario.*, state.*, web.setup).
  explicit OrderChecker(const Json& setup);

  // The check of an order body (only the ruleset's fields: moves, attacks,
  // standing): {"ok": true, "echo": [...]} or {"ok": false, "error": the
  // first problem's id, "problems": [{"id", "message", "text", "order",
  // "unit", "hex", "rule"}], "refusal": what `adjutant orders` prints, a
  // line a problem}; and always the preview's "moves" (path, mp, of) and
  // "attacks" (odds, attack, defence), "echo" with what was understood.
  Json check(const Json& body) const;

  // The body in the ruleset's text notation (docs/orders.md), or an error:
  // {"ok": true, "text": ...} / {"ok": false, "error", "message"}.
  Json text(const Json& body) const;

  const std::string& side() const { return side_; }

 private:
  std::unique_ptr<rules::Ruleset> ruleset_;
  std::unique_ptr<rules::Notation> notation_;
  model::State state_;
  std::string side_;
};

}  // namespace adjutant::web
