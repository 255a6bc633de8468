#include "game/secrets.h"

#include <cstdlib>
#include <set>

#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::game {

fs::path secrets_dir(const std::string& option) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("ADJUTANT_SECRETS"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    return fs::path(xdg) / "adjutant";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".local" / "share" / "adjutant";
  throw Error("secrets.no_home",
              "no folder for keys and dice chains: give --secrets DIR or set ADJUTANT_SECRETS",
              Exit::kUsage);
}

fs::path chain_file(const fs::path& secrets, const std::string& anchor_raw) {
  return secrets / "chains" / (ledger::to_hex(anchor_raw).substr(0, 16) + ".chain");
}

fs::path keys_dir(const fs::path& secrets) {
  return secrets / "keys";
}

ledger::ChainSecret chain_for(const Party& party, const fs::path& secrets, const fs::path& given) {
  fs::path file = given.empty() ? chain_file(secrets, party.anchor) : given;
  std::error_code ec;
  if (given.empty() && !fs::exists(file, ec))
    throw Error("chain.not_found",
                "no dice chain of " + party.id + " (anchor " +
                    ledger::to_hex(party.anchor).substr(0, 16) + "...) in " +
                    (secrets / "chains").string() +
                    "; give --chain FILE, or --secrets DIR where `adjutant join` kept it",
                Exit::kUsage);
  ledger::ChainSecret chain = ledger::load_chain(file);
  if (ledger::anchor(chain) != party.anchor)
    throw Error("adjudicate.wrong_chain",
                file.string() + ": not the dice chain " + party.id + " published", Exit::kUsage);
  return chain;
}

namespace {

std::vector<fs::path> key_files(const fs::path& secrets) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(keys_dir(secrets), ec))
    if (e.path().extension() == ".key") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

ledger::SigningKey key_for(const Party& party, const fs::path& secrets, const fs::path& given,
                           const std::string& role) {
  if (!given.empty()) {
    auto key = ledger::SigningKey::load_pem(given);
    if (key.public_raw() != party.public_key)
      throw Error("adjudicate.wrong_key",
                  given.string() + ": not the key of " + party.id + ", " + role, Exit::kUsage);
    return key;
  }
  for (const auto& f : key_files(secrets)) {
    try {
      auto key = ledger::SigningKey::load_pem(f);
      if (key.public_raw() == party.public_key) return key;
    } catch (const Error&) {
    }
  }
  throw Error("key.not_found",
              "no private key of " + party.id + " (key id " + party.key_id + ") in " +
                  keys_dir(secrets).string() + "; give --key FILE",
              Exit::kUsage);
}

std::vector<Party> parties_of_keys(const Archive& archive, const fs::path& secrets,
                                   const fs::path& given, bool players_only) {
  std::set<std::string> pubs;
  if (!given.empty()) {
    pubs.insert(ledger::SigningKey::load_pem(given).public_raw());
  } else {
    for (const auto& f : key_files(secrets)) {
      try {
        pubs.insert(ledger::SigningKey::load_pem(f).public_raw());
      } catch (const Error&) {
      }
    }
  }
  std::vector<Party> out;
  for (const auto& p : archive.parties())
    if (pubs.count(p.public_key) && !(players_only && p.id == "umpire")) out.push_back(p);
  return out;
}

void remember_archive(const fs::path& secrets, const fs::path& archive) {
  std::error_code ec;
  fs::path abs = fs::absolute(archive, ec);
  auto known = remembered_archives(secrets);
  for (const auto& k : known)
    if (k == abs) return;
  std::string text;
  for (const auto& k : known) text += k.string() + "\n";
  text += abs.string() + "\n";
  fs::create_directories(secrets, ec);
  try {
    write_file_atomic(secrets / "archives.txt", text, 0600);
  } catch (const Error&) {
    // A list to catch reused chains; not being able to keep it is no failure.
  }
}

std::vector<fs::path> remembered_archives(const fs::path& secrets) {
  std::vector<fs::path> out;
  std::string text;
  try {
    text = read_file(secrets / "archives.txt", kMaxJsonFile);
  } catch (const Error&) {
    return out;
  }
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

namespace {

// The anchors of the cards in an archive's game.json (no verification: a
// hint where a chain was used before).
std::vector<std::pair<std::string, std::string>> card_anchors(const fs::path& archive) {
  std::vector<std::pair<std::string, std::string>> out;
  try {
    Json g = ledger::parse_strict(read_file(archive / "game.json", kMaxJsonFile), "game.json");
    for (const auto& card : g.at("cards")) {
      const Json& b = card.at("body");
      out.push_back({ledger::from_hex(b.at("dice").at("anchor").get<std::string>()),
                     g.value("name", "") + " (" + b.value("party", "") + ")"});
    }
  } catch (const std::exception&) {
  }
  return out;
}

}  // namespace

std::string anchor_in_use(const fs::path& secrets, const fs::path& near,
                          const std::string& anchor_raw, const std::string& game,
                          const std::string& party, const fs::path& except_archive) {
  std::vector<fs::path> archives = remembered_archives(secrets);
  std::error_code ec;
  if (!near.empty())
    for (const auto& e : fs::directory_iterator(near, ec))
      if (fs::exists(e.path() / "game.json", ec)) archives.push_back(e.path());
  fs::path except = except_archive.empty() ? fs::path() : fs::absolute(except_archive, ec);
  for (const auto& a : archives) {
    if (!except.empty() && fs::absolute(a, ec) == except) continue;
    for (const auto& [anchor, who] : card_anchors(a))
      if (anchor == anchor_raw) return "the card of " + who + " in " + a.string();
  }
  for (const auto& e : fs::directory_iterator(secrets / "chains", ec)) {
    if (e.path().extension() != ".chain") continue;
    try {
      auto c = ledger::load_chain(e.path());
      if (ledger::anchor(c) == anchor_raw && !c.game.empty() &&
          (c.game != game || c.party != party))
        return e.path().string() + ", drawn for " + c.game + " (" + c.party + ")";
    } catch (const Error&) {
    }
  }
  return "";
}

std::vector<std::string> secrets_inside(const fs::path& archive) {
  std::error_code ec;
  if (!fs::exists(archive / ".secret", ec)) return {};
  return {(archive / ".secret").string() +
          " holds private material inside the archive, which travels with every copy of it: "
          "move it to the secrets folder (docs/guide.md \"Secrets\")"};
}

}  // namespace adjutant::game
