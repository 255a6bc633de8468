#include "rules/ah1961/explain.h"

namespace adjutant::rules::ah1961 {

namespace {

using ledger::Json;

std::string text(const Json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return "";
  const Json& v = j[key];
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number()) return v.dump();
  return "";
}

std::string result_words(const std::string& r) {
  if (r == "AE") return "A ELIM: all attacking units are removed";
  if (r == "DE") return "D ELIM: all defending units are removed";
  if (r == "AB2") return "A BACK 2: the attackers go back two squares, the defender choosing";
  if (r == "DB2") return "D BACK 2: the defenders go back two squares, the attacker choosing";
  if (r == "EX")
    return "EXCHANGE: the side with fewer factors removes all, the other at least as many";
  return r;
}

}  // namespace

std::string explain_text(const Json& c, const Json& consequences) {
  std::string out = "Combat " + text(c, "combat") + " (order " + text(c, "order") + ")\n";
  bool secondary = true;
  for (const auto& a : c.value("attackers", Json::array())) {
    out += "  attacker " + text(a, "unit") + " (" + text(a, "type") + ") at " + text(a, "hex") +
           ": " + text(a, "strength") + (a.value("ranged", false) ? ", two squares away" : "") +
           "\n";
    if (!a.value("ranged", false)) secondary = false;
  }
  for (const auto& d : c.value("defenders", Json::array()))
    out += "  defender " + text(d, "unit") + " (" + text(d, "type") + ") at " + text(d, "hex") +
           ": " + text(d, "strength") + "\n";
  for (const auto& h : c.value("hexes", Json::array()))
    out += "  square " + text(h, "hex") + ": " + text(h, "strength") + " x " +
           text(h, "multiplier") + " = " + text(h, "defence") +
           (h.contains("modifier") ? " (" + text(h, "modifier") + ")" : std::string()) + "\n";
  out += std::string("  zone: ") +
         (secondary ? "secondary (every attacker two squares from every defender)"
                    : "primary (treated as primary when any pair is adjacent)") +
         "\n";
  for (const auto& m : c.value("modifiers", Json::array()))
    if (m.is_string()) out += "  note: " + m.get<std::string>() + "\n";
  out += "  odds: " + text(c, "attack") + " to " + text(c, "defence") +
         ": divide the smaller into the larger, fractions ignored: " + text(c, "computed") + "\n";
  if (c.value("automatic", false))
    out += "  no die: " + text(c, "note") + "\n";
  else
    out += "  die: " + text(c["die"], "value") + " on the " + text(c, "odds") + " line\n";
  out += "  result: " + result_words(text(c, "result")) + "\n";
  for (const auto& e : consequences) {
    std::string type = text(e, "type");
    if (type == "eliminate")
      out += "  then " + text(e, "unit") + " is eliminated at " + text(e, "hex") + " (" +
             text(e, "cause") + ")\n";
    else if (type == "retreat")
      out += "  then " + text(e, "unit") + " goes back " + text(e, "from") + "-" + text(e, "via") +
             "-" + text(e, "to") + "\n";
    else if (type == "advance")
      out += "  then " + text(e, "unit") + " moves onto " + text(e, "to") + " (rule " +
             text(e, "rule") + ")\n";
    else if (type == "bridge_destroyed")
      out += "  then the bridge " + text(e, "unit") + " at " + text(e, "hex") + " is destroyed\n";
    else if (type == "engaged")
      out += "  then the artillery engagements are recorded (the artillery NOTE)\n";
    else if (!type.empty())
      out += "  then " + e.dump() + "\n";
  }
  return out;
}

}  // namespace adjutant::rules::ah1961
