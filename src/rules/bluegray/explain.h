// The whole chain of one combat in words, from its logged events alone:
// for `adjutant explain` and for reports.
#pragma once

#include <string>

#include "ledger/jcs.h"

namespace adjutant::rules::bluegray {

// One combat event as text: the units and their strengths, each hex's
// modifier, the raw ratio, the rounded (and declared) odds, the die, the CRT
// cell and the result.
std::string explain_text(const ledger::Json& combat_event);

// A CRT result in the words of 8.3: "Dr: the defenders retreat one hex".
std::string result_words(const std::string& code);

// The same followed by its consequences: every event after the combat up to
// the next combat (retreats, displacements, eliminations, exchange losses,
// advances, ineffectiveness), one line each.
std::string explain_text(const ledger::Json& combat_event, const ledger::Json& consequences);

// One consequence event as a line ("2/I retreats 0605 -> 0606 (Dr, rule 8.5)").
std::string consequence_text(const ledger::Json& event);

}  // namespace adjutant::rules::bluegray
