// One 1961 battle's whole chain in words, from its logged combat event and
// the events it caused, for `adjutant explain`: who fought whom from which
// zone, the defence doubled or tripled and why, the odds by the text's
// formula, the die and the CRT cell, and what followed. Reads events only.
#pragma once

#include "ledger/jcs.h"

#include <string>

namespace adjutant::rules::ah1961 {

std::string explain_text(const ledger::Json& combat, const ledger::Json& consequences);

}  // namespace adjutant::rules::ah1961
