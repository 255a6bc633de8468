// Events in words: one line per move, retreat, elimination and the like, a
// section per combat. Render never decides rules: everything shown comes
// from the event's own fields, and unknown event types are listed as they are.
#pragma once

#include <string>
#include <vector>

#include "ledger/jcs.h"
#include "report/report_doc.h"
#include "rules/ruleset.h"

namespace adjutant::report {

using ledger::Json;

// A field as text: strings as they are, numbers in decimal, else "".
std::string field(const Json& e, const char* key);

// The event's "type", or "" when it has none.
std::string event_type(const Json& e);

// The event in the ruleset's words (rules/event_phrases.h: "1/Heth moves
// 0401-0402-0403 (2 of 6 MP)", "1/Heth retreats 0403 to 0404", ...), or,
// for an event it has no words for (or no ruleset), its fields as they are.
std::string describe_event(const rules::Ruleset* ruleset, const Json& e);

// A combat with its units and strengths, modifiers, odds, die and result,
// followed by the lines of its retreats, advances and eliminations.
Section combat_section(const Json& combat, const std::vector<Json>& consequences,
                       const rules::Ruleset* ruleset);

}  // namespace adjutant::report
