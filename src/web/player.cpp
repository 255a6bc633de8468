#include "web/player.h"

#include "game/adjudicate.h"
#include "game/compose.h"
#include "game/genesis.h"
#include "game/intake.h"
#include "game/log.h"
#include "game/posts.h"
#include "game/sign_orders.h"
#include "game/sync.h"
#include "game/text_orders.h"
#include "ledger/crypto_oracle.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "rules/text_lexer.h"
#include "util/error.h"
#include "util/printable.h"
#include "util/time_format.h"
#include "web/replies.h"

namespace adjutant::web {

namespace {

const Json& member(const Json& request, const char* name) {
  if (!request.is_object() || !request.contains(name))
    throw Error("web.request", std::string("the request has no \"") + name + "\"");
  return request[name];
}

std::string text_member(const Json& request, const char* name) {
  const Json& j = member(request, name);
  if (!j.is_string()) throw Error("web.request", std::string("\"") + name + "\" is no text");
  return j.get<std::string>();
}

// The writer's dice link as the page gives it, {"m": i, "s": hex}: the
// one link of index i the composition may ask for.
std::function<std::string(std::uint32_t)> given_link(const Json& link) {
  if (!link.is_object() || !link.contains("m") || !link["m"].is_number_integer() ||
      !link.contains("s") || !link["s"].is_string())
    throw Error("web.request", "a dice link is {\"m\": N, \"s\": hex}");
  std::uint32_t m = std::uint32_t(link["m"].get<long long>());
  std::string s = ledger::from_hex(link["s"].get<std::string>());
  return [m, s](std::uint32_t i) {
    if (i != m)
      throw Error("web.link", "the page gave link " + std::to_string(m) +
                                  ", the write needs link " + std::to_string(i));
    return s;
  };
}

}  // namespace

PlayerGame::PlayerGame(const std::string& log_text, const Json& scenario)
    : archive_(std::make_unique<game::Archive>(game::Archive::in_memory(log_text, scenario))) {}

void PlayerGame::require_verified() const {
  if (!verified())
    throw Error("web.unverified", "the copy is not verified to its head: verify it first");
}

Json PlayerGame::verify() {
  const auto& log = archive_->log();
  try {
    if (!genesis_checked_) {
      game::check_genesis(*archive_);
      if (oracle_missed()) return {{"ok", false}};
      genesis_checked_ = true;
      replay_.emplace(*archive_);
    }
  } catch (const Error& e) {
    Json out = failure_reply(e);
    out["line"] = 0;
    out["where"] = "log.jsonl line 0 (genesis)";
    return out;
  }
  while (replay_->lines() < int(log.size())) {
    int n = replay_->lines();
    game::Replay next = *replay_;
    try {
      next.step(log[std::size_t(n)]);
    } catch (const Error& e) {
      if (oracle_missed()) return {{"ok", false}};
      Json out = failure_reply(e);
      out["line"] = n;
      out["where"] = "log.jsonl line " + std::to_string(n) + " (" + printable(log[n].kind) + ")";
      return out;
    }
    if (oracle_missed()) return {{"ok", false}};
    replay_.reset();
    replay_.emplace(std::move(next));
  }
  return {{"ok", true}, {"lines", log.size()}, {"head", archive_->head()}};
}

Json PlayerGame::status(const std::string& side) const {
  require_verified();
  const game::Archive& a = *archive_;
  const game::Replay& r = *replay_;
  rules::PhaseInfo ph = r.phase();
  Json parties = Json::array();
  Json links = Json::object(), order_links = Json::object();
  auto intake = r.intake_reveals();
  for (const auto& p : a.parties()) {
    parties.push_back({{"id", p.id},
                       {"name", p.name},
                       {"email", p.email},
                       {"key", ledger::base64url(p.public_key)},
                       {"keyid", p.key_id},
                       {"anchor", ledger::to_hex(p.anchor)},
                       {"length", p.chain_length}});
    links[p.id] = r.reveals().at(p.id).m + 1;
    order_links[p.id] = intake.at(p.id).m + 1;
  }
  const model::State& state = r.state();
  Json out = {{"ok", true},
              {"game", a.game_id()},
              {"name", a.name()},
              {"protocol", a.protocol()},
              {"ruleset", a.genesis().at("ruleset")},
              {"fog", a.ruleset().fog_of_war()},
              {"umpire", a.has_umpire()},
              {"lines", a.log().size()},
              {"head", a.head()},
              {"turn", ph.turn},
              {"phase", ph.name},
              {"over", ph.side.empty()},
              {"result", state.result},
              {"mover", ph.side},
              {"side_due", r.side_due()},
              {"awaited", r.sides_awaited()},
              {"in", r.sides_in()},
              {"adjudicator", ph.side.empty() ? std::string() : a.adjudicator_for(ph.side)},
              {"deadline", ph.side.empty() ? std::string() : r.deadline()},
              {"latest_time", r.latest_time()},
              {"after", r.expected_after()},
              {"links", links},
              {"order_links", order_links},
              {"parties", parties},
              {"adjudications", state.adjudications},
              {"state", a.ruleset().view(state, side).to_json()}};
  return out;
}

Json PlayerGame::append(const std::vector<std::string>& lines) {
  int bad = -1;
  std::string problem, text;
  for (const auto& l : lines) text += l + "\n";
  std::vector<game::LogEntry> entries = game::parse_log_text(text, "new lines", bad, problem);
  if (bad >= 0) throw Error("sync.malformed", "a new line is not a log line: " + problem);
  // Each line verified against the copy before any is kept: the replay
  // reads the game's parties and rules, never its lines.
  game::Replay next = *replay_;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    try {
      next.step(entries[k]);
    } catch (const Error& e) {
      if (oracle_missed()) return {{"ok", false}};
      Json out = failure_reply(e);
      out["line"] = int(archive_->log().size() + k);
      return out;
    }
    if (oracle_missed()) return {{"ok", false}};
  }
  archive_->extend_log(std::move(entries));
  replay_.reset();
  replay_.emplace(std::move(next));
  Json added = Json::array();
  for (const auto& l : lines) added.push_back(l);
  return {{"ok", true},
          {"added", added},
          {"lines", archive_->log().size()},
          {"head", archive_->head()}};
}

Json PlayerGame::offer(const std::string& lines_text, const std::string& source) {
  require_verified();
  game::OfferedLines offered;
  game::add_lines(offered, lines_text, source);
  game::SyncResult result;
  std::vector<std::string> lines = game::new_lines(*archive_, offered, result);
  if (lines.empty())
    return {{"ok", true},
            {"added", Json::array()},
            {"already", result.already},
            {"lines", archive_->log().size()},
            {"head", archive_->head()}};
  Json out = append(lines);
  out["already"] = result.already;
  return out;
}

Json PlayerGame::check(const Json& envelope) const {
  require_verified();
  game::Intake in = game::take_orders(*archive_, replay_->state(), envelope, "orders",
                                      replay_->expected_after(), replay_->intake_reveals());
  return {
      {"ok", true}, {"side", in.side}, {"echo", in.checked.echo}, {"revision", in.revision.number}};
}

Json PlayerGame::read(const std::string& side, const std::string& text) const {
  require_verified();
  try {
    game::WrittenOrders w =
        game::read_written_orders(*archive_, replay_->state(), text, "orders.txt", side);
    rules::Checked checked =
        game::check_written_orders(*archive_, replay_->state(), side, w.body, "orders.txt");
    return {{"ok", true}, {"body", w.body}, {"echo", checked.echo}, {"text", w.text}};
  } catch (const rules::OrdersRefused& e) {
    return refusal_reply(e);
  }
}

Json PlayerGame::sign(const std::string& side, const Json& body, const Json& link,
                      const Json& previous, bool force) const {
  require_verified();
  auto party = archive_->party(side);
  if (!party || side == "umpire")
    throw Error("orders.unknown_side", in_quotes(side) + " is not a side of this game");
  // What `adjutant sign` refuses, the page refuses: the same check first.
  Json checked = {{"ok", true}};
  try {
    rules::Checked c =
        game::check_written_orders(*archive_, replay_->state(), side, body, "orders");
    checked["echo"] = c.echo;
  } catch (const rules::OrdersRefused& e) {
    if (!force) throw;
    checked = {{"ok", false}, {"error", e.id()}, {"message", e.detail()}};
  }
  Json full = game::order_body(*archive_, *replay_, side, body, given_link(link),
                               previous.is_object() ? &previous : nullptr);
  ledger::OracleSigner signer(party->public_key);
  Json envelope = ledger::sign_envelope(ledger::kOrdersType, full, signer);
  return {
      {"ok", true}, {"text", envelope.dump(2) + "\n"}, {"envelope", envelope}, {"check", checked}};
}

Json PlayerGame::adjudicate(const Json& envelope, const Json& link, const std::string& at) {
  require_verified();
  std::string when = game::checked_record_time(at, *archive_, *replay_);
  game::Intake in = game::take_orders(*archive_, replay_->state(), envelope, "orders",
                                      replay_->expected_after(), replay_->intake_reveals());
  std::string id = archive_->adjudicator_for(replay_->phase().side);
  ledger::OracleSigner signer(archive_->party(id)->public_key);
  game::Writer w{*archive_, *replay_, id, signer, given_link(link), when};
  std::vector<std::string> lines = game::orders_lines(w, in);
  if (oracle_missed()) return {{"ok", false}};
  return append(lines);
}

Json PlayerGame::rule(const std::string& kind, const Json& request, const Json& link,
                      const std::string& at) {
  require_verified();
  rules::PhaseInfo phase = replay_->phase();
  if (phase.side.empty()) throw Error("orders.game_over", "the game has ended; nothing to rule on");
  std::string when = game::checked_record_time(at, *archive_, *replay_);
  std::string id = archive_->adjudicator_for(phase.side);
  ledger::OracleSigner signer(archive_->party(id)->public_key);
  std::string side = request.value("side", replay_->side_due());
  std::string reason = request.value("reason", "");
  std::vector<std::string> lines;
  if (kind == "extend") {
    game::Writer w{*archive_, *replay_, id, signer, {}, when};
    lines = game::extend_lines(w, request.value("hours", 0), reason, side);
  } else if (kind == "nmr") {
    game::Writer w{*archive_, *replay_, id, signer, given_link(link), when};
    lines = game::nmr_lines(w, reason, side);
  } else {
    throw Error("web.request", "a ruling is \"extend\" or \"nmr\"");
  }
  if (oracle_missed()) return {{"ok", false}};
  return append(lines);
}

Json PlayerGame::concede(const std::string& side, const std::string& at) {
  require_verified();
  if (replay_->phase().side.empty())
    throw Error("orders.game_over", "the game has ended; nothing to concede");
  auto party = archive_->party(side);
  if (!party || side == "umpire")
    throw Error("sign.not_a_player", in_quotes(side) + " is not a side of this game");
  std::string when = game::checked_record_time(at, *archive_, *replay_);
  ledger::OracleSigner signer(party->public_key);
  game::Writer w{*archive_, *replay_, side, signer, {}, when};
  std::vector<std::string> lines = game::concession_lines(w);
  if (oracle_missed()) return {{"ok", false}};
  return append(lines);
}

Json PlayerGame::files() const {
  require_verified();
  std::string log;
  for (const auto& e : archive_->log()) log += e.line + "\n";
  return {{"ok", true},
          {"files",
           {{"game.json", archive_->genesis().dump(2) + "\n"},
            {"log.jsonl", log},
            {"scenario.json", archive_->scenario_json().dump(2) + "\n"},
            {"state.json", replay_->state().to_json().dump(2) + "\n"}}}};
}

Json PlayerGame::lines(int first, int last) const {
  int size = int(archive_->log().size());
  if (first < 0 || last >= size || first > last)
    throw Error("web.request", "lines " + std::to_string(first) + " to " + std::to_string(last) +
                                   " are not of the log (0 to " + std::to_string(size - 1) + ")");
  return {{"ok", true},
          {"name", game::log_lines_name(*archive_, first, last)},
          {"text", game::log_lines_text(*archive_, first, last)}};
}

Json make_card(const Json& request) {
  std::string key = ledger::from_base64url(text_member(request, "key"));
  const Json& length = member(request, "length");
  if (!length.is_number_integer() || length.get<long long>() < 1 ||
      length.get<long long>() > 4294967295LL)
    throw Error("web.request", "a dice chain's length is 1 or more");
  Json body = game::card_body(text_member(request, "game"), text_member(request, "party"),
                              text_member(request, "name"), text_member(request, "email"), key,
                              ledger::from_hex(text_member(request, "anchor")),
                              std::uint32_t(length.get<long long>()));
  ledger::OracleSigner signer(key);
  Json card = ledger::sign_envelope(ledger::kCardType, body, signer);
  return {{"ok", true}, {"text", card.dump(2) + "\n"}, {"card", card}};
}

Json make_genesis(const Json& request) {
  game::NewGame g;
  g.name = text_member(request, "name");
  g.created = canonical_time(text_member(request, "created"));
  g.deadline_hours = request.value("deadline_hours", 72);
  g.scenario = member(request, "scenario");
  g.scenario_text = g.scenario.dump(2) + "\n";
  for (const auto& c : member(request, "cards")) g.cards.push_back(c);
  g.host = text_member(request, "host");
  g.protocol = request.value("protocol", game::kLatestProtocol);
  g.ruleset_version = request.value("ruleset_version", 0);
  game::check_name(g.name, "the game's name", "new");
  if (g.deadline_hours < 1 || g.deadline_hours > 8760)
    throw Error("new.deadline", "the deadline is 1 to 8760 hours", Exit::kUsage);
  auto ruleset = rules::make_ruleset(g.scenario, "scenario.json", g.ruleset_version);
  if (ruleset->fog_of_war())
    throw Error("new.fog_host", "a fog-of-war game is made by its umpire with `adjutant new`",
                Exit::kUsage);
  Json body = game::genesis_body(g, *ruleset);
  game::Party host;
  for (const auto& p : game::genesis_parties(body))
    if (p.id == g.host) host = p;
  ledger::OracleSigner signer(host.public_key);
  std::string line = game::make_entry_line(0, game::kZeroHash, "genesis", body, signer);
  return {{"ok", true}, {"log", line + "\n"}, {"game_json", body.dump(2) + "\n"}};
}

Json player_answer(const Json& request) {
  static std::unique_ptr<PlayerGame> game;
  std::string op = text_member(request, "op");
  // The requests on the open game are game.NAME; `what` is NAME.
  std::string what = op.rfind("game.", 0) == 0 ? op.substr(5) : "";
  try {
    if (op == "card") return make_card(request);
    if (op == "genesis") return make_genesis(request);
    if (what == "open") {
      auto opened =
          std::make_unique<PlayerGame>(text_member(request, "log"), member(request, "scenario"));
      if (oracle_missed()) return {{"ok", false}};
      game = std::move(opened);
      return {{"ok", true},
              {"lines", game->archive().log().size()},
              {"game", game->archive().game_id()}};
    }
    if (!game) throw Error("web.request", "no game open");
    if (what == "verify") return game->verify();
    if (what == "status") return game->status(request.value("side", ""));
    if (what == "offer") return game->offer(text_member(request, "lines"), "the mail");
    if (what == "check") return game->check(member(request, "envelope"));
    if (what == "read")
      return game->read(text_member(request, "side"), text_member(request, "text"));
    if (what == "sign")
      return game->sign(text_member(request, "side"), member(request, "body"),
                        member(request, "link"), request.value("previous", Json()),
                        request.value("force", false));
    if (what == "adjudicate")
      return game->adjudicate(member(request, "envelope"), member(request, "link"),
                              request.value("at", ""));
    if (what == "rule")
      return game->rule(text_member(request, "kind"), request, request.value("link", Json()),
                        request.value("at", ""));
    if (what == "concede")
      return game->concede(text_member(request, "side"), request.value("at", ""));
    if (what == "files") return game->files();
    if (what == "lines") return game->lines(request.value("first", 0), request.value("last", 0));
    throw Error("web.request", "unknown request " + in_quotes(op));
  } catch (const rules::OrdersRefused& e) {
    return refusal_reply(e);
  } catch (const Error& e) {
    return failure_reply(e);
  }
}

}  // namespace adjutant::web
