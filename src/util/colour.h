// Errors in colour on a terminal: the id of each error ("[move.off_map]")
// in bold red, so a refusal of many lines is read at a glance. Only when
// standard error is a terminal, never when it is piped or redirected, and
// never with $NO_COLOR set (https://no-color.org) or a dumb terminal.
#pragma once

#include <string>
#include <string_view>

namespace adjutant {

// True when what goes to standard error may carry colour.
bool colour_on_stderr();

// `text` with every bracketed error id ("[orders.stale]", "[usage]") set in
// bold red; `text` as it is when `on` is false.
std::string coloured_ids(std::string_view text, bool on);

}  // namespace adjutant
