#include "ledger/jcs.h"

#include <optional>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>
#include <vector>

#include "ledger/es_number.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

bool in_range(unsigned char c, unsigned char low, unsigned char high) {
  return c >= low && c <= high;
}

// Length of the well-formed UTF-8 sequence at text[i] (Unicode table 3-7), or
// 0 when it is malformed or truncated.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  auto at = [&](std::size_t j) -> unsigned char {
    return j < text.size() ? static_cast<unsigned char>(text[j]) : 0;
  };
  const unsigned char lead = at(i);
  if (lead < 0x80) return 1;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  std::size_t length = 0;
  if (in_range(lead, 0xC2, 0xDF)) {
    length = 2;
  } else if (in_range(lead, 0xE0, 0xEF)) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (in_range(lead, 0xF0, 0xF4)) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (!in_range(at(i + 1), low, high)) return 0;
  for (std::size_t j = 2; j < length; ++j)
    if (!in_range(at(i + j), 0x80, 0xBF)) return 0;
  return length;
}

// RFC 8785 section 3.2.3 orders members by the UTF-16 code units of their
// names, so characters above U+FFFF compare as their surrogate pairs.
std::u16string utf16_key(const std::string& key) {
  if (invalid_utf8_at(key) != std::string_view::npos)
    throw Error("json.utf8", "object member name is not valid UTF-8");
  std::u16string out;
  out.reserve(key.size());
  for (std::size_t i = 0; i < key.size();) {
    const std::size_t length = utf8_sequence_length(key, i);
    auto byte = [&](std::size_t j) { return static_cast<unsigned char>(key[i + j]); };
    char32_t cp = 0;
    if (length == 1) cp = byte(0);
    if (length == 2) cp = ((byte(0) & 0x1Fu) << 6) | (byte(1) & 0x3Fu);
    if (length == 3) cp = ((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
    if (length == 4)
      cp = ((byte(0) & 0x07u) << 18) | ((byte(1) & 0x3Fu) << 12) | ((byte(2) & 0x3Fu) << 6) |
           (byte(3) & 0x3Fu);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (cp >> 10));
      out += static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
    i += length;
  }
  return out;
}

// RFC 8785 section 3.2.2.2: escape only '"', '\' and C0 controls; everything
// else, U+2028 and DEL included, is written as raw UTF-8.
void write_string(const std::string& value, std::string& out) {
  if (invalid_utf8_at(value) != std::string_view::npos)
    throw Error("json.utf8", "string is not valid UTF-8");
  static const char* kHex = "0123456789abcdef";
  out += '"';
  // Runs that need no escape are copied whole.
  const char* run = value.data();
  const char* const end = value.data() + value.size();
  for (const char* p = run; p != end; ++p) {
    const auto u = static_cast<unsigned char>(*p);
    if (u >= 0x20 && u != '"' && u != '\\') continue;
    out.append(run, p);
    run = p + 1;
    switch (u) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += "\\u00";
        out += kHex[u >> 4];
        out += kHex[u & 15];
    }
  }
  out.append(run, end);
  out += '"';
}

// Appends the decimal digits of an integer without a temporary string.
template <typename Int>
void write_integer(Int v, std::string& out) {
  char digits[24];
  auto [end, ignored] = std::to_chars(digits, digits + sizeof digits, v);
  out.append(digits, end);
}

// Whether the names of an object, in nlohmann's byte order, are already in
// RFC 8785's UTF-16 order. UTF-8 byte order is code point order, and the two
// differ only between a character above U+FFFF (4 bytes, lead 0xF0-0xF4) and
// one from U+E000 to U+FFFF; names without a 4-byte sequence need no sort.
// Every name is checked for UTF-8 first, as the sort's keys would be.
bool byte_order_is_utf16_order(const Json& object) {
  bool ordered = true;
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (invalid_utf8_at(it.key()) != std::string_view::npos)
      throw Error("json.utf8", "object member name is not valid UTF-8");
    if (has_astral_character(it.key())) ordered = false;
  }
  return ordered;
}

void write_value(const Json& value, std::string& out) {
  switch (value.type()) {
    case Json::value_t::null:
      out += "null";
      break;
    case Json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      break;
    // An integer is exact in a double only up to 2^53: beyond it two files
    // would share one canonical form, so it is refused, never rounded.
    case Json::value_t::number_integer: {
      std::int64_t v = value.get<std::int64_t>();
      if (v > kMaxExactInteger || v < -kMaxExactInteger)
        throw Error("json.number", "the integer " + std::to_string(v) +
                                       " is beyond 2^53 and has no exact canonical form");
      write_integer(v, out);
      break;
    }
    case Json::value_t::number_unsigned: {
      std::uint64_t v = value.get<std::uint64_t>();
      if (v > std::uint64_t(kMaxExactInteger))
        throw Error("json.number", "the integer " + std::to_string(v) +
                                       " is beyond 2^53 and has no exact canonical form");
      write_integer(v, out);
      break;
    }
    // A double from 2^53 up to 1e21 is an integer that ECMAScript prints
    // as digits alone ("266182619681804130"): the same integer beyond 2^53
    // that the reader refuses, so it is refused here too. Beyond 1e21 it
    // prints with an exponent, which reads back as the same double.
    case Json::value_t::number_float: {
      double d = value.get<double>();
      double magnitude = d < 0 ? -d : d;
      if (magnitude > double(kMaxExactInteger) && magnitude < 1e21)
        throw Error("json.number",
                    "the number " + es_number(d) +
                        " is an integer beyond 2^53 and has no exact canonical form");
      out += es_number(d);
      break;
    }
    case Json::value_t::string:
      write_string(value.get_ref<const std::string&>(), out);
      break;
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const Json& element : value) {
        if (!first) out += ',';
        first = false;
        write_value(element, out);
      }
      out += ']';
      break;
    }
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      auto member = [&](const std::string& key, const Json& v) {
        if (!first) out += ',';
        first = false;
        write_string(key, out);
        out += ':';
        write_value(v, out);
      };
      if (byte_order_is_utf16_order(value)) {
        for (auto it = value.begin(); it != value.end(); ++it) member(it.key(), it.value());
      } else {
        std::vector<std::pair<std::u16string, Json::const_iterator>> members;
        members.reserve(value.size());
        for (auto it = value.begin(); it != value.end(); ++it)
          members.emplace_back(utf16_key(it.key()), it);
        std::sort(members.begin(), members.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [ignored, it] : members) member(it.key(), it.value());
      }
      out += '}';
      break;
    }
    default:
      throw Error("json.type", "binary and discarded values have no JSON form");
  }
}

}  // namespace

bool has_astral_character(std::string_view name) {
  for (char c : name)
    if (static_cast<unsigned char>(c) >= 0xF0) return true;
  return false;
}

std::size_t invalid_utf8_at(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    // ASCII, nearly every byte written, is valid on its own.
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::string canonical(const Json& value) {
  std::string out;
  write_value(value, out);
  return out;
}

void append_canonical(const Json& value, std::string& out) {
  write_value(value, out);
}

void append_canonical_string(const std::string& value, std::string& out) {
  write_string(value, out);
}

namespace {

// The same types and values all through, with nothing canonical() would
// refuse (bad UTF-8, an integer beyond 2^53): then both canonical forms are
// the same string.
// An integer within 2^53 as a signed value, whichever of nlohmann's two
// integer types holds it (both print the same digits); nullopt otherwise.
std::optional<std::int64_t> exact_integer(const Json& v) {
  if (v.is_number_unsigned()) {
    std::uint64_t u = v.get<std::uint64_t>();
    if (u > std::uint64_t(kMaxExactInteger)) return std::nullopt;
    return std::int64_t(u);
  }
  if (!v.is_number_integer()) return std::nullopt;
  std::int64_t i = v.get<std::int64_t>();
  if (i > kMaxExactInteger || i < -kMaxExactInteger) return std::nullopt;
  return i;
}

bool identical(const Json& a, const Json& b) {
  if (a.is_number_integer() && b.is_number_integer()) {  // signed or unsigned
    auto x = exact_integer(a);
    return x && x == exact_integer(b);
  }
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Json::value_t::null:
      return true;
    case Json::value_t::boolean:
      return a.get<bool>() == b.get<bool>();
    case Json::value_t::number_float: {
      // Equal finite doubles print the same digits; canonical() refuses
      // integers beyond 2^53 written as doubles, so those are left to it.
      double x = a.get<double>();
      return x == b.get<double>() && std::isfinite(x) && std::fabs(x) <= double(kMaxExactInteger);
    }
    case Json::value_t::string: {
      const auto& x = a.get_ref<const std::string&>();
      return x == b.get_ref<const std::string&>() && invalid_utf8_at(x) == std::string_view::npos;
    }
    case Json::value_t::array: {
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!identical(a[i], b[i])) return false;
      return true;
    }
    case Json::value_t::object: {
      if (a.size() != b.size()) return false;
      for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
        if (x.key() != y.key() || invalid_utf8_at(x.key()) != std::string_view::npos ||
            !identical(x.value(), y.value()))
          return false;
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

bool same_canonical(const Json& a, const Json& b) {
  return identical(a, b) || canonical(a) == canonical(b);
}

std::string canonical_text(std::string_view text, const std::string& source) {
  return canonical(parse_strict(text, source));
}

}  // namespace adjutant::ledger
