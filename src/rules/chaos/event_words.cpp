// Chaos of Battle events as sentences for the reports (Ruleset::describe_event):
// "Gamble's cavalry brigade marches 12" north to (30.39, 51.40)". Pieces by
// their names in the scenario, tokens by their names in the text, places in
// inches from the table's south-west corner, directions by the compass
// (north is the far narrow end, y). Reads events; decides nothing.
#include "rules/chaos/event_words.h"

#include <cstdlib>

#include "util/printable.h"

namespace adjutant::rules::chaos {

namespace event_words_impl {

using Json = nlohmann::json;

std::string str(const Json& e, const char* key) {
  return e.is_object() && e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : "";
}

long long num(const Json& e, const char* key, long long otherwise = 0) {
  return e.is_object() && e.contains(key) && e[key].is_number_integer() ? e[key].get<long long>()
                                                                        : otherwise;
}

bool flag(const Json& e, const char* key) {
  return e.is_object() && e.contains(key) && e[key].is_boolean() && e[key].get<bool>();
}

// Hundredths of an inch as inches: 1400 -> "14", 545 -> "5.45".
std::string inches(long long h) {
  std::string sign = h < 0 ? "-" : "";
  h = std::llabs(h);
  std::string out = sign + std::to_string(h / 100);
  long long cents = h % 100;
  if (cents == 0) return out;
  std::string c = (cents < 10 ? "0" : "") + std::to_string(cents);
  if (c.back() == '0') c.pop_back();
  return out + "." + c;
}

// A point of the table: "(30.39, 51.40)".
std::string at(const Json& p) {
  if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer())
    return "(?)";
  auto two = [](long long h) {
    std::string sign = h < 0 ? "-" : "";
    h = std::llabs(h);
    long long cents = h % 100;
    return sign + std::to_string(h / 100) + "." + (cents < 10 ? "0" : "") + std::to_string(cents);
  };
  return "(" + two(p[0].get<long long>()) + ", " + two(p[1].get<long long>()) + ")";
}

bool point(const Json& p, long long& x, long long& y) {
  if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer())
    return false;
  x = p[0].get<long long>();
  y = p[1].get<long long>();
  return true;
}

long long isqrt(long long v) {
  long long r = 0;
  for (long long bit = 1LL << 62; bit; bit >>= 2)
    if (v >= r + bit) {
      v -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
  return r;
}

// How far and which way from `from` to `to`: "3" north-east"; "" when they
// are the same point. Eight points of the compass, by whole-number tests
// (tan 22.5 degrees taken as 5/12).
std::string way(const Json& from, const Json& to) {
  long long x0, y0, x1, y1;
  if (!point(from, x0, y0) || !point(to, x1, y1)) return "";
  long long dx = x1 - x0, dy = y1 - y0;
  if (dx == 0 && dy == 0) return "";
  long long d = isqrt(dx * dx + dy * dy);
  // Whole inches, or tenths below 10".
  long long shown = d >= 1000 ? (d + 50) / 100 * 100 : (d + 5) / 10 * 10;
  long long ax = std::llabs(dx), ay = std::llabs(dy);
  std::string dir;
  if (12 * ax <= 5 * ay)
    dir = dy > 0 ? "north" : "south";
  else if (12 * ay <= 5 * ax)
    dir = dx > 0 ? "east" : "west";
  else
    dir = std::string(dy > 0 ? "north" : "south") + (dx > 0 ? "-east" : "-west");
  return inches(shown) + "\" " + dir;
}

// "Outflank", "Like a Stone Wall": a token by its name in the text.
std::string token(const std::string& name) {
  static const char* small[] = {"a", "the", "to", "of", "and"};
  std::string out, word;
  bool first = true;
  auto flush = [&] {
    bool lower = false;
    for (const char* s : small) lower = lower || (!first && word == s);
    if (!word.empty() && !lower) word[0] = char(std::toupper(static_cast<unsigned char>(word[0])));
    out += (out.empty() ? "" : " ") + word;
    word.clear();
    first = false;
  };
  for (char c : name) {
    if (c == '_')
      flush();
    else
      word += c;
  }
  flush();
  return out;
}

std::string list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

std::string capital(std::string s) {
  if (!s.empty()) s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

struct Names {
  const Scenario& sc;

  std::string side(const std::string& id) const {
    for (const auto& s : sc.sides)
      if (s.id == id) return s.name;
    return id;
  }
  // A brigade by its name, or (an enemy brigade not named) by its side.
  std::string brigade(const Json& e, const char* key = "brigade") const {
    std::string id = str(e, key);
    if (id.empty()) return "a " + side(str(e, "side")) + " brigade";
    if (const Brigade* b = sc.brigade(id)) return b->name;
    return id;
  }
  std::string regiment(const std::string& id) const {
    for (const auto& s : sc.sides)
      for (const auto& b : s.brigades)
        for (const auto& r : b.regiments)
          if (r.id == id) return "the " + r.name;
    return id;
  }
  // A regiment in a fight: its name, or where an unnamed enemy one stands.
  std::string fighter(const Json& u) const {
    std::string id = str(u, "regiment");
    if (!id.empty()) return regiment(id);
    return "a " + side(str(u, "side")) + " regiment at " + at(u.value("at", Json()));
  }
  std::string figure(const std::string& id, bool wagon) const {
    for (const auto& s : sc.sides)
      for (const auto& f : wagon ? s.wagons : s.commanders)
        if (f.id == id) return f.name;
    return id;
  }
};

std::string with_stress(const Json& u) {
  std::string out;
  long long amount = num(u, "amount");
  if (u.contains("amount"))
    out += amount > 0   ? " takes " + std::to_string(amount) + " stress"
           : amount < 0 ? " sheds " + std::to_string(-amount) + " stress"
                        : " takes no stress";
  if (u.contains("stress")) out += " (now " + std::to_string(num(u, "stress")) + ")";
  if (flag(u, "removed")) out += " and is removed";
  return out;
}

// "Gamble's cavalry brigade 2 (now 3)" for each brigade's change of stress.
std::string brigades_stress(const Names& n, const Json& list_json) {
  std::vector<std::string> out;
  if (!list_json.is_array()) return "";
  for (const auto& b : list_json) {
    long long amount = num(b, "amount");
    out.push_back(n.brigade(b) + (amount >= 0 ? " +" : " ") + std::to_string(amount) +
                  " stress (now " + std::to_string(num(b, "brigade_stress")) + ")");
  }
  return list(out);
}

// The regiments of a fight's outcome: each one's roll and stress, and where
// it falls back to.
std::string fighters(const Names& n, const Json& units) {
  std::vector<std::string> out;
  if (!units.is_array()) return "";
  for (const auto& u : units) {
    std::string s = n.fighter(u);
    if (u.contains("roll")) s += " rolls " + std::to_string(num(u, "roll")) + " and";
    s += with_stress(u);
    if (u.contains("to")) s += ", falling back to " + at(u["to"]);
    out.push_back(s);
  }
  return list(out);
}

std::string rolls_of(const Names& n, const Json& rounds) {
  std::vector<std::string> out;
  if (!rounds.is_array() || n.sc.sides.size() < 2) return "";
  for (const auto& r : rounds)
    if (r.is_array() && r.size() == 2)
      out.push_back(n.side(n.sc.sides[0].id) + " " + r[0].dump() + ", " + n.side(n.sc.sides[1].id) +
                    " " + r[1].dump());
  return out.empty() ? "" : " (rolls: " + list(out) + ")";
}

// One piece: one sentence an event type, so that every type the turn
// writes is worded in one place.
std::string words(const Names& n, const Json& e) {
  const std::string type = str(e, "type");
  const std::string side = n.side(str(e, "side"));
  if (type == "turn") {
    std::string kind = str(e, "turn_type");
    for (char& c : kind)
      if (c == '_') c = ' ';
    return "Turn " + std::to_string(num(e, "turn")) + " begins" +
           (kind.empty() ? "" : ": " + kind) + ".";
  }
  if (type == "turn_end") return "Turn " + std::to_string(num(e, "turn")) + " ends.";
  if (type == "initiative")
    return n.side(str(e, "winner")) + " wins the initiative" +
           rolls_of(n, e.value("rolls", Json())) + ".";
  if (type == "fight_initiative")
    return n.side(str(e, "winner")) + " wins the initiative in the fights" +
           rolls_of(n, e.value("rolls", Json())) + ".";
  if (type == "tokens_drawn" || type == "tokens_returned") {
    std::vector<std::string> names;
    if (e.contains("tokens") && e["tokens"].is_array())
      for (const auto& t : e["tokens"])
        names.push_back(token(t.is_string() ? t.get<std::string>() : ""));
    if (type == "tokens_returned") return side + " throws " + list(names) + " back into the tin.";
    if (names.empty())
      return side + " draws " + std::to_string(num(e, "count")) + " combat tokens.";
    return side + " draws " + std::to_string(names.size()) + " combat tokens: " + list(names) + ".";
  }
  if (type == "rate") {
    std::string s = n.brigade(e) + " rolls its rate: " + inches(num(e, "distance")) + "\"";
    std::string going = str(e, "going");
    if (!going.empty()) s += going == "road" ? " by road" : " over " + going + " ground";
    if (!str(e, "landmark").empty()) s += ", toward the " + str(e, "landmark");
    if (flag(e, "near_commander")) s += ", near its player commander";
    std::vector<std::string> dice;
    if (e.contains("rolls") && e["rolls"].is_array())
      for (const auto& r : e["rolls"]) dice.push_back(r.dump());
    if (!dice.empty()) s += std::string(dice.size() == 1 ? " (die " : " (dice ") + list(dice) + ")";
    return s + ".";
  }
  if (type == "move") {
    std::string dir = way(e.value("from", Json()), e.value("to", Json()));
    bool deployed = flag(e, "marker") ? false : (e.contains("regiments") || e.contains("marker"));
    std::string who = str(e, "brigade").empty()
                          ? (deployed ? "a " + side + " brigade" : "a " + side + " marker")
                          : n.brigade(e) + (deployed ? "" : "'s marker");
    return capital(who) + (deployed ? " marches " : " moves ") + (dir.empty() ? "" : dir + " ") +
           "to " + at(e.value("to", Json())) + ".";
  }
  if (type == "commander_move") {
    std::string id = str(e, "commander");
    std::string who = id.empty() ? "the " + side + " player commander" : n.figure(id, false);
    std::string dir = way(e.value("from", Json()), e.value("to", Json()));
    return capital(who) + " rides " + (dir.empty() ? "" : dir + " ") + "to " +
           at(e.value("to", Json())) + ".";
  }
  if (type == "check") {
    std::string target = str(e, "target").empty() ? "an enemy" : n.brigade(e, "target");
    return capital(n.brigade(e)) + " halts at a CHECK at " + at(e.value("at", Json())) + ": " +
           target + " stands at " + at(e.value("target_at", Json())) + ".";
  }
  if (type == "chaos_roll") {
    bool preferred = str(e, "result") == "preferred";
    return capital(n.brigade(e)) +
           " makes a Chaos of Battle roll: " + std::to_string(num(e, "roll")) +
           (flag(e, "bonus_used") ? " (+1 near its player commander)" : "") +
           " against a rating of " + std::to_string(num(e, "rating")) + ": the " +
           (preferred ? "preferred" : "other") + " marker at " + at(e.value("kept", Json())) +
           " is the brigade; the marker at " + at(e.value("removed", Json())) + " is removed.";
  }
  if (type == "flag_removed")
    return "A " + side + " marker at " + at(e.value("at", Json())) + " is taken off the table.";
  if (type == "deploy" || type == "maneuver" || type == "withdraw") {
    std::size_t regiments = e.contains("regiments") ? e["regiments"].size() : 0;
    std::string verb = type == "deploy"     ? " deploys around "
                       : type == "maneuver" ? " maneuvers around "
                                            : " withdraws to ";
    return capital(n.brigade(e)) + verb + at(e.value("commander", Json())) + ", " +
           std::to_string(regiments) + (regiments == 1 ? " regiment" : " regiments") + " in line.";
  }
  if (type == "deploy_blocked" || type == "maneuver_blocked" || type == "withdraw_blocked" ||
      type == "remarker_blocked" || type == "placement_refused") {
    std::string what = type == "deploy_blocked"     ? " cannot deploy"
                       : type == "maneuver_blocked" ? " cannot maneuver"
                       : type == "withdraw_blocked" ? " cannot withdraw"
                       : type == "remarker_blocked" ? " cannot be marked again"
                                                    : ": the placement ordered is not taken";
    return capital(n.brigade(e)) + what + ": " + str(e, "reason") + ".";
  }
  if (type == "form_up") return capital(n.brigade(e)) + " forms up.";
  if (type == "remarker") {
    std::vector<std::string> pts;
    if (e.contains("markers") && e["markers"].is_array())
      for (const auto& p : e["markers"]) pts.push_back(at(p));
    return capital(n.brigade(e)) +
           " is marked again: " + (pts.size() == 1 ? "a marker at " : "markers at ") + list(pts) +
           ".";
  }
  if (type == "stress") {
    std::string why = flag(e, "creek") && flag(e, "hill") ? " crossing a creek and climbing a hill"
                      : flag(e, "creek")                  ? " crossing a creek"
                      : flag(e, "hill")                   ? " climbing a hill"
                      : str(e, "rule") == "engagement.withdraw" ? " for withdrawing"
                                                                : "";
    return capital(n.brigade(e)) + " takes " + std::to_string(num(e, "amount")) + " stress" + why +
           " (now " + std::to_string(num(e, "brigade_stress")) + ").";
  }
  if (type == "stress_test")
    return capital(n.brigade(e)) + (flag(e, "passed") ? " passes" : " fails") +
           " a stress test: " + std::to_string(num(e, "roll")) + " against more than " +
           std::to_string(num(e, "against")) + ".";
  if (type == "artillery_fire") {
    std::string s = capital(n.regiment(str(e, "battery"))) + " fires on ";
    s += str(e, "target").empty() ? "a " + n.side(str(e, "target_side")) + " regiment"
                                  : n.regiment(str(e, "target"));
    s += " at " + at(e.value("target_at", Json()));
    std::vector<std::string> dice;
    if (e.contains("rolls") && e["rolls"].is_array())
      for (const auto& r : e["rolls"]) dice.push_back(r.dump());
    long long hits = num(e, "hits");
    s += ": " + list(dice) + ", needing " + std::to_string(num(e, "needs")) + ", " +
         std::to_string(hits) + (hits == 1 ? " hit" : " hits");
    s += "; the target is at stress " + std::to_string(num(e, "target_stress")) +
         (flag(e, "target_removed") ? " and is removed" : "");
    long long self = num(e, "self_stress");
    if (self > 0)
      s += "; the battery takes " + std::to_string(self) + " stress (now " +
           std::to_string(num(e, "battery_stress")) + ")" +
           (flag(e, "battery_removed") ? " and is removed" : "");
    return s + ".";
  }
  if (type == "fight_start") {
    const Json target = e.value("target", Json::object());
    std::string s = capital(n.regiment(str(e, "regiment"))) + " of " + n.brigade(e);
    std::string dir = way(e.value("from", Json()), e.value("to", Json()));
    if (!dir.empty()) s += " charges " + dir;
    return s + " and starts a fight with " + n.fighter(target) + ".";
  }
  if (type == "fight_blocked")
    return capital(n.regiment(str(e, "regiment"))) + " of " + n.brigade(e) +
           " starts no fight: " + str(e, "reason") + ".";
  if (type == "fight_resolve" || type == "fight_token" || type == "fight_neither" ||
      type == "fight_lose" || type == "fight_pursuit") {
    std::string s;
    if (type == "fight_resolve")
      s = "The fight is resolved (" + n.side(str(e, "caller")) + " calls it)";
    else if (type == "fight_token")
      s = side + " plays " + token(str(e, "token")) +
          (str(e, "note").empty() ? "" : " (" + str(e, "note") + ")");
    else if (type == "fight_neither")
      s = "Neither side wins the fight";
    else if (type == "fight_lose")
      s = side + " loses the fight to " + n.side(str(e, "winner"));
    else
      s = side + " pursues";
    std::string units = fighters(n, e.value("units", Json()));
    std::string brigades = brigades_stress(n, e.value("brigades", Json()));
    if (!units.empty()) s += ": " + units;
    if (!brigades.empty()) s += "; " + brigades;
    return s + ".";
  }
  if (type == "fight_test") {
    const Json u = e.value("unit", Json::object());
    return capital(n.fighter(u)) + " tests: " + std::to_string(num(u, "roll")) + " against " +
           std::to_string(num(u, "against")) +
           (num(u, "bonus") ? " (+" + std::to_string(num(u, "bonus")) + ")" : "") + ", " +
           (flag(u, "passed") ? "passed" : "failed") +
           (str(u, "choice").empty() ? "" : ": it " + str(u, "choice") + "s") + ".";
  }
  if (type == "rest") {
    std::string s = capital(n.brigade(e)) + " rests";
    if (e.contains("roll") && num(e, "roll") > 0)
      s += " (die " + std::to_string(num(e, "roll")) + ")";
    s += ": brigade stress " + std::to_string(num(e, "brigade_stress"));
    std::vector<std::string> regs;
    if (e.contains("regiments") && e["regiments"].is_object())
      for (const auto& [id, stress] : e["regiments"].items())
        regs.push_back(n.regiment(id) + " " + stress.dump());
    if (!regs.empty()) s += "; regiments' stress " + list(regs);
    return s + ".";
  }
  if (type == "wagon_destroyed") {
    std::string id = str(e, "wagon");
    return capital(id.empty() ? "the " + side + " supply wagons" : n.figure(id, true)) + " at " +
           at(e.value("at", Json())) + " are destroyed.";
  }
  if (type == "game_end") {
    std::string s = "The game ends: " + str(e, "result");
    std::vector<std::string> stress;
    if (e.contains("stress") && e["stress"].is_object())
      for (const auto& [id, v] : e["stress"].items()) stress.push_back(n.side(id) + " " + v.dump());
    if (!stress.empty()) s += " (brigade stress " + list(stress) + ")";
    return s + ".";
  }
  return "";
}

}  // namespace event_words_impl

std::string event_words(const Scenario& scenario, const nlohmann::json& event) {
  return event_words_impl::words(event_words_impl::Names{scenario}, event);
}

std::vector<std::string> report_procedures() {
  return {"The turn", "Movement", "Engagement", "Fights", "Rest", "End of the game"};
}

std::string procedure_of(const std::string& type) {
  if (type.rfind("fight", 0) == 0 || type == "wagon_destroyed") return "Fights";
  if (type == "form_up" || type == "maneuver" || type == "withdraw" || type == "artillery_fire" ||
      type == "maneuver_blocked" || type == "withdraw_blocked")
    return "Engagement";
  if (type == "rest" || type == "remarker" || type == "remarker_blocked") return "Rest";
  if (type == "move" || type == "rate" || type == "check" || type == "commander_move" ||
      type == "deploy" || type == "deploy_blocked" || type == "placement_refused" ||
      type == "chaos_roll" || type == "flag_removed" || type == "stress" || type == "stress_test")
    return "Movement";
  if (type == "game_end") return "End of the game";
  return "The turn";
}

}  // namespace adjutant::rules::chaos
