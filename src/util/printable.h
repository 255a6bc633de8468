// Text from input shown on a terminal: control characters are escaped, so a
// unit id holding ESC or a newline can neither drive the terminal nor forge
// a line of output ("verified: ...").
#pragma once

#include <string>
#include <string_view>

namespace adjutant {

// Every C0 control (newline and tab included), DEL and C1 control (U+0080 to
// U+009F) as an escape: "\n", "\t", "\x1b", "\u0085". Other text unchanged.
std::string printable(std::string_view text);

// As printable, but keeps newlines: for whole messages that are several lines
// by design, once every input-derived part in them went through printable.
std::string printable_lines(std::string_view text);

// "\"" + printable(text) + "\"", for quoting an input value in a message.
std::string in_quotes(std::string_view text);

// True when `text` holds a character printable() would escape.
bool has_control(std::string_view text);

}  // namespace adjutant
