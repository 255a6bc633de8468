// Blue & Gray text orders (docs/orders.md "Blue & Gray"): one order a line.
//
//   1/Heth 0402                         move to 0402 by the cheapest path ("to")
//   Jenkins 0901 1001 1002 1003         move along this path ("path")
//   1/XI enter 0610 0607 strategic      a reinforcement entering at 0610
//   F Lee 2116 exit                     leave the map from 2116
//   2/VI F1705 forced                   a forced march (Grand Chancellorsville 23.21)
//   attack 1004 with Jenkins Pegram odds 1-2 advance Jenkins losses Pegram
//   standing retreat toward 0101 evade no advance yes losses fewest
#include "rules/notation.h"
#include "rules/name_hints.h"
#include "rules/text_body.h"
#include "rules/unit_names.h"
#include "util/printable.h"

namespace adjutant::rules::bluegray {

// A namespace of its own: the using-directive must not reach the ruleset's
// other files compiled in the same unity batch.
namespace text_orders {

using namespace text;

const std::set<std::string> kNotationWords = {"attack",   "with",    "odds", "advance",   "losses",
                                              "standing", "retreat", "away", "toward",    "evade",
                                              "enter",    "to",      "path", "strategic", "exit",
                                              "move",     "moves",   "no",   "forced"};

const std::vector<std::pair<std::string, std::string>> kLosses = {
    {"fewest", "fewest_units"}, {"weakest", "weakest_first"}, {"strongest", "strongest_first"}};

// `strategic` or `exit`, optionally followed by yes or no.
bool yes_unless_no(Reader& r) {
  r.next();
  for (const char* w : {"yes", "no", "true", "false", "on", "off"})
    if (r.at(w)) return yes_no(r, "");
  return true;
}

Json read_move(Reader& r, const UnitNames& names) {
  std::vector<Token> words = r.words();
  if (words.empty())
    fail("text.syntax", r.pos(),
         r.done() ? "expected an order"
                  : "expected a unit's name, found " + in_quotes(r.peek().text));
  Json m = {{"unit", names.one(words, Whose::kOwn)}};
  std::vector<std::string> bare;
  bool path = false;
  while (!r.done()) {
    Pos at = r.pos();
    if (r.accept("move") || r.accept("moves")) continue;
    if (r.at_hex()) {
      bare.push_back(r.hex(""));
    } else if (r.accept("enter")) {
      if (m.contains("enter")) fail("text.twice", at, "\"enter\" is given twice");
      m["enter"] = r.hex("the hex where the unit enters");
    } else if (r.accept("to")) {
      if (m.contains("to")) fail("text.twice", at, "\"to\" is given twice");
      m["to"] = r.hex("the hex the unit moves to");
    } else if (r.accept("path")) {
      path = true;
      if (!r.at_hex()) r.hex("the first hex of the path");
    } else if (r.at("strategic") || r.at("exit") || r.at("forced")) {
      std::string key = lower(r.peek().text);
      if (m.contains(key)) fail("text.twice", at, in_quotes(key) + " is given twice");
      m[key] = yes_unless_no(r);
    } else if (!r.peek().quoted && near_hex(r.peek().text)) {
      fail("text.hex", at, near_hex_message(r.peek().text));
    } else {
      fail("text.syntax", at,
           "expected a hex number, enter, to, path, strategic, forced or exit, found " +
               in_quotes(r.peek().text));
    }
  }
  if (m.contains("to") && !bare.empty() && !path)
    fail("text.syntax", r.pos(), "give either \"to\" and one hex or the hexes of a path");
  if (path || bare.size() > 1)
    m["path"] = bare;
  else if (bare.size() == 1)
    m["to"] = bare.front();
  else if (!m.contains("to"))
    r.hex("the hex the unit moves to");
  return m;
}

Json read_attack(Reader& r, const UnitNames& names) {
  Json a = Json::object();
  std::vector<std::string> defenders;
  while (r.at_hex()) defenders.push_back(r.hex(""));
  if (defenders.empty()) r.hex("the hex attacked");
  a["defenders"] = defenders;
  r.expect("with", "before the attacking units");
  a["attackers"] = names.list(r.words(), Whose::kOwn);
  std::set<std::string> seen;
  while (!r.done()) {
    Pos at = r.pos();
    std::string key;
    if (r.accept("odds")) {
      key = "odds";
      if (r.done() || r.at_keyword() || r.peek().quoted)
        fail("text.syntax", r.pos(), "expected odds such as 1-2");
      if (!a.contains(key)) a[key] = r.next().text;
    } else if (r.accept("advance")) {
      key = "advance";
      std::vector<Token> w = r.words();
      if (w.empty()) fail("text.syntax", r.pos(), "expected the unit that advances");
      if (!a.contains(key)) a[key] = names.one(w, Whose::kOwn);
    } else if (r.accept("losses")) {
      key = "losses";
      if (!a.contains(key)) a[key] = names.list(r.words(), Whose::kOwn);
    } else {
      fail("text.syntax", at,
           "expected odds, advance or losses, found " + in_quotes(r.peek().text));
    }
    if (!seen.insert(key).second) fail("text.twice", at, in_quotes(key) + " is given twice");
  }
  return a;
}

// Adds a line's clauses to `standing`; `seen` holds the clauses of every line.
void read_standing(Reader& r, Json& standing, std::set<std::string>& seen) {
  if (standing.is_null()) standing = Json::object();
  while (!r.done()) {
    Pos at = r.pos();
    std::string key;
    if (r.accept("retreat")) {
      key = "retreat";
      Json retreat = Json::object();
      if (r.at("away") || r.at("toward")) retreat["prefer"] = lower(r.next().text);
      if (r.at_hex())
        retreat["hex"] = r.hex("");
      else if (!r.done() && !r.at_keyword())
        fail("text.syntax", r.pos(),
             "retreat: expected away, toward or a hex, found " + in_quotes(r.peek().text));
      if (!standing.contains(key)) standing[key] = retreat;
    } else if (r.accept("evade")) {
      key = "cavalry_evade";
      bool v = yes_no(r, "evade");
      if (!standing.contains(key)) standing[key] = v;
    } else if (r.accept("advance")) {
      key = "advance";
      bool v = yes_no(r, "advance");
      if (!standing.contains(key)) standing[key] = v;
    } else if (r.accept("losses")) {
      key = "losses";
      std::string v;
      for (const auto& [short_form, long_form] : kLosses)
        if (r.at(short_form) || r.at(long_form)) {
          r.next();
          v = long_form;
        }
      if (v.empty()) v = choice(r, {"fewest", "weakest", "strongest"}, "losses");
      if (!standing.contains(key)) standing[key] = v;
    } else {
      fail("text.syntax", at,
           "expected retreat, evade, advance or losses, found " + in_quotes(r.peek().text));
    }
    if (!seen.insert(key).second) fail("text.twice", at, "standing " + key + " is given twice");
  }
}

class BlueGrayNotation : public Notation {
 public:
  ParsedText parse(std::string_view text, const std::string& source, const TextGame& game,
                   const std::string& side) const override {
    UnitNames names(game.hex_scenario(), side);
    Json moves = Json::array(), attacks = Json::array(), standing;
    std::vector<Pos> move_pos, attack_pos;
    std::set<std::string> standing_seen, declared;
    read_lines(text, source, kNotationWords, [&](Reader& r, const Line& line) {
      Pos start = r.pos();
      if (r.accept("no")) {
        // "no attacks": the list given, and empty.
        declared.insert(choice(r, {"moves", "attacks"}, "no"));
        r.finish();
      } else if (r.accept("attack")) {
        Json a = read_attack(r, names);
        attacks.push_back(a);
        attack_pos.push_back(start);
      } else if (r.accept("standing")) {
        // Every standing line adds to the one "standing" object.
        read_standing(r, standing, standing_seen);
      } else {
        moves.push_back(read_move(r, names));
        move_pos.push_back(start);
      }
    });
    ParsedText out;
    if (!moves.empty() || declared.count("moves")) out.body["moves"] = moves;
    if (!attacks.empty() || declared.count("attacks")) out.body["attacks"] = attacks;
    if (!standing.is_null()) out.body["standing"] = standing;
    out.orders = move_pos;
    out.orders.insert(out.orders.end(), attack_pos.begin(), attack_pos.end());
    return out;
  }

  std::string print(const Json& body) const override {
    only_fields(body, {"moves", "attacks", "standing"}, "an order body");
    std::string out;
    for (const char* list : {"moves", "attacks"}) {
      if (!body.contains(list)) continue;
      const Json& orders = array_of(body[list], list);
      if (orders.empty()) out += std::string("no ") + list + "\n";
      for (const auto& o : orders) out += (list[0] == 'm' ? move_text(o) : attack_text(o)) + "\n";
    }
    if (body.contains("standing")) out += standing_text(body["standing"]) + "\n";
    return out;
  }

 private:
  static std::string move_text(const Json& m) {
    only_fields(m, {"unit", "enter", "path", "to", "strategic", "forced", "exit"}, "a move");
    if (!m.contains("unit")) unprintable("a move without a unit");
    std::string out = name_text(string_of(m["unit"], "a unit"), kNotationWords, false);
    if (m.contains("enter")) out += " enter " + hexes_text({string_of(m["enter"], "enter")});
    if (m.contains("to")) {
      std::string to = hexes_text({string_of(m["to"], "to")});
      // "to" spelt out when a path stands beside it (a body check refuses).
      out += m.contains("path") ? " to " + to : " " + to;
    }
    if (m.contains("path")) {
      auto path = strings_of(m["path"], "path");
      out += (path.size() == 1 || m.contains("to") ? " path" : "") +
             std::string(path.empty() ? "" : " ") + hexes_text(path);
    }
    for (const char* flag : {"strategic", "forced", "exit"})
      if (m.contains(flag)) out += std::string(" ") + flag + (bool_of(m[flag], flag) ? "" : " no");
    return out;
  }

  static std::string attack_text(const Json& a) {
    only_fields(a, {"attackers", "defenders", "odds", "advance", "losses"}, "an attack");
    if (!a.contains("attackers") || !a.contains("defenders"))
      unprintable("an attack without attackers or defenders");
    auto defenders = strings_of(a["defenders"], "defenders");
    if (defenders.empty()) unprintable("an attack on no hex");
    std::string out = "attack " + hexes_text(defenders) + " with";
    auto attackers = strings_of(a["attackers"], "attackers");
    if (!attackers.empty()) out += " " + names_text(attackers, kNotationWords);
    if (a.contains("odds")) {
      const std::string& odds = string_of(a["odds"], "odds");
      if (odds.empty() || odds.find_first_of(" \t\",#") != std::string::npos ||
          kNotationWords.count(lower(odds)))
        unprintable("the odds " + in_quotes(odds));
      out += " odds " + odds;
    }
    if (a.contains("advance"))
      out += " advance " + name_text(string_of(a["advance"], "advance"), kNotationWords, false);
    if (a.contains("losses")) {
      auto losses = strings_of(a["losses"], "losses");
      out +=
          " losses" + std::string(losses.empty() ? "" : " ") + names_text(losses, kNotationWords);
    }
    return out;
  }

  static std::string standing_text(const Json& s) {
    only_fields(s, {"retreat", "cavalry_evade", "advance", "losses"}, "standing orders");
    std::string out = "standing";
    if (s.contains("retreat")) {
      const Json& r = s["retreat"];
      only_fields(r, {"prefer", "hex"}, "a standing retreat");
      out += " retreat";
      if (r.contains("prefer")) {
        const std::string& prefer = string_of(r["prefer"], "prefer");
        if (prefer != "away" && prefer != "toward") unprintable("retreat " + in_quotes(prefer));
        out += " " + prefer;
      }
      if (r.contains("hex")) out += " " + hexes_text({string_of(r["hex"], "hex")});
    }
    if (s.contains("cavalry_evade"))
      out += std::string(" evade ") + (bool_of(s["cavalry_evade"], "evade") ? "yes" : "no");
    if (s.contains("advance"))
      out += std::string(" advance ") + (bool_of(s["advance"], "advance") ? "yes" : "no");
    if (s.contains("losses")) {
      const std::string& losses = string_of(s["losses"], "losses");
      std::string word;
      for (const auto& [short_form, long_form] : kLosses)
        if (losses == long_form) word = short_form;
      if (word.empty()) unprintable("losses " + in_quotes(losses));
      out += " losses " + word;
    }
    return out;
  }
};

}  // namespace text_orders

std::unique_ptr<Notation> make_notation() {
  return std::make_unique<text_orders::BlueGrayNotation>();
}

}  // namespace adjutant::rules::bluegray
