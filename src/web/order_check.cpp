#include "web/order_check.h"

#include "ledger/jcs.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::web {

namespace {

Json error_json(const std::string& id, const std::string& message) {
  return {{"ok", false}, {"error", id}, {"message", message}};
}

const Json& field(const Json& j, const char* key) {
  if (!j.is_object() || !j.contains(key))
    throw Error("web.setup", std::string("the order page's setup has no \"") + key + "\"");
  return j[key];
}

}  // namespace

OrderChecker::OrderChecker(const Json& setup) {
  const Json& version = field(setup, "version");
  const Json& side = field(setup, "side");
  if (!version.is_number_integer() || !side.is_string())
    throw Error("web.setup", "the order page's setup needs an integer version and a side");
  ruleset_ =
      rules::make_ruleset(field(setup, "scenario"), "scenario.json", int(version.get<long long>()));
  notation_ = rules::make_notation(ruleset_->id());
  state_ = model::State::from_json(field(setup, "state"), "state", ruleset_->unit_marks());
  side_ = side.get<std::string>();
}

Json OrderChecker::check(const Json& body) const {
  Json out = {{"ok", true}};
  // The side is the envelope's (`adjutant sign` fills it in): a ruleset
  // whose check reads it finds it as `adjutant orders` gives it.
  Json enveloped = body;
  if (enveloped.is_object() && !enveloped.contains("side")) enveloped["side"] = side_;
  try {
    rules::Checked checked = ruleset_->check(state_, enveloped, kOrderSource);
    out["echo"] = checked.echo;
  } catch (const rules::OrdersRefused& e) {
    out = {{"ok", false}, {"error", e.id()}, {"problems", e.to_json()}, {"refusal", e.detail()}};
    std::size_t i = 0;
    for (const auto& p : e.problems()) out["problems"][i++]["text"] = p.text();
  } catch (const Error& e) {
    return error_json(e.id(), e.detail());
  }
  try {
    Json facts = ruleset_->preview(state_, enveloped);
    if (facts.is_object())
      for (const char* key : {"moves", "attacks", "commanders", "echo"})
        if (facts.contains(key)) out[key] = facts[key];
  } catch (const Error& e) {
    // The check's own answer above says what is wrong.
  }
  return out;
}

Json OrderChecker::text(const Json& body) const {
  try {
    return {{"ok", true}, {"text", notation_->print(body)}};
  } catch (const Error& e) {
    return error_json(e.id(), e.detail());
  }
}

}  // namespace adjutant::web
