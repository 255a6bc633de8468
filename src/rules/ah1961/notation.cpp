// 1961 Chancellorsville text orders (docs/orders.md "Chancellorsville 1961"):
// one order a line, squares written as hex numbers are.
//
//   fortify 2309 2310 2411                   set-up step 1
//   1/II 2208                                place a counter (set-up)
//   substitute Early by Gordon Hoke Smith Hays at 2514    (set-up)
//   3/II 2209 2210                           move along these squares
//   1/V 2/V 2307 2207 2107                   units moving together
//   substitute Anderson by Wilcox Mahone     brigades in place of a division
//   recombine Anderson from Wilcox Mahone
//   build Bridge/3 across 2110 to 2111
//   attack 3/II Art/II with W.H.F.Lee F.Lee retreat 3/II 2110 2111 advance F.Lee losses F.Lee
#include "rules/notation.h"
#include "rules/text_body.h"
#include "rules/unit_names.h"
#include "util/printable.h"

namespace adjutant::rules::ah1961 {

// A namespace of its own: the using-directive must not reach the ruleset's
// other files compiled in the same unity batch.
namespace text_orders {

using namespace text;

const std::set<std::string> kNotationWords = {
    "fortify", "attack", "with",  "retreat", "advance",        "losses", "substitute", "recombine",
    "by",      "from",   "into",  "at",      "build",          "across", "to",         "group",
    "path",    "move",   "moves", "no",      "fortifications", "place"};

std::vector<Token> names_before(Reader& r, const std::string& what) {
  std::vector<Token> words = r.words();
  if (words.empty())
    fail("text.syntax", r.pos(),
         "expected " + what +
             (r.done() ? ", found the end of the line" : ", found " + in_quotes(r.peek().text)));
  return words;
}

std::vector<std::string> squares(Reader& r, const std::string& what) {
  std::vector<std::string> out;
  while (r.at_hex()) out.push_back(r.hex(""));
  if (out.empty()) r.hex(what);
  return out;
}

struct TextBody {
  Json fortifications = Json::array(), place = Json::array(), substitute = Json::array(),
       moves = Json::array(), attacks = Json::array();
  std::vector<Pos> fort_pos, place_pos, substitute_pos, move_pos, attack_pos;
};

void read_attack(Reader& r, const UnitNames& names, TextBody& b, Pos start) {
  Json a = Json::object();
  a["defenders"] = names.list(names_before(r, "the units attacked"), Whose::kEnemy);
  r.expect("with", "before the attacking units");
  a["attackers"] = names.list(r.words(), Whose::kOwn);
  std::set<std::string> seen;
  while (!r.done()) {
    Pos at = r.pos();
    std::string key;
    if (r.accept("retreat")) {
      key = "retreat";
      Json retreat = Json::object();
      while (!r.done() && !r.at_keyword()) {
        std::string unit = names.one(names_before(r, "a defending unit"), Whose::kEnemy);
        std::string first = r.hex("the first square of " + unit + "'s retreat");
        std::string second = r.hex("the second square of " + unit + "'s retreat");
        retreat[unit] = {first, second};
      }
      if (!a.contains(key)) a[key] = retreat;
    } else if (r.accept("advance")) {
      key = "advance";
      if (!a.contains(key)) a[key] = names.list(r.words(), Whose::kOwn);
    } else if (r.accept("losses")) {
      key = "losses";
      if (!a.contains(key)) a[key] = names.list(r.words(), Whose::kOwn);
    } else {
      fail("text.syntax", at,
           "expected retreat, advance or losses, found " + in_quotes(r.peek().text));
    }
    if (!seen.insert(key).second) fail("text.twice", at, in_quotes(key) + " is given twice");
  }
  b.attacks.push_back(a);
  b.attack_pos.push_back(start);
}

void read_substitute(Reader& r, const UnitNames& names, TextBody& b, Pos start) {
  std::string division = names.one(names_before(r, "a division"), Whose::kOwn);
  if (!r.accept("by") && !r.accept("with") && !r.accept("into"))
    fail("text.syntax", r.pos(), "expected \"by\" and the brigades that replace " + division);
  std::vector<std::string> brigades = names.list(r.words(), Whose::kOwn);
  if (r.accept("at")) {
    std::string at = r.hex("the square of the brigades");
    b.substitute.push_back({{"division", division}, {"brigades", brigades}, {"at", at}});
    b.substitute_pos.push_back(start);
  } else {
    b.moves.push_back({{"substitute", division}, {"brigades", brigades}});
    b.move_pos.push_back(start);
  }
  r.finish();
}

void read_unit_line(Reader& r, const UnitNames& names, TextBody& b, Pos start, bool group) {
  std::vector<std::string> units = names.list(names_before(r, "a unit's name"), Whose::kOwn);
  if (!r.accept("move")) r.accept("moves");
  bool path = r.accept("path");
  bool at = !path && r.accept("at");
  std::vector<std::string> sq = squares(r, at ? "the square of the counter" : "a square");
  r.finish();
  if (!group && !path && sq.size() == 1) {
    if (units.size() != 1)
      fail("text.syntax", start, "a counter is placed alone: one unit, then its square");
    b.place.push_back({{"unit", units.front()}, {"at", sq.front()}});
    b.place_pos.push_back(start);
    return;
  }
  if (at) fail("text.syntax", start, "\"at\" places a counter on one square");
  Json m = {{"path", sq}};
  if (group || units.size() > 1)
    m["units"] = units;
  else
    m["unit"] = units.front();
  b.moves.push_back(m);
  b.move_pos.push_back(start);
}

class Ah1961Notation : public Notation {
 public:
  ParsedText parse(std::string_view text, const std::string& source, const TextGame& game,
                   const std::string& side) const override {
    UnitNames names(game.hex_scenario(), side);
    TextBody b;
    std::set<std::string> declared;
    read_lines(text, source, kNotationWords, [&](Reader& r, const Line& line) {
      Pos start = r.pos();
      if (r.accept("no")) {
        // "no attacks": the list given, and empty.
        declared.insert(
            choice(r, {"fortifications", "place", "substitute", "moves", "attacks"}, "no"));
        r.finish();
      } else if (r.accept("fortify")) {
        if (!r.at_hex()) r.hex("a square to fortify");
        while (r.at_hex()) {
          b.fort_pos.push_back(r.pos());
          b.fortifications.push_back(r.hex(""));
        }
        r.finish();
      } else if (r.accept("attack")) {
        read_attack(r, names, b, start);
      } else if (r.accept("substitute")) {
        read_substitute(r, names, b, start);
      } else if (r.accept("recombine")) {
        std::string division = names.one(names_before(r, "a division"), Whose::kOwn);
        if (!r.accept("from") && !r.accept("with") && !r.accept("by"))
          fail("text.syntax", r.pos(), "expected \"from\" and the brigades of " + division);
        b.moves.push_back(
            {{"recombine", division}, {"brigades", names.list(r.words(), Whose::kOwn)}});
        b.move_pos.push_back(start);
        r.finish();
      } else if (r.accept("build")) {
        std::string bridge = names.one(names_before(r, "a bridge detachment"), Whose::kOwn);
        r.accept("across");
        std::string river = r.hex("the river square bridged");
        r.accept("to");
        std::string far = r.hex("the far shore's square");
        r.finish();
        b.moves.push_back({{"build", bridge}, {"river", river}, {"far", far}});
        b.move_pos.push_back(start);
      } else {
        bool group = r.accept("group");
        read_unit_line(r, names, b, start, group);
      }
    });
    ParsedText out;
    auto put = [&](const char* key, const Json& list, const std::vector<Pos>& pos) {
      if (list.empty() && !declared.count(key)) return;
      out.body[key] = list;
      out.orders.insert(out.orders.end(), pos.begin(), pos.end());
    };
    put("fortifications", b.fortifications, b.fort_pos);
    put("place", b.place, b.place_pos);
    put("substitute", b.substitute, b.substitute_pos);
    put("moves", b.moves, b.move_pos);
    put("attacks", b.attacks, b.attack_pos);
    return out;
  }

  std::string print(const Json& body) const override {
    only_fields(body, {"fortifications", "place", "substitute", "moves", "attacks"},
                "an order body");
    std::string out;
    for (const char* list : {"fortifications", "place", "substitute", "moves", "attacks"})
      if (body.contains(list) && array_of(body[list], list).empty())
        out += std::string("no ") + list + "\n";
    if (body.contains("fortifications")) {
      auto forts = strings_of(body["fortifications"], "fortifications");
      if (!forts.empty()) out += "fortify " + hexes_text(forts) + "\n";
    }
    if (body.contains("place"))
      for (const auto& p : array_of(body["place"], "\"place\"")) {
        only_fields(p, {"unit", "at"}, "a placement");
        if (!p.contains("unit") || !p.contains("at")) unprintable("a placement without unit or at");
        out += name(p["unit"]) + " " + hexes_text({string_of(p["at"], "at")}) + "\n";
      }
    if (body.contains("substitute"))
      for (const auto& s : array_of(body["substitute"], "\"substitute\"")) {
        only_fields(s, {"division", "brigades", "at"}, "a substitution");
        if (!s.contains("division") || !s.contains("brigades") || !s.contains("at"))
          unprintable("a substitution without division, brigades or at");
        out += "substitute " + name(s["division"]) + " by" +
               list(strings_of(s["brigades"], "brigades")) + " at " +
               hexes_text({string_of(s["at"], "at")}) + "\n";
      }
    if (body.contains("moves"))
      for (const auto& m : array_of(body["moves"], "\"moves\"")) out += move_text(m) + "\n";
    if (body.contains("attacks"))
      for (const auto& a : array_of(body["attacks"], "\"attacks\"")) out += attack_text(a) + "\n";
    return out;
  }

 private:
  static std::string name(const Json& v) {
    return name_text(string_of(v, "a unit"), kNotationWords, false);
  }
  static std::string list(const std::vector<std::string>& names) {
    return names.empty() ? "" : " " + names_text(names, kNotationWords);
  }

  static std::string move_text(const Json& m) {
    only_fields(
        m,
        {"unit", "units", "path", "substitute", "recombine", "brigades", "build", "river", "far"},
        "a move");
    auto has = [&](const char* k) { return m.contains(k); };
    if (has("substitute") && has("brigades") && m.size() == 2)
      return "substitute " + name(m["substitute"]) + " by" +
             list(strings_of(m["brigades"], "brigades"));
    if (has("recombine") && has("brigades") && m.size() == 2)
      return "recombine " + name(m["recombine"]) + " from" +
             list(strings_of(m["brigades"], "brigades"));
    if (has("build") && has("river") && has("far") && m.size() == 3)
      return "build " + name(m["build"]) + " across " +
             hexes_text({string_of(m["river"], "river")}) + " to " +
             hexes_text({string_of(m["far"], "far")});
    if (has("path") && m.size() == 2 && (has("unit") || has("units"))) {
      auto path = strings_of(m["path"], "path");
      std::string sq = (path.size() < 2 ? " path" : "") + std::string(path.empty() ? "" : " ") +
                       hexes_text(path);
      if (has("unit")) return name(m["unit"]) + sq;
      auto units = strings_of(m["units"], "units");
      return "group" + list(units) + sq;
    }
    unprintable("a move with the members " + m.dump());
  }

  static std::string attack_text(const Json& a) {
    only_fields(a, {"attackers", "defenders", "retreat", "advance", "losses"}, "an attack");
    if (!a.contains("attackers") || !a.contains("defenders"))
      unprintable("an attack without attackers or defenders");
    auto defenders = strings_of(a["defenders"], "defenders");
    if (defenders.empty()) unprintable("an attack on no unit");
    std::string out =
        "attack" + list(defenders) + " with" + list(strings_of(a["attackers"], "attackers"));
    if (a.contains("retreat")) {
      if (!a["retreat"].is_object()) unprintable("a retreat that is not an object");
      out += " retreat";
      for (const auto& [unit, sq] : a["retreat"].items()) {
        auto two = strings_of(sq, "a retreat");
        if (two.size() != 2) unprintable("a retreat of other than two squares");
        out += " " + name_text(unit, kNotationWords, false) + " " + hexes_text(two);
      }
    }
    if (a.contains("advance")) out += " advance" + list(strings_of(a["advance"], "advance"));
    if (a.contains("losses")) out += " losses" + list(strings_of(a["losses"], "losses"));
    return out;
  }
};

}  // namespace text_orders

std::unique_ptr<Notation> make_notation() {
  return std::make_unique<text_orders::Ah1961Notation>();
}

}  // namespace adjutant::rules::ah1961
