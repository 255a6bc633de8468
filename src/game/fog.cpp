// The umpire's side of fog of war (docs/protocol.md 10a): the salts, the
// commitments of genesis, and a side's sealed copy of the archive.
#include "game/fog.h"

#include <algorithm>

#include "game/adjudicate.h"
#include "game/log.h"
#include "ledger/dice_draw.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

namespace {

std::string salt_key(int line, const std::string& kind) {
  return std::to_string(line) + "/" + kind;
}

}  // namespace

const std::string& FogSalts::get(int line, const std::string& kind) {
  std::string key = salt_key(line, kind);
  auto it = salts.find(key);
  if (it != salts.end()) return it->second;
  std::string salt(32, '\0');
  if (signer)
    salt = ledger::sha256(
        signer->sign(ledger::lp("adjutant-fog-v1/salt") + ledger::lp(context) + ledger::lp(key)));
  else
    salt = ledger::random_bytes(32);
  changed = true;
  return salts[key] = salt;
}

std::optional<std::string> FogSalts::find(int line, const std::string& kind) const {
  auto it = salts.find(salt_key(line, kind));
  if (it == salts.end()) return std::nullopt;
  return it->second;
}

FogSalts FogSalts::load(const fs::path& dir) {
  FogSalts out;
  fs::path file = dir / kFogSaltsFile;
  if (!fs::exists(file)) return out;
  Json j = ledger::parse_strict(read_file(file), file.string());
  if (!j.is_object() || j.value("format", "") != kFogSaltsFormat || !j.contains("salts") ||
      !j["salts"].is_object() || !j.contains("revealed") || !j["revealed"].is_boolean())
    throw Error("fog.salts", file.string() + ": not a salts file of " + kFogSaltsFormat,
                Exit::kVerifyFailed);
  for (const auto& [key, value] : j["salts"].items()) {
    std::string raw = value.is_string() ? ledger::from_hex(value.get<std::string>()) : "";
    if (raw.size() != 32)
      throw Error("fog.salts", file.string() + ": the salt of " + key + " is not 32 bytes",
                  Exit::kVerifyFailed);
    out.salts[key] = raw;
  }
  out.revealed = j["revealed"].get<bool>();
  return out;
}

void FogSalts::save(const fs::path& dir) const {
  Json s = Json::object();
  for (const auto& [key, raw] : salts) s[key] = ledger::to_hex(raw);
  Json j = {{"format", kFogSaltsFormat}, {"salts", s}, {"revealed", revealed}};
  // Secret until the end of the game: readable by the umpire alone.
  write_file_atomic(dir / kFogSaltsFile, j.dump(2) + "\n", 0600);
}

std::string commit_hex(const std::string& kind, const std::string& salt, const Json& content) {
  return ledger::to_hex(ledger::commitment(kind, salt, content));
}

Json side_view(const rules::Ruleset& ruleset, const model::State& state, const std::string& side,
               int protocol) {
  Json view = ruleset.view(state, side).to_json();
  if (protocol >= 2 && view.contains("scenario")) view["scenario"] = kSealedScenario;
  return view;
}

Json side_part(const rules::Ruleset& ruleset, const Json& scenario, const std::string& side,
               int protocol) {
  Json part = ruleset.side_scenario(scenario, side);
  if (protocol >= 2 && part.is_object()) {
    if (part.contains("id")) part["id"] = kSealedScenario;
    if (part.contains("title")) part["title"] = "";
  }
  return part;
}

Json fog_genesis(const rules::Ruleset& ruleset, const Json& scenario, FogSalts& salts,
                 int protocol) {
  Json out = {{"scenario", commit_hex("scenario", salts.get(0, "scenario"), scenario)}};
  model::State initial = ruleset.initial_state();
  for (const auto& side : ruleset.sides()) {
    std::string kind = "view:" + side;
    out[kind] = commit_hex(kind, salts.get(0, kind), side_view(ruleset, initial, side, protocol));
  }
  return out;
}

bool is_fog_genesis(const Json& genesis) {
  return genesis.is_object() && genesis.contains("fog");
}

void check_fog_genesis(const Archive& a) {
  const Json& fog = a.genesis()["fog"];
  FogSalts salts;
  try {
    salts = FogSalts::load(a.dir());
  } catch (const Error& e) {
    throw Error("verify.scenario", e.detail(), Exit::kVerifyFailed);
  }
  auto opens = [&](const std::string& kind, const Json& content) {
    auto salt = salts.find(0, kind);
    if (!salt)
      throw Error("verify.scenario",
                  std::string("fog of war: no salt of ") + kind + " in " + kFogSaltsFile +
                      " (the umpire's copy keeps them beside the log)",
                  Exit::kVerifyFailed);
    if (!fog.contains(kind) || !fog[kind].is_string() ||
        fog[kind].get<std::string>() != commit_hex(kind, *salt, content))
      throw Error("verify.scenario",
                  "fog of war: genesis's commitment of " + kind + " does not open to " +
                      (kind == "scenario" ? "scenario.json" : "the initial view"),
                  Exit::kVerifyFailed);
  };
  if (!fog.is_object() || fog.size() != a.ruleset().sides().size() + 1)
    throw Error("verify.scenario",
                "fog of war: genesis's \"fog\" must commit the scenario and "
                "each side's initial view",
                Exit::kVerifyFailed);
  opens("scenario", a.scenario_json());
  model::State initial = a.ruleset().initial_state();
  for (const auto& side : a.ruleset().sides())
    opens("view:" + side, side_view(a.ruleset(), initial, side, a.protocol()));
}

namespace {

Json opening(int line, const std::string& kind, const std::string& salt, const Json& content) {
  return {{"line", line}, {"kind", kind}, {"salt", ledger::to_hex(salt)}, {"content", content}};
}

// The committed items of the adjudication `adj`, logged as `body`, by kind.
// From protocol 2 the adjudicator's link and the seed are committed too
// ("seed"): with them in clear a side could roll every die of the
// adjudication, the enemy's hidden draws among them (docs/protocol.md 10a).
std::map<std::string, Json> adjudication_items(const Archive& a, const Adjudication& adj,
                                               const Json& body) {
  std::map<std::string, Json> items;
  Json echo = Json::array();
  for (const auto& line : adj.echo) echo.push_back(line);
  items["rolls"] = adj.rolls;
  items["echo"] = echo;
  items["events"] = adj.events;
  items["state"] = adj.after.to_json();
  if (a.protocol() >= 2) items["seed"] = {{"reveal", body["reveal"]}, {"seed", body["seed"]}};
  for (const auto& side : a.ruleset().sides()) {
    items["view:" + side] = side_view(a.ruleset(), adj.after, side, a.protocol());
    items["events:" + side] = a.ruleset().visible_events(adj.events, side);
  }
  return items;
}

struct Sealed {
  std::vector<std::string> lines;
  Json packet_openings = Json::array();
  Json all_openings = Json::array();
  Json signatures = Json::array();
};

Sealed seal_lines(const Archive& a, const std::string& side, FogSalts& salts,
                  const ledger::SigningKey& umpire) {
  Sealed out;
  const auto& log = a.log();
  std::map<int, Adjudication> adjudications;
  for (auto& adj : a.adjudications()) adjudications.emplace(adj.seq, std::move(adj));
  // Line 0: the scenario and each side's initial view.
  out.all_openings.push_back(opening(0, "scenario", salts.get(0, "scenario"), a.scenario_json()));
  model::State initial = a.ruleset().initial_state();
  for (const auto& s : a.ruleset().sides()) {
    std::string kind = "view:" + s;
    Json o = opening(0, kind, salts.get(0, kind), side_view(a.ruleset(), initial, s, a.protocol()));
    if (s == side) out.packet_openings.push_back(o);
    out.all_openings.push_back(o);
  }
  out.lines.push_back(log.front().line);
  for (std::size_t n = 1; n < log.size(); ++n) {
    const LogEntry& e = log[n];
    int seq = int(n);
    if (e.kind == "orders") {
      const Json& b = e.body["body"];
      std::string c = commit_hex("orders", salts.get(seq, "orders"), e.body);
      Json body = {{"line", e.hash},      {"side", b["side"]},   {"turn", b["turn"]},
                   {"phase", b["phase"]}, {"after", b["after"]}, {"reveal", b["reveal"]},
                   {"orders", c}};
      Json o = opening(seq, "orders", salts.get(seq, "orders"), e.body);
      if (b["side"] == side) out.packet_openings.push_back(o);
      out.all_openings.push_back(o);
      out.signatures.push_back({{"line", seq}, {"sig", e.sig}});
      out.lines.push_back(make_entry_line(seq, e.prev, "sealed-orders", body, umpire));
    } else if (e.kind == "adjudication") {
      const Adjudication& adj = adjudications.at(seq);
      Json commit = Json::object();
      for (const auto& [kind, content] : adjudication_items(a, adj, e.body)) {
        const std::string& salt = salts.get(seq, kind);
        commit[kind] = commit_hex(kind, salt, content);
        Json o = opening(seq, kind, salt, content);
        if (kind == "view:" + side || kind == "events:" + side) out.packet_openings.push_back(o);
        out.all_openings.push_back(o);
      }
      const Json& b = e.body;
      Json body = {
          {"line", e.hash},        {"t", b["t"]},
          {"turn", b["turn"]},     {"phase", b["phase"]},
          {"orders", b["orders"]}, {"adjudicator", b["adjudicator"]},
          {"reveal", b["reveal"]}, {"reveals", b["reveals"]},
          {"seed", b["seed"]},     {"at", b["at"]},
          {"side", side},          {"visible", a.ruleset().visible_events(adj.events, side)},
          {"commit", commit}};
      if (a.protocol() >= 2) {
        body.erase("reveal");
        body.erase("seed");
      }
      out.signatures.push_back({{"line", seq}, {"sig", e.sig}});
      out.lines.push_back(make_entry_line(seq, e.prev, "sealed-adjudication", body, umpire));
    } else {
      // Genesis, rulings and ends hide nothing: the same line.
      out.lines.push_back(e.line);
    }
  }
  if (salts.revealed) {
    Json body = {{"openings", out.all_openings}, {"signatures", out.signatures}};
    out.lines.push_back(make_entry_line(int(log.size()), a.head(), "openings", body, umpire));
  }
  return out;
}

void require_fog(const Archive& a) {
  if (!a.ruleset().fog_of_war() || !is_fog_genesis(a.genesis()))
    throw Error("seal.not_fog", a.name() + " is not a fog-of-war game: every copy is the same log",
                Exit::kUsage);
}

void require_side(const Archive& a, const std::string& side) {
  auto sides = a.ruleset().sides();
  if (std::find(sides.begin(), sides.end(), side) == sides.end())
    throw Error("seal.side", "\"" + side + "\" is not a side of " + a.name(), Exit::kUsage);
}

// The side's part of the scenario, when the ruleset gives one: an opening
// (into `openings`) of a commitment the umpire signs outside the log (into
// `commitments`); genesis, signed before, commits the whole scenario only.
void seal_part(const Archive& a, const std::string& side, FogSalts& salts,
               const ledger::SigningKey& umpire, Json& commitments, Json& openings) {
  Json part = side_part(a.ruleset(), a.scenario_json(), side, a.protocol());
  if (part.is_null()) return;
  std::string kind = "scenario:" + side;
  const std::string& salt = salts.get(0, kind);
  Json body = {{"format", kFogCommitmentFormat},
               {"game", a.game_id()},
               {"side", side},
               {"line", 0},
               {"kind", kind},
               {"commit", commit_hex(kind, salt, part)}};
  commitments.push_back(ledger::sign_envelope(kFogCommitmentType, body, umpire));
  openings.push_back(opening(0, kind, salt, part));
}

}  // namespace

SealResult seal_copy(const fs::path& game, const std::string& side, const fs::path& out,
                     const SealOptions& options) {
  std::error_code ec;
  if (fs::exists(out) && fs::equivalent(out, game, ec))
    throw Error("seal.out", "--out must not be the umpire's archive itself", Exit::kUsage);
  FolderLock lock(game);
  ReadGame g(game);
  const Archive& a = g.archive;
  require_fog(a);
  require_side(a, side);
  FogSalts salts = FogSalts::load(game);
  AdjudicateOptions ao;
  ao.key = options.key;
  ao.secrets = options.secrets;
  SigningParty umpire = load_signing_party(a, "umpire", ao, false, "who seals the copies");
  salts.signer = &umpire.key;
  salts.context = a.game_id();
  Sealed sealed = seal_lines(a, side, salts, umpire.key);
  Json commitments = Json::array();
  seal_part(a, side, salts, umpire.key, commitments, sealed.packet_openings);
  // The salts first: a sealed line is never published with a salt the
  // umpire could lose.
  if (salts.changed) salts.save(game);
  std::string text;
  for (const auto& l : sealed.lines) text += l + "\n";
  Json packet = {{"format", kPacketFormat},
                 {"game", a.game_id()},
                 {"side", side},
                 {"openings", sealed.packet_openings}};
  if (!commitments.empty()) packet["commitments"] = commitments;
  // The phase due, when it waits on this side: what its next order file
  // names (a hint for signing; the umpire's intake is the check).
  rules::PhaseInfo ph = g.replay.phase();
  auto waiting = ph.waiting_on();
  if (std::find(waiting.begin(), waiting.end(), side) != waiting.end())
    packet["due"] = {{"turn", ph.turn}, {"phase", ph.name}, {"after", g.replay.expected_after()}};
  fs::create_directories(out);
  write_file_atomic(out / "game.json", a.genesis().dump(2) + "\n");
  write_file_atomic(out / "log.jsonl", text);
  write_file_atomic(out / kPacketFile, packet.dump(2) + "\n");
  SealResult r;
  r.lines = int(sealed.lines.size());
  r.openings = int(sealed.packet_openings.size());
  r.revealed = salts.revealed;
  r.head = ledger::sha256_hex(sealed.lines.back());
  return r;
}

int reveal_game(const fs::path& game) {
  FolderLock lock(game);
  ReadGame g(game);
  require_fog(g.archive);
  if (!g.replay.phase().side.empty())
    throw Error("reveal.not_over",
                g.archive.name() + " is not over (turn " + std::to_string(g.replay.state().turn) +
                    " is due): the openings are published only at the end",
                Exit::kBadInput);
  FogSalts salts = FogSalts::load(game);
  salts.revealed = true;
  salts.save(game);
  return int(salts.salts.size());
}

Json sealed_post(const Archive& a, const std::string& side, int first, int last,
                 const model::State& state, const ledger::SigningKey& umpire) {
  require_fog(a);
  require_side(a, side);
  FogSalts salts = FogSalts::load(a.dir());
  salts.signer = &umpire;
  salts.context = a.game_id();
  Sealed sealed = seal_lines(a, side, salts, umpire);
  Json lines = Json::array();
  for (int n = first; n <= last && n < int(sealed.lines.size()); ++n)
    lines.push_back(sealed.lines[std::size_t(n)]);
  Json openings = Json::array();
  for (const Json& o : sealed.packet_openings)
    if (o["line"].get<int>() >= first && o["line"].get<int>() <= last) openings.push_back(o);
  Json out = {{"format", kSealedPostFormat},
              {"game", a.game_id()},
              {"side", side},
              {"first", first},
              {"last", last},
              {"lines", lines}};
  if (first == 0) {
    Json commitments = Json::array();
    seal_part(a, side, salts, umpire, commitments, openings);
    if (!commitments.empty()) out["commitments"] = commitments;
  }
  out["openings"] = openings;
  // The phase due after `last`, as seal names it then: its order file's
  // `after` is the line the phase opened at when it waits on several sides,
  // else line `last`.
  rules::PhaseInfo ph = a.ruleset().current_phase(state);
  auto waiting = ph.waiting_on();
  if (std::find(waiting.begin(), waiting.end(), side) != waiting.end()) {
    std::string after = a.log().at(std::size_t(last)).hash;
    if (ph.simultaneous())
      for (int n = last; n >= 0; --n)
        if (n == 0 || a.log()[std::size_t(n)].kind == "adjudication") {
          after = a.log()[std::size_t(n)].hash;
          break;
        }
    out["due"] = {{"turn", ph.turn}, {"phase", ph.name}, {"after", after}};
  }
  // The salts first: a sealed line is never published with a salt the
  // umpire could lose.
  if (salts.changed) salts.save(a.dir());
  return out;
}

std::string sealed_post_name(const Archive& a, const std::string& side, int first, int last) {
  return "sealed-" + a.game_id().substr(0, 16) + "-" + side + "-" + std::to_string(first) + "-" +
         std::to_string(last) + ".json";
}

}  // namespace adjutant::game
