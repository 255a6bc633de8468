// parse_strict: nlohmann's lexer and parser drive a SAX handler that builds the
// value itself, so it can refuse duplicate names and deep nesting on the spot.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include "ledger/jcs.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

constexpr std::size_t kMaxDepth = 64;

// A char iterator that publishes how far the parser has read, because
// nlohmann's SAX callbacks do not say where in the text they are.
class TrackingIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* at, const char** reach) : at_(at), reach_(reach) {}
  reference operator*() const { return *at_; }
  TrackingIterator& operator++() {
    *reach_ = ++at_;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackingIterator& other) const { return at_ == other.at_; }
  bool operator!=(const TrackingIterator& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  const char** reach_;
};

// "<source>: line L, column C", columns counted in characters, not bytes.
std::string where(std::string_view text, const std::string& source, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1;
  std::size_t column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++column;
    }
  }
  return source + ": line " + std::to_string(line) + ", column " + std::to_string(column);
}

// Offset of the opening quote of the string whose closing quote is at `close`:
// inside a JSON string a quote is only ever escaped, so walk back to the first
// quote preceded by an even run of backslashes.
std::size_t string_start(std::string_view text, std::size_t close) {
  std::size_t i = close;
  while (i > 0) {
    const std::size_t quote = text.rfind('"', i - 1);
    if (quote == std::string_view::npos) return close;
    std::size_t slashes = 0;
    while (quote > slashes && text[quote - 1 - slashes] == '\\') ++slashes;
    if (slashes % 2 == 0) return quote;
    i = quote;
  }
  return close;
}

std::string hex_byte(char c) {
  static const char* kHex = "0123456789ABCDEF";
  const auto u = static_cast<unsigned char>(c);
  return std::string{kHex[u >> 4], kHex[u & 15]};
}

class StrictSax {
 public:
  StrictSax(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  const char* reach = nullptr;
  Json result;

  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(std::int64_t value) {
    if (value > kMaxExactInteger || value < -kMaxExactInteger) too_big(std::to_string(value));
    return add(value);
  }
  bool number_unsigned(std::uint64_t value) {
    if (value > std::uint64_t(kMaxExactInteger)) too_big(std::to_string(value));
    return add(value);
  }
  // A number beyond 2^53 (and below 1e21, where its canonical form keeps an
  // exponent) is an integer in any spelling ("18446744073709551616",
  // "2.6618261968180413e17"): refused like one, since its canonical form
  // would be digits a reader refuses.
  bool number_float(double value, const std::string& text) {
    double magnitude = value < 0 ? -value : value;
    if (magnitude > double(kMaxExactInteger) && magnitude < 1e21) too_big(text);
    return add(value);
  }
  bool string(std::string& value) { return add(std::move(value)); }
  bool binary(Json::binary_t&) { return add(nullptr); }

  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  // RFC 8785 section 3.1: a name that repeats within one object is an error,
  // since which of the two values counts would differ between readers.
  bool key(std::string& name) {
    // One look-up: the member is made empty, or found already there.
    auto& members = stack_.back()->get_ref<Json::object_t&>();
    auto [it, fresh] = members.try_emplace(std::move(name));
    if (!fresh) {
      const std::size_t close_quote = offset() - 1;
      throw Error("json.duplicate_key", where(text_, source_, string_start(text_, close_quote)) +
                                            ": duplicate key \"" + it->first + "\"");
    }
    member_ = &it->second;
    return true;
  }

  bool parse_error(std::size_t position, const std::string& last_token,
                   const Json::exception& error) {
    std::string message = error.what();
    const std::size_t column = message.find("column ");
    const std::size_t detail_at =
        column == std::string::npos ? message.find("] ") : message.find(": ", column);
    if (detail_at != std::string::npos) message = message.substr(detail_at + 2);
    if (error.id == 406) {
      const std::size_t start = position >= last_token.size() ? position - last_token.size() : 0;
      throw Error("json.number", where(text_, source_, start) + ": " + message);
    }
    const std::size_t at = position > 0 ? position - 1 : 0;
    const bool unicode = message.find("surrogate") != std::string::npos ||
                         message.find("UTF-8") != std::string::npos;
    throw Error(unicode ? "json.utf8" : "json.syntax", where(text_, source_, at) + ": " + message);
  }

 private:
  std::size_t offset() const { return static_cast<std::size_t>(reach - text_.data()); }

  [[noreturn]] void too_big(const std::string& digits) {
    std::size_t end = offset();
    std::size_t start = end >= digits.size() + 1 ? end - digits.size() - 1 : 0;
    throw Error("json.number", where(text_, source_, start) + ": the integer " + digits +
                                   " is beyond 2^53, which JSON numbers cannot carry exactly");
  }

  Json* place(Json value) {
    if (stack_.empty()) {
      result = std::move(value);
      return &result;
    }
    Json& parent = *stack_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    *member_ = std::move(value);
    return member_;
  }

  template <typename T>
  bool add(T&& value) {
    place(Json(std::forward<T>(value)));
    return true;
  }

  bool open(Json container) {
    if (stack_.size() >= kMaxDepth)
      throw Error("json.too_deep", where(text_, source_, offset() - 1) + ": nesting deeper than " +
                                       std::to_string(kMaxDepth));
    stack_.push_back(place(std::move(container)));
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  std::string_view text_;
  const std::string& source_;
  std::vector<Json*> stack_;
  Json* member_ = nullptr;
};

}  // namespace

Json parse_strict(std::string_view text, const std::string& source, std::size_t max_bytes) {
  if (text.size() > max_bytes)
    throw Error("json.too_large", source + ": " + std::to_string(text.size()) +
                                      " bytes, more than the limit of " +
                                      std::to_string(max_bytes));
  if (const std::size_t bad = invalid_utf8_at(text); bad != std::string_view::npos)
    throw Error("json.utf8",
                where(text, source, bad) + ": invalid UTF-8 byte 0x" + hex_byte(text[bad]));

  // nlohmann's lexer takes a NUL byte for the end of the input, so anything
  // after one would pass unread; a JSON text never holds a raw NUL.
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    throw Error("json.syntax", where(text, source, nul) + ": a NUL byte (0x00)");

  StrictSax sax(text, source);
  sax.reach = text.data();
  TrackingIterator first(text.data(), &sax.reach);
  TrackingIterator last(text.data() + text.size(), &sax.reach);
  if (!Json::sax_parse(first, last, &sax)) throw Error("json.syntax", source + ": not a JSON text");
  return std::move(sax.result);
}

}  // namespace adjutant::ledger
