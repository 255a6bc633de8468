#include "game/genesis.h"

#include <set>

#include "game/caches.h"
#include "game/fog.h"
#include "game/log.h"
#include "game/posts.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/fields.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace {

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > 32) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

}  // namespace

// A name shown in reports and mail headers: no control characters (a CR LF
// would forge a header line), 1 to 100 bytes.
void check_name(const std::string& name, const std::string& what, const std::string& source) {
  if (name.empty() || name.size() > 100 || has_control(name))
    throw Error("card.bad_name",
                source + ": " + what + " " + in_quotes(name) +
                    " must be 1 to 100 characters without control characters",
                Exit::kBadInput);
}

// An e-mail address as it goes into To: and SMTP RCPT: local@domain, with
// no spaces, control characters, quotes, commas or angle brackets.
void check_email(const std::string& email, const std::string& source) {
  bool ok = !email.empty() && email.size() <= 254;
  std::size_t at = email.rfind('@');
  ok = ok && at != std::string::npos && at > 0 && at + 1 < email.size() && email.find('@') == at;
  for (unsigned char c : email)
    ok = ok && c > 0x20 && c < 0x7f && c != '<' && c != '>' && c != '"' && c != ',' && c != ';' &&
         c != '(' && c != ')' && c != '\\' && c != '[' && c != ']';
  if (!ok)
    throw Error("card.bad_email",
                source + ": " + in_quotes(email) + " is not an e-mail address (name@example.org)",
                Exit::kBadInput);
}

Json card_body(const std::string& game_name, const std::string& party, const std::string& name,
               const std::string& email, const ledger::SigningKey& key,
               const ledger::ChainSecret& chain) {
  return card_body(game_name, party, name, email, key.public_raw(), ledger::anchor(chain),
                   chain.length);
}

Json card_body(const std::string& game_name, const std::string& party, const std::string& name,
               const std::string& email, const std::string& public_raw,
               const std::string& anchor_raw, std::uint32_t length) {
  if (!valid_id(party))
    throw Error("card.bad_party", "side " + in_quotes(party) + " must be 1-32 of a-z 0-9 _ -",
                Exit::kUsage);
  check_name(game_name, "the game's name", "join");
  check_name(name, "the name", "join");
  check_email(email, "join");
  return Json{{"format", kCardFormat},
              {"game", game_name},
              {"party", party},
              {"name", name},
              {"email", email},
              {"key", ledger::base64url(public_raw)},
              {"dice", {{"anchor", ledger::to_hex(anchor_raw)}, {"length", length}}}};
}

Party party_from_card(const Json& envelope, const std::string& source) {
  ledger::Envelope env = ledger::parse_envelope(envelope, source);
  if (env.payload_type != ledger::kCardType)
    throw Error("card.type", source + ": not a player card (payloadType " + env.payload_type + ")");
  if (env.signatures.size() != 1)
    throw Error("card.signatures", source + ": a player card carries exactly one signature");
  Fields f(env.body, source, "card");
  if (f.str("format") != kCardFormat)
    throw Error("card.format", source + ": format must be \"" + std::string(kCardFormat) + "\"");
  check_name(f.str("game"), "the game's name", source);
  Party p;
  p.id = f.str("party");
  p.name = f.str("name");
  p.email = f.str("email");
  check_name(p.name, "the name", source);
  check_email(p.email, source);
  p.public_key = ledger::from_base64url(f.str("key"));
  if (p.public_key.size() != 32)
    throw Error("card.key", source + ": key must be a 32-byte Ed25519 public key");
  p.key_id = ledger::key_id(p.public_key);
  Fields d(f.object("dice"), source + ": dice", "card");
  p.anchor = ledger::from_hex(d.hex("anchor", 64));
  p.chain_length = std::uint32_t(d.integer("length", 1, 4294967295LL));
  d.finish();
  f.finish();
  if (!valid_id(p.id)) throw Error("card.bad_party", source + ": bad party id " + in_quotes(p.id));
  if (p.anchor.size() != 32) throw Error("card.dice", source + ": dice anchor must be 32 bytes");
  if (p.chain_length < 1) throw Error("card.dice", source + ": dice chain length must be >= 1");
  if (!ledger::verify_envelope(env, ledger::kCardType, p.public_key))
    throw Error("card.bad_signature",
                source + ": the card is not signed by the key it names (party " + p.id + ")");
  return p;
}

int deadline_hours_of(const Json& genesis) {
  if (genesis.is_object() && genesis.contains("deadline_hours") &&
      genesis["deadline_hours"].is_number_integer()) {
    long long h = genesis["deadline_hours"].get<long long>();
    if (h >= 1 && h <= 8760) return int(h);
  }
  return 72;
}

std::string phase_deadline(const Json& genesis, const std::string& began, int extension_hours) {
  try {
    return format_rfc3339(parse_rfc3339(began) +
                          std::int64_t(deadline_hours_of(genesis) + extension_hours) * 3600);
  } catch (const Error&) {
    return "";
  }
}

std::vector<Party> genesis_parties(const Json& genesis) {
  std::vector<Party> players;
  std::vector<Party> umpire;
  int i = 0;
  if (!genesis.is_object() || !genesis.contains("cards") || !genesis["cards"].is_array())
    throw Error("card.missing_field", "genesis has no \"cards\" array");
  for (const auto& card : genesis["cards"]) {
    Party p = party_from_card(card, "genesis card " + std::to_string(i++));
    (p.id == "umpire" ? umpire : players).push_back(p);
  }
  std::sort(players.begin(), players.end(),
            [](const Party& a, const Party& b) { return a.id < b.id; });
  for (auto& u : umpire) players.push_back(u);
  return players;
}

Json genesis_body(const NewGame& g, const rules::Ruleset& ruleset, FogSalts* salts) {
  std::set<std::string> seen;
  std::set<std::string> anchors;
  std::vector<std::string> sides = ruleset.sides();
  Json cards = Json::array();
  for (std::size_t i = 0; i < g.cards.size(); ++i) {
    std::string source = "card " + std::to_string(i + 1);
    Party p = party_from_card(g.cards[i], source);
    std::string game = g.cards[i]["body"]["game"].get<std::string>();
    if (game != g.name)
      throw Error("new.card_game", source + " (" + p.id + "): made for game \"" + game +
                                       "\", not \"" + g.name + "\"");
    bool is_side = std::find(sides.begin(), sides.end(), p.id) != sides.end();
    if (!is_side && p.id != "umpire")
      throw Error("new.card_party",
                  source + ": \"" + p.id + "\" is neither a side of the scenario nor \"umpire\"");
    if (!seen.insert(p.id).second)
      throw Error("new.card_party", source + ": a second card for \"" + p.id + "\"");
    // Two parties revealing one chain would each know the other's dice.
    if (!anchors.insert(p.anchor).second)
      throw Error("new.card_anchor", source + " (" + p.id +
                                         "): the same dice chain as another card; each party "
                                         "draws its own chain for each game");
    cards.push_back(g.cards[i]);
  }
  for (const auto& s : sides)
    if (!seen.count(s)) throw Error("new.missing_side", "no player card for side \"" + s + "\"");
  // Fog of war (docs/protocol.md 10a): the umpire keeps the salts and seals
  // each side's copy, so the umpire makes the game.
  if (ruleset.fog_of_war() && (!seen.count("umpire") || g.host != "umpire"))
    throw Error(
        "new.fog_host",
        "the " + ruleset.id() +
            " game hides information from its sides: it needs an umpire, who makes the "
            "game (--host umpire) and keeps the salts of its commitments; no game was made");
  if (ruleset.umpire_required() && !seen.count("umpire"))
    throw Error("new.umpire_required",
                "the " + ruleset.id() + " rules need an umpire: add the umpire's card");
  if (!seen.count(g.host))
    throw Error("new.host", "the host \"" + g.host + "\" has no card in this game", Exit::kUsage);
  if (g.protocol < 1 || g.protocol > kLatestProtocol)
    throw Error("new.protocol",
                "protocol version " + std::to_string(g.protocol) + " is not one of 1 to " +
                    std::to_string(kLatestProtocol),
                Exit::kUsage);
  Json body = {{"format", game_format(g.protocol)},
               {"name", g.name},
               {"created", g.created},
               {"deadline_hours", g.deadline_hours},
               {"scenario",
                {{"id", g.scenario.value("id", "")},
                 {"title", g.scenario.value("title", "")},
                 {"sha256", ledger::sha256_hex(ledger::canonical(g.scenario))}}},
               {"ruleset", {{"id", ruleset.id()}, {"version", ruleset.version()}}},
               {"host", g.host},
               {"cards", cards}};
  if (ruleset.fog_of_war()) {
    // A plain hash of the scenario would let a side try candidates for the
    // hidden start; a fog game pins it by a salted commitment instead.
    if (!salts) throw Error("new.fog_host", "a fog-of-war game is made with the umpire's salts");
    body["scenario"].erase("sha256");
    // From protocol 2 not even its id and title: a side could look the
    // shipped scenario file up by them (docs/protocol.md 10a).
    if (g.protocol >= 2) body.erase("scenario");
    body["fog"] = fog_genesis(ruleset, g.scenario, *salts, g.protocol);
  }
  return body;
}

void create_archive(const fs::path& dir, const NewGame& g, const ledger::SigningKey& host_key,
                    const TurnWriter& outputs) {
  auto ruleset = rules::make_ruleset(g.scenario, "scenario", g.ruleset_version);
  FogSalts salts;
  // The genesis salts come from the host's key and this game's own inputs
  // (its cards carry fresh chain anchors), as every later one does from the
  // game id (docs/protocol.md 10a).
  salts.signer = &host_key;
  salts.context = "genesis" + ledger::lp(g.name) + ledger::lp(g.created);
  for (const auto& c : g.cards) salts.context += ledger::lp(ledger::sha256(c.dump()));
  Json body = genesis_body(g, *ruleset, &salts);
  Party host;
  for (const auto& p : genesis_parties(body))
    if (p.id == g.host) host = p;
  if (host.public_key != host_key.public_raw())
    throw Error("new.host_key", "the signing key is not the key on " + g.host + "'s card",
                Exit::kUsage);
  if (fs::exists(dir) && !fs::is_empty(dir))
    throw Error("new.exists", dir.string() + ": exists and is not empty", Exit::kUsage);
  bool made = !fs::exists(dir);
  fs::create_directories(dir);
  // All or nothing: a failure on the way removes what this run made.
  try {
    FolderLock lock(dir);
    fs::create_directories(dir / "inbox");
    fs::create_directories(dir / "turns");
    model::State state = ruleset->initial_state();
    if (ruleset->fog_of_war()) salts.save(dir);
    write_file_atomic(dir / "scenario.json", g.scenario_text);
    write_file_atomic(dir / "game.json", body.dump(2) + "\n");
    write_file_atomic(dir / "state.json", state.to_json().dump(2) + "\n");
    write_file_atomic(dir / "log.jsonl",
                      make_entry_line(0, kZeroHash, "genesis", body, host_key) + "\n");
    // The invitation: the first post, mailed to every party.
    Archive archive = Archive::open(dir);
    rebuild_turn(archive, posts(archive).front(), outputs);
  } catch (...) {
    std::error_code ec;
    if (made) {
      fs::remove_all(dir, ec);
    } else {
      for (const auto& e : fs::directory_iterator(dir, ec)) fs::remove_all(e.path(), ec);
    }
    throw;
  }
}

}  // namespace adjutant::game
