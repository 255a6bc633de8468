#include "ledger/chain.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::ledger {

namespace {

[[noreturn]] void format_error(const std::filesystem::path& file, const std::string& what) {
  throw Error("chain.format", file.string() + ": " + what);
}

}  // namespace

std::string chain_step(std::uint32_t i, std::string_view s_i) {
  return sha256(lp("adjutant-dice-v1/chain") + u32(i) + std::string(s_i));
}

ChainSecret new_chain(std::uint32_t length) {
  if (length == 0) throw Error("chain.length", "a dice chain needs at least one link");
  ChainSecret c;
  c.length = length;
  c.top = random_bytes(32);
  return c;
}

std::string link(const ChainSecret& c, std::uint32_t i) {
  if (i > c.length)
    throw Error("chain.exhausted", "dice chain link " + std::to_string(i) +
                                       " asked for, but the chain has only " +
                                       std::to_string(c.length) + " (start a new game)");
  std::string s = c.top;
  for (std::uint32_t j = c.length; j > i; --j) s = chain_step(j, s);
  return s;
}

std::string anchor(const ChainSecret& c) {
  return link(c, 0);
}

bool check_link(std::uint32_t m, std::string_view s_m, std::uint32_t known_m,
                std::string_view known) {
  if (m < known_m || s_m.size() != 32 || known.size() != 32) return false;
  std::string s(s_m);
  for (std::uint32_t j = m; j > known_m; --j) s = chain_step(j, s);
  return s == known;
}

void save_chain(const std::filesystem::path& file, const ChainSecret& c) {
  Json j = Json::object();
  j["format"] = kChainFormat;
  j["length"] = c.length;
  j["top"] = to_hex(c.top);
  if (!c.game.empty()) j["game"] = c.game;
  if (!c.party.empty()) j["party"] = c.party;
  write_private_file(file, canonical(j) + "\n", "chain.write");
}

ChainSecret load_chain(const std::filesystem::path& file) {
  std::string text;
  try {
    text = read_file(file, kMaxSmallFile);
  } catch (const Error& e) {
    throw Error("chain.read", e.detail(), e.exit_code());
  }
  Json j = parse_strict(text, file.string());
  if (!j.is_object()) format_error(file, "must be a JSON object");
  for (const auto& [name, value] : j.items()) {
    if (name != "format" && name != "length" && name != "top" && name != "game" && name != "party")
      format_error(file, "unknown field " + name);
    if ((name == "game" || name == "party") && !value.is_string())
      format_error(file, name + " must be a string");
  }
  if (!j.contains("format") || j.at("format") != kChainFormat)
    format_error(file, std::string("format must be \"") + kChainFormat + "\"");
  const Json* length = j.contains("length") ? &j.at("length") : nullptr;
  if (!length || !length->is_number_integer() || length->get<std::int64_t>() < 1 ||
      length->get<std::int64_t>() > std::int64_t{UINT32_MAX})
    format_error(file, "length must be an integer from 1 to 4294967295");
  if (!j.contains("top") || !j.at("top").is_string() || j.at("top").get<std::string>().size() != 64)
    format_error(file, "top must be 64 hex digits");
  ChainSecret c;
  c.length = static_cast<std::uint32_t>(length->get<std::int64_t>());
  try {
    c.top = from_hex(j.at("top").get<std::string>());
  } catch (const Error&) {
    format_error(file, "top must be 64 hex digits");
  }
  if (j.contains("game")) c.game = j["game"].get<std::string>();
  if (j.contains("party")) c.party = j["party"].get<std::string>();
  return c;
}

}  // namespace adjutant::ledger
