// A ruleset bound to its scenario's map sheets (hex/sheets.h): every call
// reads and writes hex numbers with the sheets of the scenario the ruleset
// was made from, whatever scenario the thread read since (the bench, batch
// verification and tests handle several scenarios on one thread).
#pragma once

#include <memory>

#include "hex/sheets.h"
#include "rules/ruleset.h"

namespace adjutant::rules {

std::unique_ptr<Ruleset> bind_sheets(std::unique_ptr<Ruleset> inner,
                                     std::shared_ptr<const hex::Sheets> sheets);

}  // namespace adjutant::rules
