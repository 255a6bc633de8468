#include "web/page_json.h"

namespace adjutant::web {

std::string page_json(const ledger::Json& data) {
  std::string text = data.dump();
  std::string out;
  out.reserve(text.size() + text.size() / 64);
  // JSON has no "<" outside its strings, where \u003c is the same character.
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

}  // namespace adjutant::web
