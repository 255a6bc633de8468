#include "util/colour.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace adjutant {

bool colour_on_stderr() {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour && *no_colour) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return ::isatty(2) == 1;
}

std::string coloured_ids(std::string_view text, bool on) {
  if (!on) return std::string(text);
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t open = text.find('[', i);
    if (open == std::string_view::npos) break;
    std::size_t close = text.find(']', open);
    if (close == std::string_view::npos) break;
    // An id: lower-case words joined by dots ("move.off_map"), or one of
    // the two without ("[usage]", "[internal]").
    std::string_view id = text.substr(open + 1, close - open - 1);
    bool is_id = !id.empty() &&
                 (id.find('.') != std::string_view::npos || id == "usage" || id == "internal");
    for (char c : id)
      is_id = is_id && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.');
    out.append(text.substr(i, open - i));
    if (is_id)
      out.append("\x1b[1;31m[").append(id).append("]\x1b[0m");
    else
      out.append(text.substr(open, close - open + 1));
    i = close + 1;
  }
  out.append(text.substr(i));
  return out;
}

}  // namespace adjutant
