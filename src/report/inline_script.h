// What an order page writes inside its <script> elements: JSON and
// emscripten's glue. In JSON every "<" is written "\u003c", so no string of
// a scenario, a name or an order can end the element early ("</script>"),
// open a comment that swallows the next element ("<!--") or look like a tag
// to any reader; the parsed value is the same. In the glue (code, not data)
// "</" is written "<\/", which JavaScript reads as the same string.
#pragma once

#include <string>
#include <string_view>

#include "ledger/jcs.h"

namespace adjutant::report {

inline std::string script_json(const ledger::Json& j) {
  std::string out = j.dump();
  std::string safe;
  safe.reserve(out.size());
  // "<" can only stand inside a JSON string, where \u003c means the same.
  for (char c : out) {
    if (c == '<')
      safe += "\\u003c";
    else
      safe += c;
  }
  return safe;
}

inline std::string script_text(std::string_view js) {
  std::string out(js);
  for (std::size_t at = out.find("</"); at != std::string::npos; at = out.find("</", at + 3))
    out.insert(at + 1, "\\");
  return out;
}

}  // namespace adjutant::report
