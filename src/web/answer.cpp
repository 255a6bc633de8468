#include "web/answer.h"

#include <memory>

#include "util/error.h"
#include "util/printable.h"
#include "web/order_check.h"
#include "web/page_json.h"
#include "web/player.h"
#include "web/player_sealed.h"

namespace adjutant::web {

namespace {

Json refusal(const std::string& id, const std::string& message) {
  return {{"ok", false}, {"error", id}, {"message", message}};
}

}  // namespace

ledger::CryptoOracle& page_oracle() {
  static ledger::CryptoOracle oracle;  // what the page taught it stays known between requests
  return oracle;
}

std::string answer(const std::string& request) {
  static std::unique_ptr<OrderChecker> checker;
  ledger::CryptoOracle& oracle = page_oracle();
  ledger::CryptoOracle::InForce in_force(oracle);
  oracle.clear_misses();
  std::unique_ptr<OrderChecker> loaded;
  Json out;
  try {
    Json r = ledger::parse_strict(request, "request");
    std::string op =
        r.is_object() && r.contains("op") && r["op"].is_string() ? r["op"].get<std::string>() : "";
    if (op == "learn") {
      if (!r.contains("answers")) throw Error("web.request", "learn needs \"answers\"");
      oracle.learn(r["answers"]);
      out = {{"ok", true}, {"known", oracle.known()}};
    } else if (op == "forget") {
      oracle.forget();
      out = {{"ok", true}};
    } else if (op == "load") {
      if (!r.contains("setup")) throw Error("web.setup", "the order page's request has no setup");
      loaded = std::make_unique<OrderChecker>(r["setup"]);
      out = {{"ok", true}, {"side", loaded->side()}};
    } else if (op == "check" || op == "text") {
      if (!checker) throw Error("web.request", "no game loaded");
      if (!r.contains("body")) throw Error("web.request", "the request has no body");
      out = op == "check" ? checker->check(r["body"]) : checker->text(r["body"]);
    } else if (op == "page.json" || op == "page.canonical") {
      // The next page's data as the program writes it, and a signed file's
      // canonical bytes (for its armored block).
      if (!r.contains("data")) throw Error("web.request", "the request has no data");
      out = {{"ok", true},
             {"text", op == "page.json" ? page_json(r["data"]) : ledger::canonical(r["data"])}};
    } else if (op == "card" || op == "genesis" || op.rfind("game.", 0) == 0) {
      out = player_answer(r);
    } else if (op.rfind("sealed.", 0) == 0) {
      out = sealed_answer(r);
    } else {
      out = refusal("web.request", "unknown request " + in_quotes(op));
    }
  } catch (const Error& e) {
    out = refusal(e.id(), e.detail());
  } catch (const std::exception& e) {
    out = refusal("web.internal", e.what());
  }
  // An answer computed with a provisional hash is no answer: the page
  // computes what was missed with WebCrypto and asks again.
  if (oracle.missed()) return Json{{"ok", false}, {"need", oracle.misses()}}.dump();
  if (loaded) checker = std::move(loaded);
  return out.dump();
}

}  // namespace adjutant::web
