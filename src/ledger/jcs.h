// RFC 8785 JSON Canonicalization Scheme and the strict parser every file read
// goes through (duplicate keys, bad UTF-8 and oversize input are errors).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace adjutant::ledger {

using Json = nlohmann::json;

// The largest integer magnitude JSON numbers carry exactly (RFC 8785 numbers
// are IEEE doubles): readers and the canonical writer refuse larger ones.
inline constexpr std::int64_t kMaxExactInteger = std::int64_t{1} << 53;

// Parses JSON text; throws Error with id json.syntax (also for a NUL byte
// anywhere: nothing may follow the value), json.duplicate_key, json.utf8,
// json.too_deep, json.too_large or json.number (an integer beyond 2^53),
// naming `source` and the line and column. Numbers keep nlohmann's
// integer/float distinction.
Json parse_strict(std::string_view text, const std::string& source,
                  std::size_t max_bytes = 16u << 20);

// RFC 8785: UTF-16 code unit key order, ECMAScript number formatting,
// minimal string escaping, no whitespace.
std::string canonical(const Json& value);

// Appends canonical(value), or a string value's canonical form, to `out`:
// for writers that put a canonical document together piece by piece.
void append_canonical(const Json& value, std::string& out);
void append_canonical_string(const std::string& value, std::string& out);

// canonical(a) == canonical(b) (and throws as it does), without writing
// either out when the two are the same value of the same types.
bool same_canonical(const Json& a, const Json& b);

// The value `text` is the canonical form of, read in one pass that checks
// every byte is the one canonical() writes there: nullopt when `text` is
// not canonical, or holds what this reader leaves to parse_strict and
// canonical() to judge (a number that is not an integer of up to 15 digits,
// a name with a character above U+FFFF, nesting deeper than 32). Where it
// gives a value, parse_strict(text) gives the same one, with the same
// types, and canonical() of it is `text`.
std::optional<Json> parse_canonical(std::string_view text);

// parse_strict + canonical.
std::string canonical_text(std::string_view text, const std::string& source);

// Whether `name` holds a character above U+FFFF (a 4-byte UTF-8 sequence):
// only such names may sort differently in RFC 8785's UTF-16 order than in
// byte (code point) order.
bool has_astral_character(std::string_view name);

// Byte offset of the first byte that does not start a well-formed UTF-8
// sequence (RFC 3629: no overlongs, surrogates or values above U+10FFFF), or
// std::string_view::npos when all of `text` is valid.
std::size_t invalid_utf8_at(std::string_view text);

}  // namespace adjutant::ledger
