// Text orders: each ruleset reads and writes its order body in a short
// notation a player can type (docs/orders.md), named in the ruleset's
// package (rules/package.h) with its bot. Each ruleset
// reads names and places in its own scenario format, as it owns that format:
// the hex rulesets a hex scenario, Chaos of Battle its table. The lexing,
// hex numbers and unit names of the hex rulesets are shared (text_lexer.h,
// unit_names.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "model/state.h"
#include "rules/hexmap/scenario.h"
#include "rules/text_lexer.h"

namespace adjutant::rules {

using ledger::Json;

// A text read: the order body (only the ruleset's own fields: `adjutant
// sign` fills in the envelope's) and where each order stands, in the
// ruleset's numbering of orders (order N at orders[N - 1]), so that the
// check's problems can name their line.
// A ruleset whose check names no order number (Chaos of Battle: a problem
// names its brigade and rule) finds the line in `placed`: where the text
// gives `unit` an order checked under `rule`, else where it first names it.
struct ParsedText {
  Json body = Json::object();
  std::vector<text::Pos> orders;
  struct Placed {
    std::string unit;
    std::string rule;  // "" for the line that first names the unit
    text::Pos pos;
  };
  std::vector<Placed> placed;

  // Where a problem of `unit` under `rule` stands; null when the text does
  // not name the unit.
  const text::Pos* where(const std::string& unit, const std::string& rule) const {
    const text::Pos* first = nullptr;
    for (const auto& p : placed) {
      if (p.unit != unit) continue;
      if (!rule.empty() && p.rule == rule) return &p.pos;
      if (!first && p.rule.empty()) first = &p.pos;
    }
    return first;
  }
};

class Ruleset;

// The game a text is read against. A notation takes from it what its
// ruleset's scenario format holds: a hex notation the hex scenario the
// ruleset plays (hex_scenario()), another its ruleset's own scenario. `view` is the
// state of the phase due as the side writing may see it (Ruleset::view),
// when known: a notation that needs where the side's pieces stand reads it
// there, and never reads what the side may not see.
struct TextGame {
  const Ruleset* ruleset = nullptr;
  const model::State* view = nullptr;

  // The ruleset's hex scenario (rules::hex_scenario); Error
  // text.no_notation when it has none (a hex notation asked to read a game
  // of another format: a bug if seen).
  const rules::hexmap::Scenario& hex_scenario() const;
};

class Notation {
 public:
  virtual ~Notation() = default;
  // Reads `text` as the orders of `side` in `game`; throws text::TextRefused
  // naming the line and column of every problem.
  virtual ParsedText parse(std::string_view text, const std::string& source, const TextGame& game,
                           const std::string& side) const = 0;
  // The text of an order body (its envelope fields are left out); reading it
  // back gives the same body. Error text.unprintable for a body the notation
  // cannot write (a field the ruleset does not know, a value of the wrong type).
  virtual std::string print(const Json& body) const = 0;
};

// The notation of a ruleset id; Error text.no_notation for one without.
std::unique_ptr<Notation> make_notation(const std::string& ruleset_id);
std::vector<std::string> notation_rulesets();

}  // namespace adjutant::rules
