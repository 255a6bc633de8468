#include "rules/bluegray/event_phrases.h"

namespace adjutant::rules::bluegray {

using ledger::Json;

namespace {

std::string phrase_unit_of(const Json& e) {
  return phrasing::field(e, "unit");
}

// A unit's event in one sentence: "" when the event names no unit.
template <typename Words>
std::string phrase_of_unit(const Json& e, Words words) {
  return phrase_unit_of(e).empty() ? std::string()
                                   : phrasing::with_cause(words(phrase_unit_of(e)), e);
}

std::string phrase_evades(const Json& e) {
  return phrase_of_unit(e,
                        [&](const std::string& u) { return u + " evades" + phrasing::from_to(e); });
}

std::string phrase_standing(const Json& e) {
  if (!e.contains("standing")) return "";
  const Json& st = e["standing"];
  const Json retreat = st.value("retreat", Json::object());
  std::string text = phrasing::field(e, "side") + " standing orders: retreat " +
                     phrasing::field(retreat, "prefer");
  if (retreat.contains("hex")) text += " " + phrasing::field(retreat, "hex");
  text += std::string(", cavalry ") + (st.value("cavalry_evade", false) ? "evades" : "stands");
  text += std::string(", ") + (st.value("advance", false) ? "advances" : "holds") +
          " after a defence, exchange losses " + phrasing::field(st, "losses");
  return text;
}

std::string phrase_ineffective(const Json& e) {
  return phrase_of_unit(e, [](const std::string& u) { return u + " becomes ineffective"; });
}

std::string phrase_recovers(const Json& e) {
  return phrase_of_unit(e, [](const std::string& u) { return u + " is effective again"; });
}

std::string phrase_displaced(const Json& e) {
  return phrase_of_unit(e, [&](const std::string& u) {
    return u + " is displaced" + phrasing::from_to(e) + " to make room for " +
           phrasing::field(e, "by");
  });
}

std::string phrase_target_gone(const Json& e) {
  return phrasing::with_cause("no defender is left in " + phrasing::field(e, "hex"), e);
}

std::string phrase_attacker_dropped(const Json& e) {
  return phrase_of_unit(e, [&](const std::string& u) {
    return u + " drops out of combat " + phrasing::field(e, "combat") + ": " +
           phrasing::field(e, "reason");
  });
}

std::string phrase_attack_cancelled(const Json& e) {
  return phrasing::with_cause(
      "combat " + phrasing::field(e, "combat") + " is called off: " + phrasing::field(e, "reason"),
      e);
}

std::string phrase_exits(const Json& e) {
  if (e.contains("returns"))
    return phrase_of_unit(e, [&](const std::string& u) {
      return u + " leaves the map at " + phrasing::field(e, "hex") + " (" +
             phrasing::field(e, "mp") + " MP; back on turn " +
             phrasing::field(e["returns"], "turn") + ")";
    });
  return phrase_of_unit(e, [&](const std::string& u) {
    return u + " leaves the map at " + phrasing::field(e, "hex") + " (" + phrasing::field(e, "mp") +
           " MP; out of play, not eliminated)";
  });
}

std::string phrase_quota(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "side") + " moved " + phrasing::field(e, "used") +
                                  " of " + phrasing::field(e, "of") + " units this turn: " +
                                  phrasing::join(e.value("units", Json::array()), ", "),
                              e);
}

std::string phrase_crossing_roll(const Json& e) {
  std::string die = phrasing::field(e.value("die", Json::object()), "value");
  bool allowed = e.value("allowed", false);
  return phrasing::with_cause(
      "crossing roll for " + phrasing::join(e.value("units", Json::array()), ", ") + ": " + die +
          (allowed ? ", they may cross at " : ", they may not cross at ") +
          phrasing::field(e, "hex") +
          (allowed ? " from turn " + phrasing::field(e, "turn") : " yet"),
      e);
}

std::string phrase_crossed(const Json& e) {
  return phrase_of_unit(e, [&](const std::string& u) {
    return u + " is across the river at " + phrasing::field(e, "hex");
  });
}

std::string phrase_demoralized(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "side") +
                                  " army is demoralized: " + phrasing::field(e, "lost") +
                                  " SP lost, more than " + phrasing::field(e, "above"),
                              e);
}

std::string phrase_rallied(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "side") +
                                  " army rallies: " + phrasing::field(e, "lost") +
                                  " SP lost, no more than " + phrasing::field(e, "above"),
                              e);
}

std::string phrase_morale_limit(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "side") + " army is now demoralized only above " +
                                  phrasing::field(e, "above") + " SP lost",
                              e);
}

std::string phrase_no_advance(const Json& e) {
  return phrase_of_unit(e, [&](const std::string& u) {
    return u + " may not advance: " + phrasing::field(e, "reason");
  });
}

std::string phrase_rescheduled(const Json& e) {
  return phrase_of_unit(e, [&](const std::string& u) {
    return u + " does not enter (" + phrasing::field(e, "blocked") + "): rescheduled to turn " +
           phrasing::field(e, "turn") + " at " +
           phrasing::join(e.value("hexes", Json::array()), " or ");
  });
}

std::string phrase_control(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "hex") + " taken by " + phrasing::field(e, "side"),
                              e);
}

std::string phrase_line_of_communication(const Json& e) {
  std::string cut;
  for (const Json& c : e.value("cut", Json::array()))
    cut += (cut.empty() ? "" : ", ") + phrasing::field(c, "unit") + " at " +
           phrasing::field(c, "hex") + " (" + phrasing::field(c, "strength") + " SP)";
  std::size_t traced = e.contains("traced") && e["traced"].is_object() ? e["traced"].size() : 0;
  return phrasing::with_cause(
      phrasing::field(e, "side") + " lines of communication to a road off the " +
          phrasing::join(e.value("edges", Json::array()), " or ") +
          " edge: " + std::to_string(traced) +
          " units trace; cut off: " + (cut.empty() ? std::string("none") : cut),
      e);
}

}  // namespace

const PhraseTable& event_phrases() {
  static const PhraseTable table = with_phrases(
      common_event_phrases(), {{"evade", phrase_evades},
                               {"standing", phrase_standing},
                               {"ineffective", phrase_ineffective},
                               {"recover", phrase_recovers},
                               {"displace", phrase_displaced},
                               {"target_gone", phrase_target_gone},
                               {"attacker_dropped", phrase_attacker_dropped},
                               {"attack_cancelled", phrase_attack_cancelled},
                               {"exit", phrase_exits},
                               {"quota", phrase_quota},
                               {"crossing_roll", phrase_crossing_roll},
                               {"crossed", phrase_crossed},
                               {"demoralized", phrase_demoralized},
                               {"rallied", phrase_rallied},
                               {"morale_limit", phrase_morale_limit},
                               {"no_advance", phrase_no_advance},
                               {"reschedule", phrase_rescheduled},
                               {"control", phrase_control},
                               {"line_of_communication", phrase_line_of_communication}});
  return table;
}

}  // namespace adjutant::rules::bluegray
