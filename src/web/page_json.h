// The JSON a page carries in a <script> element, written one way by the
// program and by the page's engine alike (the page writes the next page
// byte for byte as `adjutant view --play` would): nlohmann's compact dump,
// members in order, with every "<" written "\u003c" so that nothing in a
// string (a name, a note of a scenario) can end or open an element.
#pragma once

#include <string>

#include "ledger/jcs.h"

namespace adjutant::web {

std::string page_json(const ledger::Json& data);

}  // namespace adjutant::web
