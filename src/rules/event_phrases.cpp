#include "rules/event_phrases.h"

namespace adjutant::rules {

using ledger::Json;

namespace phrasing {

std::string field(const Json& e, const char* key) {
  if (!e.is_object() || !e.contains(key)) return "";
  const Json& v = e[key];
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  return "";
}

std::string join(const Json& list, const char* separator) {
  std::string out;
  if (!list.is_array()) return out;
  for (const Json& v : list) {
    if (!out.empty()) out += separator;
    out += v.is_string() ? v.get<std::string>() : v.dump();
  }
  return out;
}

std::string path_text(const Json& e) {
  std::string path = join(e.contains("path") ? e["path"] : Json(), "-");
  std::string mp = field(e, "mp"), of = field(e, "of");
  if (!mp.empty() && !of.empty())
    path += " (" + mp + " of " + of + " MP)";
  else if (!mp.empty())
    path += " (" + mp + " MP)";
  return path;
}

std::string with_cause(std::string text, const Json& e) {
  std::string cause = field(e, "cause");
  if (!cause.empty()) text += " (" + cause + ")";
  std::string rule = field(e, "rule");
  if (!rule.empty()) text += " (rule " + rule + ")";
  return text;
}

std::string from_to(const Json& e) {
  std::string from = field(e, "from"), to = field(e, "to");
  if (from.empty() && to.empty()) return "";
  if (from.empty()) return " to " + to;
  if (to.empty()) return " from " + from;
  return " " + from + " to " + to;
}

}  // namespace phrasing

std::string phrase_event(const PhraseTable& table, const Json& event) {
  auto it = table.find(phrasing::field(event, "type"));
  return it == table.end() ? std::string() : it->second(event);
}

PhraseTable with_phrases(const PhraseTable& base,
                         std::initializer_list<PhraseTable::value_type> rows) {
  PhraseTable out = base;
  for (const auto& [type, phrase] : rows) out[type] = phrase;
  return out;
}

namespace {

std::string phrase_unit_of(const Json& e) {
  return phrasing::field(e, "unit");
}

std::string phrase_moves(const Json& e) {
  return phrase_unit_of(e).empty() ? "" : phrase_unit_of(e) + " moves " + phrasing::path_text(e);
}

std::string phrase_enters(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  std::string text = phrase_unit_of(e) + " enters at " + phrasing::field(e, "hex");
  if (e.contains("path") && e["path"].is_array() && e["path"].size() > 1)
    text += ", moving " + phrasing::path_text(e);
  return text;
}

std::string phrase_retreats(const Json& e) {
  return phrase_unit_of(e).empty()
             ? ""
             : phrasing::with_cause(phrase_unit_of(e) + " retreats" + phrasing::from_to(e), e);
}

std::string phrase_advances(const Json& e) {
  return phrase_unit_of(e).empty()
             ? ""
             : phrasing::with_cause(phrase_unit_of(e) + " advances" + phrasing::from_to(e), e);
}

std::string phrase_eliminated(const Json& e) {
  if (phrase_unit_of(e).empty()) return "";
  std::string hex = phrasing::field(e, "hex");
  return phrasing::with_cause(
      phrase_unit_of(e) + " is eliminated" + (hex.empty() ? "" : " at " + hex), e);
}

std::string phrase_exchange(const Json& e) {
  std::string lost = phrasing::join(e.value("lost", Json::array()), ", ");
  return phrasing::with_cause("exchange: the attackers owe " + phrasing::field(e, "required") +
                                  " SP and lose " + (lost.empty() ? std::string("nothing") : lost) +
                                  " (" + phrasing::field(e, "strength_lost") + " SP)",
                              e);
}

std::string phrase_victory_points(const Json& e) {
  if (!e.contains("side") || !(e.contains("vp") || e.contains("points"))) return "";
  std::string points = e.contains("vp") ? phrasing::field(e, "vp") : phrasing::field(e, "points");
  std::string text = phrasing::field(e, "side") + " scores " + points + " VP";
  if (e.contains("total")) text += ", total " + phrasing::field(e, "total");
  std::string why = phrasing::field(e, "reason");
  if (why.empty()) why = phrasing::field(e, "for");
  return why.empty() ? text : text + " (" + why + ")";
}

std::string phrase_phase_end(const Json& e) {
  return "phase ends; next: turn " + phrasing::field(e, "next_turn") + ", " +
         phrasing::field(e, "next_phase");
}

std::string phrase_game_end(const Json& e) {
  std::string text = "the game ends: " + phrasing::field(e, "result");
  const Json vp = e.value("vp", Json::object());
  const Json sources = e.value("sources", Json::object());
  std::string totals;
  for (const auto& [side, points] : vp.items()) {
    totals += (totals.empty() ? "" : "; ") + side + " " + points.dump() + " VP";
    std::string parts;
    if (sources.contains(side) && sources[side].is_object())
      for (const auto& [source, n] : sources[side].items())
        parts += (parts.empty() ? "" : ", ") + source + " " + n.dump();
    if (!parts.empty()) totals += " (" + parts + ")";
  }
  if (e.contains("morale") && e["morale"].contains("shift"))
    text += " (" + phrasing::field(e["morale"], "shift") + ", rule " +
            phrasing::field(e["morale"], "rule") + ")";
  return totals.empty() ? text : text + " (" + totals + ")";
}

}  // namespace

const PhraseTable& common_event_phrases() {
  static const PhraseTable table = {
      {"move", phrase_moves},           {"enter", phrase_enters},
      {"retreat", phrase_retreats},     {"advance", phrase_advances},
      {"eliminate", phrase_eliminated}, {"exchange", phrase_exchange},
      {"vp", phrase_victory_points},    {"phase_end", phrase_phase_end},
      {"game_end", phrase_game_end}};
  return table;
}

}  // namespace adjutant::rules
