// Typed, strict access to one JSON object: each field read is remembered, and
// finish() rejects the fields nobody read, so a typo in a file is an error
// ("unknown field") instead of a silently ignored order.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace adjutant {

class Fields {
 public:
  // `where` names the object in messages: "orders.json: moves[2]".
  // `id_prefix` starts the error ids: "orders" gives orders.missing_field...
  Fields(const nlohmann::json& object, std::string where, std::string id_prefix);

  bool has(const std::string& key) const;
  const nlohmann::json& any(const std::string& key);
  std::optional<nlohmann::json> any_opt(const std::string& key);
  std::string str(const std::string& key);
  std::optional<std::string> str_opt(const std::string& key);
  long long integer(const std::string& key);
  std::optional<long long> integer_opt(const std::string& key);
  // An integer from lo to hi, else <prefix>.out_of_range.
  long long integer(const std::string& key, long long lo, long long hi);
  // The same for an optional field: fallback when absent.
  long long integer_or(const std::string& key, long long fallback, long long lo, long long hi);
  // A string of exactly `digits` lowercase hex digits, else <prefix>.wrong_type.
  std::string hex(const std::string& key, std::size_t digits);
  bool boolean(const std::string& key, bool fallback);
  const nlohmann::json& object(const std::string& key);
  const nlohmann::json& array(const std::string& key);
  std::optional<nlohmann::json> array_opt(const std::string& key);
  std::vector<std::string> strings(const std::string& key);
  std::vector<std::string> strings_opt(const std::string& key);

  // Throws <prefix>.unknown_field naming the first field not read.
  void finish() const;
  const std::string& where() const { return where_; }

 private:
  [[noreturn]] void type_error(const std::string& key, const char* wanted) const;
  const nlohmann::json& need(const std::string& key);

  const nlohmann::json& object_;
  std::string where_;
  std::string prefix_;
  std::set<std::string> read_;
};

// The JSON type name used in messages ("string", "number", ...).
std::string json_type(const nlohmann::json& j);

}  // namespace adjutant
