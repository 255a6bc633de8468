// Reading the fight phase's orders (version 2): the standing policies
// (fight.test, fight.resolve, engagement.withdraw), the combat tokens
// committed (token.*) and a regiment sent into a fight (fight.initiate).
#include "rules/chaos/orders_check.h"

#include "rules/chaos/tokens.h"

namespace adjutant::rules::chaos::orders_check {

namespace {

// The fight test policies (fight.test) and battery targets
// (fight.resolve) a side may stand by (docs/rules/chaos.md "The order
// file").
const std::set<std::string>& test_policies() {
  static const std::set<std::string> all = {"enemy_most_stressed", "enemy_least_stressed",
                                            "own_least_stressed"};
  return all;
}
const std::set<std::string>& target_policies() {
  static const std::set<std::string> all = {"closest", "most_stressed", "least_stressed"};
  return all;
}

const std::set<std::string>& tokens_not_yet() {
  static const std::set<std::string> all = {};
  return all;
}

}  // namespace

// policies (version 2): the standing choices of the fight phase.
void Checker::read_policies(const Json& v) {
  if (!v.is_object()) {
    fail("orders.wrong_type", "", "fight", "\"policies\" must be an object");
    return;
  }
  Json out = Json::object();
  for (const auto& [k, x] : v.items()) {
    if (k == "test") {
      if (!x.is_string() || !test_policies().count(x.get<std::string>())) {
        fail("chaos.policy", "", "fight.test",
             "policies.test is enemy_most_stressed, enemy_least_stressed or "
             "own_least_stressed");
        continue;
      }
      out[k] = x;
      echo_.push_back("fight tests: " + x.get<std::string>());
    } else if (k == "artillery_target") {
      if (!x.is_string() || !target_policies().count(x.get<std::string>())) {
        fail("chaos.policy", "", "fight.resolve",
             "policies.artillery_target is closest, most_stressed or least_stressed");
        continue;
      }
      out[k] = x;
      echo_.push_back("batteries in a fight target the " + x.get<std::string>());
    } else if (k == "hold_the_line_below") {
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 99) {
        fail("chaos.policy", "", "fight.test",
             "policies.hold_the_line_below is a whole number from 0 to 99");
        continue;
      }
      out[k] = x;
      echo_.push_back("a tested regiment holds the line below stress " +
                      std::to_string(x.get<int>()) + ", else bends");
    } else if (k == "withdraw_at_stress" && rd_.withdraw_at_stress_policy) {
      if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 99) {
        fail("chaos.policy", "", "engagement.withdraw",
             "policies.withdraw_at_stress is a whole number from 0 to 99");
        continue;
      }
      out[k] = x;
      echo_.push_back("an engaged brigade that can withdraws at brigade stress " +
                      std::to_string(x.get<int>()) + " or more");
    } else if (k == "withdraw_at_stress") {
      fail("chaos.not_yet", "", "engagement.withdraw",
           "policies.withdraw_at_stress is not adjudicated by chaos version " + version_text() +
               " (give brigades.B.withdraw)");
    } else {
      fail("orders.unknown_field", "", "fight", "policies: unknown field \"" + k + "\"");
    }
  }
  plan_["policies"] = out;
}

// tokens (version 2): [{"token", "fight_with": B}], each a token the
// side holds (as many times as it holds it).
void Checker::read_tokens(const Json& v) {
  if (!v.is_array()) {
    fail("orders.wrong_type", "", "token", "\"tokens\" must be a list of {\"token\": name}");
    return;
  }
  std::map<std::string, int> held;
  for (const auto& t : held_) ++held[t];
  Json out = Json::array();
  for (const auto& t : v) {
    if (!t.is_object() || !t.contains("token") || !t["token"].is_string()) {
      fail("orders.wrong_type", "", "token",
           "a tokens entry is {\"token\": name, \"fight_with\": brigade}");
      continue;
    }
    std::string name = t["token"].get<std::string>();
    std::string rule = "token." + name;
    bool ok = true;
    bool last = false;
    for (const auto& [k, x] : t.items())
      if (k == "when" && rd_.tokens_revealed_last) {
        // Version 3: "first" (at the side's first testing turns) or
        // "last" (once it has no regiment left to test). The testing
        // ends at the first failure ("It ends ... at the first
        // failure"), so nothing is revealed after one.
        if (x == "last") {
          last = true;
        } else if (x != "first") {
          fail("chaos.token", "", rule,
               "tokens: " + name +
                   ": \"when\" is \"first\" or \"last\" (the testing ends at the first "
                   "failure: no token is revealed after it)");
          ok = false;
        }
      } else if (k == "when") {
        if (x != "first") {
          fail("chaos.not_yet", "", rule,
               "tokens: " + name + ": only \"when\": \"first\" is adjudicated by chaos version " +
                   version_text());
          ok = false;
        }
      } else if (k != "token" && k != "fight_with") {
        fail("orders.unknown_field", "", rule, "tokens: " + name + ": unknown field \"" + k + "\"");
        ok = false;
      }
    if (!token_from_name(name)) {
      fail("chaos.token", "", "token", "tokens: \"" + name + "\" is no combat token");
      continue;
    }
    if (held[name]-- <= 0) {
      fail("chaos.token", "", rule,
           "tokens: " + side_ + " does not hold " + name + " (as many times as it is listed)");
      continue;
    }
    if (tokens_not_yet().count(name)) {
      fail("chaos.not_yet", "", rule,
           "tokens: " + name + " (" + rule + ") is not adjudicated by chaos version " +
               version_text());
      continue;
    }
    Json entry = {{"token", name}};
    if (t.contains("fight_with")) {
      std::string b = t["fight_with"].is_string() ? t["fight_with"].get<std::string>() : "";
      if (!own_brigade(b)) {
        fail("chaos.unknown_brigade", b, rule,
             "tokens: " + name + ": fight_with \"" + b + "\" is not a brigade of " + side_);
        continue;
      }
      entry["fight_with"] = b;
    }
    if (last) entry["when"] = "last";
    if (!ok) continue;
    out.push_back(entry);
    echo_.push_back("token " + name + " committed to " +
                    (entry.contains("fight_with")
                         ? "the fight of " + entry["fight_with"].get<std::string>()
                         : std::string("the first fight")));
  }
  plan_["tokens"] = out;
}

// fight.initiate (version 2): {"regiment": id, "toward": [x, y] inside
// an enemy regiment (default: the closest)}; the brigade must be engaged
// and form up this turn (checked after all its fields).
void Checker::read_fight(const std::string& id, const Json& v, bool engaged, Json& plan) {
  const char* rule = "fight.initiate";
  if (!engaged) {
    fail("chaos.not_engaged", id, rule,
         "brigade " + id + " is not engaged: it cannot start a fight");
    return;
  }
  if (!v.is_object() || !v.contains("regiment") || !v["regiment"].is_string()) {
    fail("orders.wrong_type", id, rule,
         "brigades." + id + ".fight is {\"regiment\": id, \"toward\": [x, y]}");
    return;
  }
  for (const auto& [k, x] : v.items())
    if (k != "regiment" && k != "toward") {
      fail("orders.unknown_field", id, rule, "brigades." + id + ".fight." + k + ": unknown field");
      return;
    }
  std::string r = v["regiment"].get<std::string>();
  auto it = st_.regiments.find(r);
  if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed ||
      !it->second.at) {
    fail("chaos.unknown_regiment", id, rule,
         "brigade " + id + " has no regiment \"" + r + "\" on the table");
    return;
  }
  if (regiment_spec(sc_, r).arm == Arm::kArtillery) {
    fail("chaos.fight", id, rule,
         "brigade " + id + ": battery " + r +
             " does not advance into a fight (an infantry or cavalry regiment does)");
    return;
  }
  Json out = {{"regiment", r}, {"toward", nullptr}};
  std::string toward = "the closest enemy regiment";
  if (v.contains("toward")) {
    if (!is_point(v["toward"])) {
      fail("orders.wrong_type", id, rule, "brigades." + id + ".fight.toward is an [x, y] point");
      return;
    }
    Point p = point_of(v["toward"]);
    auto u = unit_at(st_, sc_, side_, p);
    if (!u || u->marker) {
      fail("chaos.fight", id, rule,
           "brigade " + id + ": no enemy regiment stands at " + format_point(p));
      return;
    }
    out["toward"] = json_of(p);
    toward = "the enemy regiment at " + format_point(p);
  }
  plan["fight"] = out;
  echo_.push_back(id + ": " + r + " advances into a fight toward " + toward);
}

}  // namespace adjutant::rules::chaos::orders_check
