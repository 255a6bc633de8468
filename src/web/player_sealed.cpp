#include "web/player_sealed.h"

#include "game/genesis.h"
#include "game/revisions.h"
#include "game/text_orders.h"
#include "ledger/crypto_oracle.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "rules/ruleset.h"
#include "rules/text_lexer.h"
#include "util/error.h"
#include "util/printable.h"
#include "web/replies.h"

namespace adjutant::web {

namespace {

constexpr const char* kSource = "orders.txt";

// A text that cannot be read, each problem on its line.
Json text_refusal(const rules::text::TextRefused& e) {
  Json out = {
      {"ok", false}, {"error", e.id()}, {"problems", Json::array()}, {"message", e.detail()}};
  for (const auto& p : e.problems())
    out["problems"].push_back({{"id", p.id}, {"text", p.text(kSource)}});
  return out;
}

}  // namespace

SealedPlayer::SealedPlayer(const Json& post) {
  game::MergedCopy m =
      game::merge_sealed_copy(nullptr, game::sealed_post_copy(post, "the page"), "the page");
  copy_ = std::move(m.copy);
  report_ = std::move(m.check);
}

Json SealedPlayer::verify() const {
  game::SealedReport r = game::check_sealed_copy(copy_);
  Json out = r.to_json();
  if (!r.ok) {
    out["error"] = r.error_id;
    out["where"] = r.where;
    out["message"] = r.message;
  }
  return out;
}

Json SealedPlayer::status() const {
  const game::SealedReport& r = report_;
  game::SealedOrdersGame g = game::sealed_orders_game(copy_, r, "the page", false);
  Json parties = Json::array();
  for (const auto& p : game::genesis_parties(copy_.log.front().body))
    parties.push_back({{"id", p.id}, {"name", p.name}, {"email", p.email}});
  Json visible = Json::array();
  bool over = r.revealed;
  int adjudicated_line = -1;
  for (const auto& e : copy_.log) {
    if (e.kind == "sealed-adjudication") {
      visible = e.body.value("visible", Json::array());
      adjudicated_line = e.seq;
    }
    if (e.kind == "end") over = true;
  }
  // A game the rules end (its last turn played) is over in the side's view
  // as in the whole state: no phase follows.
  if (!g.due && g.ruleset->current_phase(g.view).side.empty()) over = true;
  // The events in the ruleset's words, as the side's report gives them.
  Json words = Json::array();
  for (const auto& ev : visible) {
    std::string text = g.ruleset->describe_event(ev);
    words.push_back(text.empty() ? ev.value("type", std::string("event")) : text);
  }
  return {{"ok", true},
          {"sealed", true},
          {"visible_text", words},
          {"game", g.game_id},
          {"name", g.name},
          {"side", r.side},
          {"protocol", r.protocol},
          {"ruleset", copy_.log.front().body.value("ruleset", Json::object())},
          {"lines", r.lines},
          {"head", r.head},
          {"adjudications", r.adjudications},
          {"commitments", r.commitments},
          {"opened", r.opened},
          {"revealed", r.revealed},
          {"over", over},
          {"due", g.due},
          {"turn", g.turn},
          {"phase", g.phase},
          {"after", g.after},
          {"next_link", r.next_link},
          {"parties", parties},
          {"visible", visible},
          {"visible_line", adjudicated_line},
          {"state", g.view.to_json()}};
}

Json SealedPlayer::read(const std::string& text) const {
  game::SealedOrdersGame g = game::sealed_orders_game(copy_, report_, "the page");
  try {
    game::WrittenOrders w = game::read_written_orders(*g.ruleset, g.view, text, kSource, g.side);
    rules::Checked checked = g.ruleset->check(g.view, w.body, kSource);
    return {{"ok", true}, {"body", w.body}, {"echo", checked.echo}, {"text", w.text}};
  } catch (const rules::OrdersRefused& e) {
    return refusal_reply(e);
  } catch (const rules::text::TextRefused& e) {
    return text_refusal(e);
  }
}

Json SealedPlayer::sign(const Json& body, const Json& link, const Json& previous,
                        bool force) const {
  game::SealedOrdersGame g = game::sealed_orders_game(copy_, report_, "the page");
  // What `adjutant sign` refuses on the copy, the page refuses: the check first.
  Json checked = {{"ok", true}};
  try {
    checked["echo"] = g.ruleset->check(g.view, body, "orders").echo;
  } catch (const rules::OrdersRefused& e) {
    if (!force) throw;
    checked = {{"ok", false}, {"error", e.id()}, {"message", e.detail()}};
  }
  if (!link.is_object() || !link.contains("m") || !link["m"].is_number_integer() ||
      !link.contains("s") || !link["s"].is_string())
    throw Error("web.request", "a dice link is {\"m\": N, \"s\": hex}");
  if (link["m"].get<long long>() != (long long)report_.next_link)
    throw Error("web.link", "the page gave link " + std::to_string(link["m"].get<long long>()) +
                                ", the orders need link " + std::to_string(report_.next_link));
  Json full =
      game::sealed_order_body(copy_, report_, body, ledger::from_hex(link["s"].get<std::string>()));
  if (report_.protocol >= 2) game::revise(full, previous.is_object() ? &previous : nullptr);
  ledger::OracleSigner signer(game::sealed_party(copy_, report_.side).public_key);
  Json envelope = ledger::sign_envelope(ledger::kOrdersType, full, signer);
  return {
      {"ok", true}, {"text", envelope.dump(2) + "\n"}, {"envelope", envelope}, {"check", checked}};
}

Json SealedPlayer::offer(const Json& posts) {
  if (!posts.is_array() || posts.empty())
    throw Error("sync.packet",
                "the mail: no sealed post of this copy's game and side (" + report_.side + ")");
  std::vector<Json> sorted(posts.begin(), posts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const Json& a, const Json& b) {
    return a.value("first", 0LL) < b.value("first", 0LL);
  });
  // Every post verified on a scratch copy before this one changes.
  game::SealedCopy next = copy_;
  game::SealedReport check = report_;
  int added = 0, already = 0;
  for (const Json& post : sorted) {
    game::SealedCopy offered = game::sealed_post_copy(post, "the mail");
    if (offered.packet.value("game", "") != next.packet.value("game", "") ||
        offered.packet.value("side", "") != next.packet.value("side", ""))
      throw Error("sync.packet",
                  "the mail: a sealed post of " +
                      (offered.packet.value("game", "") == next.packet.value("game", "")
                           ? "side " + offered.packet.value("side", "")
                           : std::string("another game")) +
                      ", not this copy's");
    game::MergedCopy m = game::merge_sealed_copy(&next, offered, "the mail");
    added += m.result.added;
    already += m.result.already;
    next = std::move(m.copy);
    check = std::move(m.check);
  }
  if (oracle_missed()) return {{"ok", false}};
  copy_ = std::move(next);
  report_ = std::move(check);
  return {{"ok", true},
          {"added", added},
          {"already", already},
          {"lines", report_.lines},
          {"head", report_.head}};
}

Json SealedPlayer::files() const {
  std::string log;
  for (const auto& e : copy_.log) log += e.line + "\n";
  return {{"ok", true},
          {"files",
           {{"game.json", copy_.game_json.dump(2) + "\n"},
            {"log.jsonl", log},
            {game::kPacketFile, copy_.packet.dump(2) + "\n"}}},
          {"post", game::sealed_copy_post(copy_)}};
}

Json sealed_answer(const Json& request) {
  static std::unique_ptr<SealedPlayer> copy;
  std::string op = request.value("op", "");
  std::string what = op.rfind("sealed.", 0) == 0 ? op.substr(7) : "";
  try {
    if (what == "open") {
      if (!request.contains("post")) throw Error("web.request", "the request has no \"post\"");
      auto opened = std::make_unique<SealedPlayer>(request["post"]);
      if (oracle_missed()) return {{"ok", false}};
      copy = std::move(opened);
      return {{"ok", true}};
    }
    if (!copy) throw Error("web.request", "no sealed copy open");
    if (what == "verify") return copy->verify();
    if (what == "status") return copy->status();
    if (what == "read") return copy->read(request.value("text", ""));
    if (what == "sign")
      return copy->sign(request.value("body", Json()), request.value("link", Json()),
                        request.value("previous", Json()), request.value("force", false));
    if (what == "offer") return copy->offer(request.value("posts", Json()));
    if (what == "files") return copy->files();
    throw Error("web.request", "unknown request " + in_quotes(op));
  } catch (const rules::OrdersRefused& e) {
    return refusal_reply(e);
  } catch (const Error& e) {
    return failure_reply(e);
  } catch (const std::exception& e) {
    return {{"ok", false}, {"error", "web.request"}, {"message", e.what()}};
  }
}

}  // namespace adjutant::web
