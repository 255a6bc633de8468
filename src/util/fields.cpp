#include "util/fields.h"

#include "util/error.h"
#include "util/printable.h"

namespace adjutant {

std::string json_type(const nlohmann::json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "boolean";
  if (j.is_number_integer()) return "integer";
  if (j.is_number()) return "number";
  if (j.is_string()) return "string";
  if (j.is_array()) return "array";
  return "object";
}

Fields::Fields(const nlohmann::json& object, std::string where, std::string id_prefix)
    : object_(object), where_(std::move(where)), prefix_(std::move(id_prefix)) {
  if (!object_.is_object())
    throw Error(prefix_ + ".wrong_type",
                where_ + ": expected an object, found " + json_type(object_));
}

bool Fields::has(const std::string& key) const {
  return object_.contains(key);
}

void Fields::type_error(const std::string& key, const char* wanted) const {
  throw Error(prefix_ + ".wrong_type", where_ + ": field \"" + key + "\" must be " + wanted +
                                           ", found " + json_type(object_.at(key)));
}

const nlohmann::json& Fields::need(const std::string& key) {
  read_.insert(key);
  auto it = object_.find(key);
  if (it == object_.end())
    throw Error(prefix_ + ".missing_field", where_ + ": missing field \"" + key + "\"");
  return *it;
}

const nlohmann::json& Fields::any(const std::string& key) {
  return need(key);
}

std::optional<nlohmann::json> Fields::any_opt(const std::string& key) {
  read_.insert(key);
  if (!has(key)) return std::nullopt;
  return object_.at(key);
}

std::string Fields::str(const std::string& key) {
  const auto& v = need(key);
  if (!v.is_string()) type_error(key, "a string");
  return v.get<std::string>();
}

std::optional<std::string> Fields::str_opt(const std::string& key) {
  read_.insert(key);
  if (!has(key) || object_.at(key).is_null()) return std::nullopt;
  return str(key);
}

long long Fields::integer(const std::string& key) {
  const auto& v = need(key);
  if (!v.is_number_integer()) type_error(key, "an integer");
  return v.get<long long>();
}

long long Fields::integer(const std::string& key, long long lo, long long hi) {
  long long v = integer(key);
  if (v < lo || v > hi)
    throw Error(prefix_ + ".out_of_range", where_ + ": field \"" + key + "\" is " +
                                               std::to_string(v) + ", not from " +
                                               std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

long long Fields::integer_or(const std::string& key, long long fallback, long long lo,
                             long long hi) {
  read_.insert(key);
  if (!has(key)) return fallback;
  return integer(key, lo, hi);
}

std::string Fields::hex(const std::string& key, std::size_t digits) {
  std::string v = str(key);
  bool ok = v.size() == digits;
  for (char c : v) ok = ok && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  if (!ok)
    throw Error(prefix_ + ".wrong_type", where_ + ": field \"" + key + "\" must be " +
                                             std::to_string(digits) +
                                             " lowercase hex digits, found " + in_quotes(v));
  return v;
}

std::optional<long long> Fields::integer_opt(const std::string& key) {
  read_.insert(key);
  if (!has(key)) return std::nullopt;
  return integer(key);
}

bool Fields::boolean(const std::string& key, bool fallback) {
  read_.insert(key);
  if (!has(key)) return fallback;
  const auto& v = object_.at(key);
  if (!v.is_boolean()) type_error(key, "true or false");
  return v.get<bool>();
}

const nlohmann::json& Fields::object(const std::string& key) {
  const auto& v = need(key);
  if (!v.is_object()) type_error(key, "an object");
  return v;
}

const nlohmann::json& Fields::array(const std::string& key) {
  const auto& v = need(key);
  if (!v.is_array()) type_error(key, "an array");
  return v;
}

std::optional<nlohmann::json> Fields::array_opt(const std::string& key) {
  read_.insert(key);
  if (!has(key)) return std::nullopt;
  return array(key);
}

std::vector<std::string> Fields::strings(const std::string& key) {
  std::vector<std::string> out;
  for (const auto& v : array(key)) {
    if (!v.is_string()) type_error(key, "an array of strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

std::vector<std::string> Fields::strings_opt(const std::string& key) {
  read_.insert(key);
  if (!has(key)) return {};
  return strings(key);
}

void Fields::finish() const {
  for (const auto& [key, value] : object_.items())
    if (!read_.count(key))
      throw Error(prefix_ + ".unknown_field", where_ + ": unknown field " + in_quotes(key));
}

}  // namespace adjutant
