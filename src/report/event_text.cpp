#include "report/event_text.h"

namespace adjutant::report {

namespace {

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

std::string from_to(const Json& e) {
  std::string from = field(e, "from"), to = field(e, "to");
  if (from.empty() && to.empty()) return "";
  if (from.empty()) return " to " + to;
  if (to.empty()) return " from " + from;
  return " " + from + " to " + to;
}

void add_units(Table& t, const char* role, const Json& list, const model::Scenario* scenario) {
  if (!list.is_array()) return;
  for (const Json& u : list) {
    std::string id = u.is_string() ? u.get<std::string>() : field(u, "unit");
    const model::UnitDef* def = scenario ? scenario->unit(id) : nullptr;
    t.rows.push_back({role, id, def ? def->name : "", field(u, "hex"), field(u, "strength")});
  }
}

}  // namespace

std::string field(const Json& e, const char* key) {
  if (!e.is_object() || !e.contains(key)) return "";
  const Json& v = e[key];
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  return "";
}

std::string event_type(const Json& e) {
  return field(e, "type");
}

std::string describe_event(const Json& e) {
  const std::string type = event_type(e);
  const std::string unit = field(e, "unit");
  if (type == "move" && !unit.empty()) return unit + " moves " + path_text(e);
  if (type == "enter" && !unit.empty()) {
    std::string text = unit + " enters at " + field(e, "hex");
    if (e.contains("path") && e["path"].is_array() && e["path"].size() > 1)
      text += ", moving " + path_text(e);
    return text;
  }
  if (type == "retreat" && !unit.empty()) return with_cause(unit + " retreats" + from_to(e), e);
  if (type == "advance" && !unit.empty()) return with_cause(unit + " advances" + from_to(e), e);
  if (type == "evade" && !unit.empty()) return with_cause(unit + " evades" + from_to(e), e);
  if (type == "eliminate" && !unit.empty()) {
    std::string hex = field(e, "hex");
    return with_cause(unit + " is eliminated" + (hex.empty() ? "" : " at " + hex), e);
  }
  if (type == "vp" && e.contains("side") && (e.contains("vp") || e.contains("points"))) {
    std::string points = e.contains("vp") ? field(e, "vp") : field(e, "points");
    std::string text = field(e, "side") + " scores " + points + " VP";
    if (e.contains("total")) text += ", total " + field(e, "total");
    std::string why = field(e, "reason");
    if (why.empty()) why = field(e, "for");
    return why.empty() ? text : text + " (" + why + ")";
  }
  if (type == "standing" && e.contains("standing")) {
    const Json& st = e["standing"];
    const Json retreat = st.value("retreat", Json::object());
    std::string text = field(e, "side") + " standing orders: retreat " + field(retreat, "prefer");
    if (retreat.contains("hex")) text += " " + field(retreat, "hex");
    text += std::string(", cavalry ") + (st.value("cavalry_evade", false) ? "evades" : "stands");
    text += std::string(", ") + (st.value("advance", false) ? "advances" : "holds") +
            " after a defence, exchange losses " + field(st, "losses");
    return text;
  }
  if (type == "ineffective" && !unit.empty()) return with_cause(unit + " becomes ineffective", e);
  if (type == "recover" && !unit.empty()) return with_cause(unit + " is effective again", e);
  if (type == "displace" && !unit.empty())
    return with_cause(unit + " is displaced" + from_to(e) + " to make room for " + field(e, "by"),
                      e);
  if (type == "exchange") {
    std::string lost = join(e.value("lost", Json::array()), ", ");
    return with_cause("exchange: the attackers owe " + field(e, "required") + " SP and lose " +
                          (lost.empty() ? std::string("nothing") : lost) + " (" +
                          field(e, "strength_lost") + " SP)",
                      e);
  }
  if (type == "target_gone") return with_cause("no defender is left in " + field(e, "hex"), e);
  if (type == "attacker_dropped" && !unit.empty())
    return with_cause(
        unit + " drops out of combat " + field(e, "combat") + ": " + field(e, "reason"), e);
  if (type == "attack_cancelled")
    return with_cause("combat " + field(e, "combat") + " is called off: " + field(e, "reason"), e);
  if (type == "phase_end")
    return "phase ends; next: turn " + field(e, "next_turn") + ", " + field(e, "next_phase");
  if (type == "exit" && !unit.empty() && e.contains("returns"))
    return with_cause(unit + " leaves the map at " + field(e, "hex") + " (" + field(e, "mp") +
                          " MP; back on turn " + field(e["returns"], "turn") + ")",
                      e);
  if (type == "exit" && !unit.empty())
    return with_cause(unit + " leaves the map at " + field(e, "hex") + " (" + field(e, "mp") +
                          " MP; out of play, not eliminated)",
                      e);
  if (type == "quota")
    return with_cause(field(e, "side") + " moved " + field(e, "used") + " of " + field(e, "of") +
                          " units this turn: " + join(e.value("units", Json::array()), ", "),
                      e);
  if (type == "crossing_roll") {
    std::string die = field(e.value("die", Json::object()), "value");
    bool allowed = e.value("allowed", false);
    return with_cause("crossing roll for " + join(e.value("units", Json::array()), ", ") + ": " +
                          die + (allowed ? ", they may cross at " : ", they may not cross at ") +
                          field(e, "hex") + (allowed ? " from turn " + field(e, "turn") : " yet"),
                      e);
  }
  if (type == "crossed" && !unit.empty())
    return with_cause(unit + " is across the river at " + field(e, "hex"), e);
  if (type == "demoralized")
    return with_cause(field(e, "side") + " army is demoralized: " + field(e, "lost") +
                          " SP lost, more than " + field(e, "above"),
                      e);
  if (type == "rallied")
    return with_cause(field(e, "side") + " army rallies: " + field(e, "lost") +
                          " SP lost, no more than " + field(e, "above"),
                      e);
  if (type == "morale_limit")
    return with_cause(
        field(e, "side") + " army is now demoralized only above " + field(e, "above") + " SP lost",
        e);
  if (type == "no_advance" && !unit.empty())
    return with_cause(unit + " may not advance: " + field(e, "reason"), e);
  if (type == "reschedule" && !unit.empty())
    return with_cause(unit + " does not enter (" + field(e, "blocked") + "): rescheduled to turn " +
                          field(e, "turn") + " at " + join(e.value("hexes", Json::array()), " or "),
                      e);
  if (type == "control") return with_cause(field(e, "hex") + " taken by " + field(e, "side"), e);
  if (type == "line_of_communication") {
    std::string cut;
    for (const Json& c : e.value("cut", Json::array()))
      cut += (cut.empty() ? "" : ", ") + field(c, "unit") + " at " + field(c, "hex") + " (" +
             field(c, "strength") + " SP)";
    std::size_t traced = e.contains("traced") && e["traced"].is_object() ? e["traced"].size() : 0;
    return with_cause(field(e, "side") + " lines of communication to a road off the " +
                          join(e.value("edges", Json::array()), " or ") +
                          " edge: " + std::to_string(traced) +
                          " units trace; cut off: " + (cut.empty() ? std::string("none") : cut),
                      e);
  }
  if (type == "game_end") {
    std::string text = "the game ends: " + field(e, "result");
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
      text += " (" + field(e["morale"], "shift") + ", rule " + field(e["morale"], "rule") + ")";
    return totals.empty() ? text : text + " (" + totals + ")";
  }
  return generic(e);
}

Section combat_section(const Json& combat, const std::vector<Json>& consequences,
                       const model::Scenario* scenario, const rules::Ruleset* ruleset) {
  Section s;
  std::string n = field(combat, "combat");
  s.heading = "Combat" + (n.empty() ? std::string() : " " + n);
  std::string rule = field(combat, "rule");
  if (!rule.empty()) s.heading += " (rule " + rule + ")";
  Table units;
  units.header = {"", "Unit", "Name", "Hex", "SP"};
  units.numeric = {false, false, false, false, true};
  add_units(units, "attacks", combat.value("attackers", Json::array()), scenario);
  add_units(units, "defends", combat.value("defenders", Json::array()), scenario);
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
  for (const Json& e : consequences) s.line(describe_event(e));
  return s;
}

}  // namespace adjutant::report
