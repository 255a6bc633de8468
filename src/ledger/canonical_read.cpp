// parse_canonical: one pass over text that should already be canonical (a
// log line), building the value as it checks each byte is the one
// canonical() would write there, instead of parsing the text and writing
// the value out again to compare.
#include <optional>

#include "ledger/jcs.h"

namespace adjutant::ledger {

namespace {

// Deeper nesting is left to parse_strict, which refuses beyond 64 levels.
constexpr std::size_t kMaxDepth = 32;
// Integers of up to 15 digits are below 2^53; longer ones are left to
// parse_strict and canonical(), which judge them at the limit.
constexpr int kMaxDigits = 15;
// parse_strict's default limit.
constexpr std::size_t kMaxBytes = 16u << 20;

int lower_hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

class Reader {
 public:
  explicit Reader(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  bool read(Json& out) { return value(out, 0) && p_ == end_; }

 private:
  bool value(Json& out, std::size_t depth) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{':
        return depth < kMaxDepth && object(out, depth + 1);
      case '[':
        return depth < kMaxDepth && array(out, depth + 1);
      case '"': {
        std::string s;
        if (!string(s)) return false;
        out = std::move(s);
        return true;
      }
      case 't':
        return word("true", Json(true), out);
      case 'f':
        return word("false", Json(false), out);
      case 'n':
        return word("null", Json(nullptr), out);
      default:
        return number(out);
    }
  }

  bool word(std::string_view w, Json value, Json& out) {
    if (std::size_t(end_ - p_) < w.size() || std::string_view(p_, w.size()) != w) return false;
    p_ += w.size();
    out = std::move(value);
    return true;
  }

  // Moves past `c` when it is next.
  bool at(char c) {
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }

  // Names in strictly increasing byte order, which is RFC 8785's UTF-16
  // order for names without a character above U+FFFF (any such name is left
  // to the slow path); no name twice.
  bool object(Json& out, std::size_t depth) {
    ++p_;
    out = Json::object();
    auto& members = out.get_ref<Json::object_t&>();
    if (at('}')) return true;
    const std::string* last = nullptr;
    for (;;) {
      std::string name;
      if (p_ == end_ || *p_ != '"' || !string(name) || has_astral_character(name)) return false;
      if ((last && !(*last < name)) || !at(':')) return false;
      auto it = members.emplace_hint(members.end(), std::move(name), Json());
      last = &it->first;
      if (!value(it->second, depth)) return false;
      if (at('}')) return true;
      if (!at(',')) return false;
    }
  }

  bool array(Json& out, std::size_t depth) {
    ++p_;
    out = Json::array();
    auto& elements = out.get_ref<Json::array_t&>();
    if (at(']')) return true;
    for (;;) {
      if (!value(elements.emplace_back(), depth)) return false;
      if (at(']')) return true;
      if (!at(',')) return false;
    }
  }

  // Raw bytes but for the quote, the backslash and control characters; the
  // two-character escapes for those that have one, else \u00 and two
  // lowercase hex digits: write_string's forms, and no other.
  bool string(std::string& out) {
    ++p_;
    const char* run = p_;
    for (;;) {
      if (p_ == end_) return false;
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        out.append(run, p_);
        ++p_;
        return true;
      }
      if (c < 0x20) return false;
      if (c != '\\') {
        ++p_;
        continue;
      }
      out.append(run, p_);
      if (end_ - p_ < 2) return false;
      switch (p_[1]) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          if (end_ - p_ < 6 || p_[2] != '0' || p_[3] != '0') return false;
          int hi = lower_hex(p_[4]), lo = lower_hex(p_[5]);
          if (hi < 0 || lo < 0) return false;
          int v = hi * 16 + lo;
          if (v >= 0x20 || v == '\b' || v == '\f' || v == '\n' || v == '\r' || v == '\t')
            return false;
          out += char(v);
          p_ += 4;
          break;
        }
        default:
          return false;
      }
      p_ += 2;
      run = p_;
    }
  }

  // An integer in its shortest form: no leading zero, no "-0", no fraction
  // or exponent (numbers that have one are left to the slow path). As
  // nlohmann reads them: unsigned when not negative.
  bool number(Json& out) {
    bool negative = *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || *p_ < '0' || *p_ > '9') return false;
    std::uint64_t v = 0;
    if (*p_ == '0') {
      ++p_;
      if (negative) return false;
    } else {
      for (int digits = 0; p_ != end_ && *p_ >= '0' && *p_ <= '9'; ++p_) {
        if (++digits > kMaxDigits) return false;
        v = v * 10 + std::uint64_t(*p_ - '0');
      }
    }
    if (p_ != end_ && ((*p_ >= '0' && *p_ <= '9') || *p_ == '.' || *p_ == 'e' || *p_ == 'E'))
      return false;
    if (negative)
      out = -static_cast<std::int64_t>(v);
    else
      out = v;
    return true;
  }

  const char* p_;
  const char* end_;
};

}  // namespace

std::optional<Json> parse_canonical(std::string_view text) {
  if (text.size() > kMaxBytes || invalid_utf8_at(text) != std::string_view::npos)
    return std::nullopt;
  Json out;
  if (!Reader(text).read(out)) return std::nullopt;
  return out;
}

}  // namespace adjutant::ledger
