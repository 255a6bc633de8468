#include "util/printable.h"

#include <cstdio>

namespace adjutant {

namespace {

std::string escape(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n' && keep_newlines) {
      out += '\n';
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else if (c == 0xc2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(text[i + 1]));
      out += buf;
      ++i;
    } else {
      out += char(c);
    }
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) {
  return escape(text, false);
}

std::string printable_lines(std::string_view text) {
  return escape(text, true);
}

std::string in_quotes(std::string_view text) {
  return "\"" + printable(text) + "\"";
}

bool has_control(std::string_view text) {
  return printable(text) != text;
}

}  // namespace adjutant
