// What an order page writes inside its <script> elements: JSON and
// emscripten's glue, with "</" written "<\/" so that neither ends the
// element early (the same string to JSON and to JavaScript).
#pragma once

#include <string>
#include <string_view>

#include "ledger/jcs.h"

namespace adjutant::report {

inline std::string script_json(const ledger::Json& j) {
  std::string out = j.dump();
  std::string safe;
  safe.reserve(out.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    safe += out[i];
    if (out[i] == '<' && i + 1 < out.size() && out[i + 1] == '/') safe += '\\';
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
