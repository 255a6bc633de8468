#include "report/event_text.h"

#include "rules/event_phrases.h"

namespace adjutant::report {

namespace {

std::string join(const Json& list, const char* separator) {
  return rules::phrasing::join(list, separator);
}

// Every field but "type", as key=value, for event types this code does not know.
std::string generic(const Json& e) {
  std::string out = event_type(e).empty() ? "event" : event_type(e);
  std::string fields;
  if (e.is_object()) {
    for (auto it = e.begin(); it != e.end(); ++it) {
      if (it.key() == "type" || it.key() == "visible_to") continue;
      if (!fields.empty()) fields += ", ";
      fields += it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
    }
  }
  return fields.empty() ? out : out + ": " + fields;
}

void add_units(Table& t, const char* role, const Json& list, const rules::Ruleset* ruleset) {
  if (!list.is_array()) return;
  for (const Json& u : list) {
    std::string id = u.is_string() ? u.get<std::string>() : field(u, "unit");
    t.rows.push_back(
        {role, id, ruleset ? ruleset->piece_name(id) : "", field(u, "hex"), field(u, "strength")});
  }
}

}  // namespace

std::string field(const Json& e, const char* key) {
  return rules::phrasing::field(e, key);
}

std::string event_type(const Json& e) {
  return field(e, "type");
}

std::string describe_event(const rules::Ruleset* ruleset, const Json& e) {
  std::string words = ruleset ? ruleset->describe_event(e) : "";
  return words.empty() ? generic(e) : words;
}

Section combat_section(const Json& combat, const std::vector<Json>& consequences,
                       const rules::Ruleset* ruleset) {
  Section s;
  std::string n = field(combat, "combat");
  s.heading = "Combat" + (n.empty() ? std::string() : " " + n);
  std::string rule = field(combat, "rule");
  if (!rule.empty()) s.heading += " (rule " + rule + ")";
  Table units;
  units.header = {"", "Unit", "Name", "Hex", "SP"};
  units.numeric = {false, false, false, false, true};
  add_units(units, "attacks", combat.value("attackers", Json::array()), ruleset);
  add_units(units, "defends", combat.value("defenders", Json::array()), ruleset);
  if (!units.rows.empty()) s.table(std::move(units));
  std::string attack = field(combat, "attack"), defence = field(combat, "defence");
  if (!attack.empty() || !defence.empty())
    s.fact("Strength", attack + " attacking, " + defence + " defending");
  std::string modifiers = join(combat.value("modifiers", Json::array()), "; ");
  s.fact("Modifiers", modifiers.empty() ? "no modifiers" : modifiers);
  s.fact("Odds", field(combat, "odds"));
  const Json die = combat.value("die", Json::object());
  std::string value = field(die, "value");
  if (value.empty()) value = field(die, "v");
  // Dice are counted from 1 for people (the log's k counts from 0).
  std::string k = field(die, "k");
  std::string nth;
  if (!k.empty() && die["k"].is_number_integer())
    nth = " (die " + std::to_string(die["k"].get<long long>() + 1) + " of this adjudication)";
  if (!value.empty()) s.fact("Die", value + nth);
  if (combat.value("automatic", false)) s.fact("Die", "none: an automatic result");
  std::string result = field(combat, "result");
  s.fact("Result", ruleset ? ruleset->describe_result(result) : result);
  for (const Json& e : consequences) s.line(describe_event(ruleset, e));
  return s;
}

}  // namespace adjutant::report
