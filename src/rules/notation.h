// Text orders: each ruleset reads and writes its order body in a short
// notation a player can type (docs/orders.md), registered in one table
// (notation_registry.cpp) as each ruleset teaches the bot. The lexing,
// hex numbers and unit names are shared (text_lexer.h, unit_names.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "model/scenario.h"
#include "rules/text_lexer.h"

namespace adjutant::rules {

using ledger::Json;

// A text read: the order body (only the ruleset's own fields: `adjutant
// sign` fills in the envelope's) and where each order stands, in the
// ruleset's numbering of orders (order N at orders[N - 1]), so that the
// check's problems can name their line.
struct ParsedText {
  Json body = Json::object();
  std::vector<text::Pos> orders;
};

class Notation {
 public:
  virtual ~Notation() = default;
  // Reads `text` as the orders of `side`; throws text::TextRefused naming
  // the line and column of every problem.
  virtual ParsedText parse(std::string_view text, const std::string& source,
                           const model::Scenario& scenario, const std::string& side) const = 0;
  // The text of an order body (its envelope fields are left out); reading it
  // back gives the same body. Error text.unprintable for a body the notation
  // cannot write (a field the ruleset does not know, a value of the wrong type).
  virtual std::string print(const Json& body) const = 0;
};

// The notation of a ruleset id; Error text.no_notation for one without.
std::unique_ptr<Notation> make_notation(const std::string& ruleset_id);
std::vector<std::string> notation_rulesets();

namespace bluegray {
std::unique_ptr<Notation> make_notation();
}
namespace ah1961 {
std::unique_ptr<Notation> make_notation();
}

}  // namespace adjutant::rules
