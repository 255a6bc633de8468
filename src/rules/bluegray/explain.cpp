#include "rules/bluegray/explain.h"

namespace adjutant::rules::bluegray {

namespace {

using ledger::Json;

std::string str(const Json& e, const char* key) {
  return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : "";
}

std::string num(const Json& e, const char* key) {
  return e.contains(key) && e[key].is_number_integer() ? std::to_string(e[key].get<long long>())
                                                       : "?";
}

std::string unit_line(const Json& u) {
  std::string out = "  " + str(u, "unit") + " (" + str(u, "type") + ", " + num(u, "strength") +
                    " SP) at " + str(u, "hex");
  if (u.value("ranged", false)) out += ", firing from range: no adverse result (8.72)";
  return out + "\n";
}

}  // namespace

// 8.3 in the rule's words.
std::string result_words(const std::string& code) {
  if (code == "Ae") return "Ae: all attacking units are eliminated";
  if (code == "De") return "De: all defending units are eliminated";
  if (code == "Ar") return "Ar: all attacking units retreat one hex";
  if (code == "Dr") return "Dr: the defenders retreat one hex";
  if (code == "Ex")
    return "Ex: exchange: the defenders are eliminated, and attackers of at least their printed "
           "strength";
  return code;
}

std::string explain_text(const Json& c) {
  std::string out = "Combat " + str(c, "combat") + " (rule " + str(c, "rule") + ")\n";
  out += "Attackers:\n";
  for (const auto& u : c.value("attackers", Json::array())) out += unit_line(u);
  out += "Defenders:\n";
  for (const auto& u : c.value("defenders", Json::array())) out += unit_line(u);
  for (const auto& h : c.value("hexes", Json::array())) {
    out += "Hex " + str(h, "hex") + ": " + num(h, "strength") + " SP x " + num(h, "multiplier") +
           " = " + num(h, "defence");
    if (h.contains("modifier")) out += " (" + str(h, "modifier") + ")";
    out += "\n";
  }
  out += "Attack " + num(c, "attack") + " against defence " + num(c, "defence") + ": ratio " +
         num(c, "attack") + ":" + num(c, "defence") + ", rounded for the defender to " +
         str(c, "computed") + " (8.1)\n";
  if (c.contains("declared"))
    out += "Declared odds " + str(c, "declared") + " (8.8)" +
           (c.contains("note") ? ": " + str(c, "note") : "") + "\n";
  if (c.value("automatic", false))
    return out + "No die: " + str(c, "result") + " at " + str(c, "odds") + " by rule " +
           str(c, "rule") + " (an unavoidable attack by a demoralized army)\n";
  const Json die = c.value("die", Json::object());
  // Dice counted from 1 for people (the log's k counts from 0).
  std::string nth = die.contains("k") && die["k"].is_number_integer()
                        ? std::to_string(die["k"].get<long long>() + 1)
                        : "?";
  out += "Die " + nth + " of the adjudication rolled " + num(die, "value") + "; CRT " +
         str(c, "odds") + " column, row " + num(die, "value") + ": " +
         result_words(str(c, "result")) + "\n";
  return out;
}

std::string consequence_text(const Json& e) {
  std::string type = str(e, "type");
  std::string rule = e.contains("rule") ? " (rule " + str(e, "rule") + ")" : "";
  if (type == "retreat")
    return str(e, "unit") + " retreats " + str(e, "from") + " -> " + str(e, "to") + " (" +
           str(e, "cause") + ")" + rule;
  if (type == "displace")
    return str(e, "unit") + " is displaced " + str(e, "from") + " -> " + str(e, "to") + " by " +
           str(e, "by") + rule;
  if (type == "eliminate")
    return str(e, "unit") + " (" + num(e, "strength") + " SP) is eliminated at " + str(e, "hex") +
           ": " + str(e, "cause") + rule;
  if (type == "exchange") {
    std::string lost;
    for (const auto& id : e.value("lost", Json::array()))
      lost += (lost.empty() ? "" : ", ") + id.get<std::string>();
    return "Exchange: attackers owe " + num(e, "required") + " SP; lost " +
           (lost.empty() ? "none" : lost) + " (" + num(e, "strength_lost") + " SP, " +
           str(e, "choice") + ")" + rule;
  }
  if (type == "advance")
    return str(e, "unit") + " advances " + str(e, "from") + " -> " + str(e, "to") + rule;
  if (type == "ineffective") return str(e, "unit") + " becomes ineffective" + rule;
  if (type == "evade")
    return str(e, "unit") + " retreats before combat " + str(e, "from") + " -> " + str(e, "to") +
           rule;
  if (type == "vp")
    return str(e, "side") + " scores " + num(e, "vp") + " VP (" + str(e, "reason") + ")";
  if (type == "exit")
    return str(e, "unit") + " leaves the map at " + str(e, "hex") + " (" + str(e, "cause") + ")" +
           rule;
  if (type == "demoralized")
    return "the " + str(e, "side") + " army is demoralized: " + num(e, "lost") +
           " SP lost, more than " + num(e, "above") + rule;
  if (type == "no_advance") return str(e, "unit") + " may not advance: " + str(e, "reason") + rule;
  return "";
}

std::string explain_text(const Json& combat, const Json& consequences) {
  std::string out = explain_text(combat);
  for (const auto& e : consequences)
    if (std::string line = consequence_text(e); !line.empty()) out += line + "\n";
  return out;
}

}  // namespace adjutant::rules::bluegray
