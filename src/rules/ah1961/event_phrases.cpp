#include "rules/ah1961/event_phrases.h"

namespace adjutant::rules::ah1961 {

using ledger::Json;

namespace {

std::string phrase_unit_of(const Json& e) {
  return phrasing::field(e, "unit");
}

std::string phrase_fortifies(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "side") + " fortifies " +
                                  phrasing::join(e.value("squares", Json::array()), ", "),
                              e);
}

std::string phrase_placed(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  return phrasing::with_cause(phrase_unit_of(e) + " is placed at " + phrasing::field(e, "hex"), e);
}

std::string phrase_setup_end(const Json& e) {
  return "set-up step ends; next: " +
         (phrasing::field(e, "next_step").empty()
              ? "turn " + phrasing::field(e, "next_turn") + ", " + phrasing::field(e, "next_side")
              : phrasing::field(e, "next_step"));
}

std::string phrase_substitute(const Json& e) {
  return phrasing::with_cause(phrasing::field(e, "division") + " is replaced by brigades " +
                                  phrasing::join(e.value("brigades", Json::array()), ", ") +
                                  " at " + phrasing::field(e, "hex"),
                              e);
}

std::string phrase_recombine(const Json& e) {
  return phrasing::with_cause(
      "brigades " + phrasing::join(e.value("brigades", Json::array()), ", ") + " recombine into " +
          phrasing::field(e, "division") + " at " + phrasing::field(e, "hex"),
      e);
}

std::string phrase_bridge_built(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  return phrasing::with_cause(phrase_unit_of(e) + " bridges river square " +
                                  phrasing::field(e, "river") + " between " +
                                  phrasing::join(e.value("ends", Json::array()), " and "),
                              e);
}

std::string phrase_bridge_captured(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  return phrasing::with_cause(phrase_unit_of(e) + " is captured by " + phrasing::field(e, "by") +
                                  " at " + phrasing::field(e, "hex"),
                              e);
}

std::string phrase_bridge_destroyed(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  return phrasing::with_cause(
      "the bridge " + phrase_unit_of(e) + " at " + phrasing::field(e, "hex") + " is destroyed", e);
}

std::string phrase_boat_destroyed(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  return phrasing::with_cause(phrase_unit_of(e) + " is destroyed at " + phrasing::field(e, "hex") +
                                  " by " + phrasing::field(e, "by") + "'s zone of control",
                              e);
}

std::string phrase_engaged(const Json& e) {
  std::string pairs;
  for (const auto& p : e.value("pairs", Json::array()))
    if (p.is_array() && p.size() == 2)
      pairs += (pairs.empty() ? "" : "; ") + (p[0].is_string() ? p[0].get<std::string>() : "?") +
               " and " + (p[1].is_string() ? p[1].get<std::string>() : "?");
  return phrasing::with_cause(
      "engaged from the secondary zone: " + (pairs.empty() ? std::string("none") : pairs), e);
}

}  // namespace

const PhraseTable& event_phrases() {
  static const PhraseTable table =
      with_phrases(common_event_phrases(), {{"fortify", phrase_fortifies},
                                            {"place", phrase_placed},
                                            {"setup_end", phrase_setup_end},
                                            {"substitute", phrase_substitute},
                                            {"recombine", phrase_recombine},
                                            {"bridge_built", phrase_bridge_built},
                                            {"bridge_captured", phrase_bridge_captured},
                                            {"bridge_destroyed", phrase_bridge_destroyed},
                                            {"boat_destroyed", phrase_boat_destroyed},
                                            {"engaged", phrase_engaged}});
  return table;
}

}  // namespace adjutant::rules::ah1961
