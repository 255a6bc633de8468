// Reading the engagement phase's orders: withdraw and form up
// (engagement.withdraw, engagement.form_up), maneuver (engagement.maneuver)
// with limbering and mounting from version 3, and battery fire
// (engagement.artillery).
#include "rules/chaos/orders_check.h"

namespace adjutant::rules::chaos::orders_check {

// engagement.withdraw and engagement.form_up given as true or false: only
// an engaged brigade may withdraw or form up.
void Checker::read_flag(const std::string& id, const std::string& key, const Json& v, bool engaged,
                        Json& plan) {
  const char* rule = key == "withdraw" ? "engagement.withdraw" : "engagement.form_up";
  if (!v.is_boolean()) {
    fail("orders.wrong_type", id, rule, "brigades." + id + "." + key + " must be true or false");
    return;
  }
  if (!v.get<bool>()) return;
  if (!engaged) {
    fail("chaos.not_engaged", id, rule,
         "brigade " + id + " is not engaged: only an engaged brigade may " +
             (key == "withdraw" ? "withdraw" : "form up"));
    return;
  }
  plan[key] = true;
  echo_.push_back(id + (key == "withdraw" ? " withdraws" : " forms up"));
}

// engagement.withdraw (version 3): {"regiments": {R: {"mount": false}}}
// keeps dismounted cavalry dismounted ("Dismounted Cavalry may choose to
// mount"; the default mounts it); "Artillery must limber", so a battery's
// "limber" may only be true.
void Checker::read_withdraw(const std::string& id, const Json& v, bool engaged, Json& plan) {
  const char* rule = "engagement.withdraw";
  for (const auto& [k, x] : v.items())
    if (k != "regiments" || !x.is_object()) {
      fail("orders.wrong_type", id, rule,
           "brigades." + id + ".withdraw is true or {\"regiments\": {R: {\"mount\": false}}}");
      return;
    }
  if (!engaged) {
    fail("chaos.not_engaged", id, rule,
         "brigade " + id + " is not engaged: only an engaged brigade may withdraw");
    return;
  }
  Json keep = Json::array();
  if (v.contains("regiments"))
    for (const auto& [r, x] : v["regiments"].items()) {
      if (!regiment_of(id, r, rule)) return;
      const Json& choice = x;
      bool known = choice.is_object();
      if (known)
        for (const auto& [k, y] : choice.items()) known = known && (k == "mount" || k == "limber");
      if (!known) {
        fail("orders.wrong_type", id, rule,
             "brigades." + id + ".withdraw.regiments." + r + " is {\"mount\": true|false}");
        return;
      }
      if (!read_limber(id, r, choice, rule)) return;
      if (choice.contains("limber") && !choice["limber"].get<bool>()) {
        fail("chaos.limber", id, rule,
             "brigade " + id + ": battery " + r + " must limber to withdraw");
        return;
      }
      if (choice.contains("mount") && !choice["mount"].get<bool>()) keep.push_back(r);
    }
  plan["withdraw"] = true;
  if (!keep.empty()) plan["withdraw_dismounted"] = keep;
  echo_.push_back(id + " withdraws");
  for (const auto& r : keep) echo_.push_back(r.get<std::string>() + " stays dismounted");
}

// A regiment of the brigade on the table, or a refusal.
bool Checker::regiment_of(const std::string& id, const std::string& r, const char* rule) {
  auto it = st_.regiments.find(r);
  if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed ||
      !it->second.at) {
    fail("chaos.unknown_regiment", id, rule,
         "brigade " + id + " has no regiment \"" + r + "\" on the table");
    return false;
  }
  return true;
}

// "limber" (a battery's) and "mount" (a cavalry regiment's), version 3:
// checked and left in `place` as booleans; false with a refusal. Other
// keys are left for the caller.
bool Checker::read_limber(const std::string& id, const std::string& r, const Json& place,
                          const char* rule) {
  Arm arm = regiment_spec(sc_, r).arm;
  for (const char* k : {"limber", "mount"}) {
    if (!place.contains(k)) continue;
    if (!rd_.limbering_and_mounting) {
      fail("chaos.not_yet", id, rule,
           "brigade " + id + ": regiment " + r + ": \"" + k +
               "\" (limbering and mounting) is not adjudicated by chaos version " + version_text());
      return false;
    }
    if (!place[k].is_boolean()) {
      fail("orders.wrong_type", id, rule,
           "brigades." + id + ": regiment " + r + ": \"" + k + "\" is true or false");
      return false;
    }
    bool battery = std::string(k) == "limber";
    if (arm != (battery ? Arm::kArtillery : Arm::kCavalry)) {
      fail(battery ? "chaos.limber" : "chaos.mount", id, rule,
           "brigade " + id + ": " + r + " is not " +
               (battery ? "a battery: only artillery limbers"
                        : "cavalry: only cavalry mounts or dismounts"));
      return false;
    }
  }
  return true;
}

// engagement.maneuver: a new place for the commander (at most 4") and
// for any regiment ({"at", "facing"}); what depends on the enemy is
// checked at the brigade's turn in the alternation.
void Checker::read_maneuver(const std::string& id, const Json& v, bool engaged, Json& plan) {
  const char* rule = "engagement.maneuver";
  if (!engaged) {
    fail("chaos.not_engaged", id, rule, "brigade " + id + " is not engaged: it cannot maneuver");
    return;
  }
  if (!v.is_object() || !v.contains("commander") || !is_point(v["commander"])) {
    fail("orders.wrong_type", id, rule,
         "brigades." + id + ".maneuver is {\"commander\": [x, y], \"regiments\": {...}}");
    return;
  }
  Point from = *st_.brigades.at(id).commander, to = point_of(v["commander"]);
  if (!point_on_table(sc_, to)) {
    fail("chaos.off_table", id, "scale",
         "brigade " + id + ": " + format_point(to) + " is off the table");
    return;
  }
  Coord length = path_length({from, to});
  if (length > 4 * kInch) {
    fail("chaos.too_far", id, rule,
         "brigade " + id + ": the commander moves " + inches(length) + "\", more than 4.00\"");
    return;
  }
  Json out = {{"commander", json_of(to)}, {"regiments", Json::object()}};
  for (const auto& [k, x] : v.items())
    if (k != "commander" && k != "regiments") {
      fail("orders.unknown_field", id, rule,
           "brigades." + id + ".maneuver." + k + ": unknown field");
      return;
    }
  if (v.contains("regiments")) {
    if (!v["regiments"].is_object()) {
      fail("orders.wrong_type", id, rule, "brigades." + id + ".maneuver.regiments is an object");
      return;
    }
    for (const auto& [r, place] : v["regiments"].items()) {
      auto it = st_.regiments.find(r);
      if (it == st_.regiments.end() || it->second.brigade != id || it->second.removed) {
        fail("chaos.unknown_regiment", id, rule,
             "brigade " + id + " has no regiment \"" + r + "\" on the table");
        return;
      }
      // Version 3: "at" may be left out when the regiment only limbers,
      // unlimbers, mounts or dismounts where it stands.
      bool v3 = rd_.limbering_and_mounting;
      bool only_state =
          v3 && place.is_object() && (place.contains("limber") || place.contains("mount"));
      bool known = place.is_object();
      if (known && v3)
        for (const auto& [k, x] : place.items())
          known = known && (k == "at" || k == "facing" || k == "limber" || k == "mount");
      if (!known || (!place.contains("at") && !only_state) ||
          (place.contains("at") && !is_point(place["at"])) ||
          (place.contains("facing") &&
           (!place["facing"].is_number_integer() || place["facing"].get<long long>() < 0 ||
            place["facing"].get<long long>() > 359))) {
        fail("orders.wrong_type", id, rule,
             "brigades." + id + ".maneuver.regiments." + r +
                 (v3 ? " is {\"at\": [x, y], \"facing\": 0-359, \"limber\": true|false, "
                       "\"mount\": true|false}"
                     : " is {\"at\": [x, y], \"facing\": 0-359}"));
        return;
      }
      if (v3 && !read_limber(id, r, place, rule)) return;
      Point at = place.contains("at") ? point_of(place["at"]) : *it->second.at;
      // Version 3: a battery moves limbered ("limber a battery before it
      // moves"): one given a new place is limbered or limbers now.
      if (v3 && regiment_spec(sc_, r).arm == Arm::kArtillery && at != *it->second.at &&
          !place.value("limber", it->second.limbered)) {
        fail("chaos.limber", id, rule,
             "brigade " + id + ": battery " + r +
                 " is unlimbered: it moves only limbered (give \"limber\": true)");
        return;
      }
      int facing = place.value("facing", it->second.facing);
      Body body = regiment_body(sc_, st_, r, at);
      body.bearing = facing;
      if (!base_on_table(sc_, outline(body))) {
        fail("chaos.off_table", id, "scale",
             "brigade " + id + ": regiment " + r + " would stand off the table");
        return;
      }
      out["regiments"][r] = {{"at", json_of(at)}, {"facing", facing}};
      for (const char* k : {"limber", "mount"})
        if (v3 && place.contains(k)) {
          out["regiments"][r][k] = place[k];
          echo_.push_back(r + (std::string(k) == "limber"
                                   ? (place[k].get<bool>() ? " limbers" : " unlimbers")
                                   : (place[k].get<bool>() ? " mounts" : " dismounts")));
        }
    }
  }
  plan["maneuver"] = out;
  echo_.push_back(id + " maneuvers: its commander to " + format_point(to));
}

// engagement.artillery: each battery of the brigade fires at "closest"
// (the default), holds its fire, or fires at the enemy regiment holding a
// point.
void Checker::read_fire(const std::string& id, const Json& v, Json& plan) {
  if (!v.is_object()) {
    fail("orders.wrong_type", id, "engagement.artillery",
         "brigades." + id + ".fire is an object of batteries");
    return;
  }
  Json fire = Json::object();
  for (const auto& [battery, target] : v.items()) {
    auto it = st_.regiments.find(battery);
    if (it == st_.regiments.end() || it->second.brigade != id ||
        regiment_spec(sc_, battery).arm != Arm::kArtillery) {
      fail("chaos.fire", id, "engagement.artillery",
           "brigade " + id + " has no battery \"" + battery + "\"");
      continue;
    }
    if (!(target == "closest" || target == "hold" || is_point(target))) {
      fail("chaos.fire", id, "engagement.artillery",
           "brigade " + id + ": battery " + battery +
               " fires at \"closest\", \"hold\" or an [x, y] point inside the target");
      continue;
    }
    fire[battery] = target;
    echo_.push_back(battery + (target == "hold" ? std::string(" holds its fire")
                                                : " fires at " + target.dump()));
  }
  plan["fire"] = fire;
}

}  // namespace adjutant::rules::chaos::orders_check
