// Reading Chaos of Battle text orders into the order body the chaos check
// takes (docs/rules/chaos.md "The order file"). The body holds what the
// text says and no more: every default is the check's. Where the side's
// pieces stand comes from its own view of the phase due, so that a path or
// a re-marking may leave out the point it must start at.
#include <map>
#include <optional>

#include "rules/chaos/notation.h"
#include "rules/chaos/ruleset.h"
#include "rules/chaos/table_play.h"
#include "rules/chaos/text_inches.h"
#include "rules/chaos/text_names.h"
#include "rules/text_body.h"
#include "util/printable.h"

namespace adjutant::rules::chaos::text_orders {

namespace {

using text::fail;
using text::Line;
using text::Pos;
using text::Reader;
using text::Token;

// Where the side's own pieces stand, as its view shows them: a brigade's
// markers or its commander, and the player commanders.
struct Standing {
  std::map<std::string, std::vector<Point>> markers;
  std::map<std::string, Point> brigade_commanders;
  std::map<std::string, Point> commanders;
};

Standing standing_of(const model::State* view, const std::string& side) {
  Standing out;
  if (!view || !view->extra.is_object() || !view->extra.contains("chaos")) return out;
  const Json& chaos = view->extra["chaos"];
  // A side's view holds its own pieces under "own"; the umpire's state, all.
  const Json& own = chaos.contains("own") ? chaos["own"] : chaos;
  const Json brigades = own.value("brigades", Json::object());
  const Json commanders = own.value("commanders", Json::object());
  for (const auto& [id, b] : brigades.items()) {
    if (b.value("side", "") != side) continue;
    const Json markers = b.value("markers", Json::array());
    for (const auto& m : markers) out.markers[id].push_back(point_of(m));
    if (b.contains("commander") && !b["commander"].is_null())
      out.brigade_commanders[id] = point_of(b["commander"]);
  }
  for (const auto& [id, c] : commanders.items())
    if (c.value("side", "") == side) out.commanders[id] = point_of(c["at"]);
  return out;
}

const std::string kOrderList =
    "shake out, withdraw, form up, maneuver, fire, fight, move, rest, remarker or prefers";

std::string found(const Reader& r) {
  return r.done() ? "the end of the line" : in_quotes(r.peek().text);
}

bool at_number(const Reader& r) {
  return !r.done() && is_number(r.peek());
}

bool at_order(const Reader& r) {
  return !r.done() && !r.peek().quoted && kOrderWords.count(text::lower(r.peek().text)) > 0;
}

bool accept_any(Reader& r, std::initializer_list<const char*> words) {
  for (const char* w : words)
    if (r.accept(w)) return true;
  return false;
}

// The words of a name: up to a word of the notation or a number.
std::vector<Token> name_words(Reader& r, const std::string& what) {
  std::vector<Token> out;
  while (!r.done() && !r.at_keyword() && !is_number(r.peek())) out.push_back(r.next());
  if (out.empty()) fail("text.syntax", r.pos(), "expected " + what + ", found " + found(r));
  return out;
}

// yes or no after an order word; yes when neither is written.
bool flag(Reader& r, const std::string& what) {
  for (const char* w : {"yes", "no", "true", "false", "on", "off"})
    if (r.at(w)) return text::yes_no(r, what);
  return true;
}

std::vector<Point> points(Reader& r, const std::string& what) {
  std::vector<Point> out;
  while (at_number(r)) out.push_back(read_point(r, what));
  return out;
}

Json json_points(const std::vector<Point>& pts) {
  Json out = Json::array();
  for (Point p : pts) out.push_back(json_of(p));
  return out;
}

class Reading {
 public:
  Reading(const Scenario& scenario, std::string side, Standing standing)
      : sc_(scenario),
        side_(std::move(side)),
        standing_(std::move(standing)),
        lines_(OwnNames::brigades_and_commanders(sc_, side_)),
        brigades_(OwnNames::brigades(sc_, side_)),
        commanders_(OwnNames::commanders(sc_, side_)) {}

  void line(Reader& r) {
    Pos start = r.pos();
    out_.orders.push_back(start);
    if (r.accept("no")) {
      // "no orders": the brigades' orders given, and none.
      std::string what = text::choice(
          r, {"orders", "brigades", "commanders", "preferred", "sequence", "policies", "tokens"},
          "no");
      declared_.insert(what == "orders" ? "brigades" : what);
      r.finish();
      return;
    }
    if (r.accept("sequence")) {
      read_sequence(r, start);
      return;
    }
    if (r.accept("policy") || r.accept("policies")) {
      read_policies(r, start);
      return;
    }
    if (r.accept("token") || r.accept("tokens")) {
      read_token(r, start);
      return;
    }
    bool commander = r.accept("commander");
    std::vector<Token> words =
        name_words(r, commander ? "a player commander's name" : "a brigade's name");
    std::size_t used = 0;
    const Named& who = (commander ? commanders_ : lines_).leading(words, used);
    out_.placed.push_back({who.id, "", words.front().pos});
    if (used < words.size())
      fail("text.syntax", words[used].pos,
           who.kind == "commander" ? "expected the path of commander " + who.id + ", found " +
                                         in_quotes(words[used].text)
                                   : "expected an order for " + who.id + " (" + kOrderList +
                                         "), found " + in_quotes(words[used].text));
    if (who.kind == "commander")
      read_commander(r, who.id, start);
    else
      read_brigade(r, *sc_.brigade(who.id));
  }

  ParsedText done() {
    auto put = [&](const char* key, const Json& value) {
      if (!value.empty() || declared_.count(key)) out_.body[key] = value;
    };
    if (sequence_given_ || declared_.count("sequence")) out_.body["sequence"] = sequence_;
    put("preferred", preferred_);
    put("policies", policies_);
    put("tokens", tokens_);
    put("brigades", orders_);
    put("commanders", paths_);
    return std::move(out_);
  }

 private:
  // The part of a brigade's orders an order word sets; text.twice when it
  // is set already (in this line or another).
  Json& part(const std::string& brigade, const std::string& key, const std::string& words, Pos at) {
    if (orders_.contains(brigade) && orders_[brigade].contains(key))
      fail("text.twice", at, brigade + ": \"" + words + "\" is given twice");
    return orders_[brigade][key];
  }

  void place(const std::string& unit, std::initializer_list<const char*> rules, Pos at) {
    for (const char* rule : rules) out_.placed.push_back({unit, rule, at});
  }

  void read_sequence(Reader& r, Pos start) {
    if (sequence_given_) fail("text.twice", start, "\"sequence\" is given twice");
    std::vector<Token> words = name_words(r, "the brigades in the order they act");
    r.finish();
    std::set<std::string> seen;
    for (const auto& [b, at] : brigades_.list(words)) {
      if (!seen.insert(b->id).second)
        fail("text.twice", at, "sequence: brigade " + b->id + " is named twice");
      sequence_.push_back(b->id);
    }
    sequence_given_ = true;
  }

  // policy test WORD | artillery [target] WORD | hold [the line] [below] N
  // | withdraw [at stress] N; several on one line.
  void read_policies(Reader& r, Pos start) {
    if (r.done())
      fail("text.syntax", r.pos(),
           "expected a policy (test, artillery target, hold the line below, withdraw at "
           "stress), found the end of the line");
    while (!r.done()) {
      Pos at = r.pos();
      std::string key;
      Json value;
      if (r.accept("test")) {
        key = "test";
        value = word(r,
                     "the regiment a fight tests (enemy_most_stressed, "
                     "enemy_least_stressed or own_least_stressed)");
      } else if (r.accept("artillery")) {
        r.accept("target");
        key = "artillery_target";
        value = word(r, "the artillery's target (closest, most_stressed or least_stressed)");
      } else if (r.accept("hold")) {
        r.accept("the");
        r.accept("line");
        r.accept("below");
        key = "hold_the_line_below";
        value = read_whole(r, "the stress below which a tested regiment holds the line");
      } else if (r.accept("withdraw")) {
        r.accept("at");
        r.accept("stress");
        key = "withdraw_at_stress";
        value = read_whole(r, "the brigade stress at which a brigade withdraws");
      } else {
        fail("text.syntax", at,
             "expected a policy (test, artillery target, hold the line below, withdraw at "
             "stress), found " +
                 found(r));
      }
      if (policies_.contains(key)) fail("text.twice", at, "policy " + key + " is given twice");
      policies_[key] = value;
      out_.placed.push_back({"", key == "artillery_target" ? "fight.resolve" : "fight.test", at});
    }
    (void)start;
  }

  // One word, as written, lower-cased (a policy's value).
  static std::string word(Reader& r, const std::string& what) {
    if (r.done()) fail("text.syntax", r.pos(), "expected " + what + ", found the end of the line");
    return text::lower(r.next().text);
  }

  // token NAME [with BRIGADE] [when WORD]: a held token committed to a
  // fight; its name in words or with underscores.
  void read_token(Reader& r, Pos start) {
    // Every word up to "with" or "when" ("rally to the standard").
    std::vector<Token> words;
    while (!r.done() && !r.at("with") && !r.at("when")) words.push_back(r.next());
    if (words.empty())
      fail("text.syntax", r.pos(), "expected a combat token's name, found " + found(r));
    std::string name;
    for (const auto& w : words) name += (name.empty() ? "" : "_") + text::lower(w.text);
    Json entry = {{"token", name}};
    while (!r.done()) {
      Pos at = r.pos();
      if (r.accept("with")) {
        if (entry.contains("fight_with")) fail("text.twice", at, "\"with\" is given twice");
        std::vector<Token> b = name_words(r, "the brigade whose fight it joins");
        entry["fight_with"] = brigades_.one(b).id;
      } else if (r.accept("when")) {
        if (entry.contains("when")) fail("text.twice", at, "\"when\" is given twice");
        entry["when"] = word(r, "when the token is revealed (first)");
      } else {
        fail("text.syntax", at, "expected with BRIGADE or when, found " + found(r));
      }
    }
    tokens_.push_back(entry);
    out_.placed.push_back({"", "token." + name, start});
    out_.placed.push_back({"", "token", start});
  }

  void read_commander(Reader& r, const std::string& id, Pos start) {
    if (paths_.contains(id)) fail("text.twice", start, "commander " + id + " is given twice");
    accept_any(r, {"move", "moves"});
    r.accept("to");
    std::vector<Point> path = points(r, "a point of the commander's path");
    if (path.empty()) read_point(r, "a point of the commander's path");
    r.finish();
    auto at = standing_.commanders.find(id);
    if (at != standing_.commanders.end() && path.front() != at->second)
      path.insert(path.begin(), at->second);
    paths_[id] = {{"path", json_points(path)}};
    place(id, {"move.commanders", "scale"}, start);
  }

  void read_brigade(Reader& r, const Brigade& b) {
    if (r.done())
      fail("text.syntax", r.pos(),
           "expected an order for " + b.id + " (" + kOrderList + "), found the end of the line");
    while (!r.done()) {
      Pos at = r.pos();
      if (r.accept("shake")) {
        r.expect("out", "after \"shake\"");
        shake_out(r, b, at);
      } else if (r.accept("shakeout")) {
        shake_out(r, b, at);
      } else if (accept_any(r, {"withdraw", "withdraws"})) {
        Json& w = part(b.id, "withdraw", "withdraw", at);
        w = flag(r, "withdraw");
        // Version 3: withdraw dismounted NAME...: cavalry that stays
        // dismounted.
        if (r.accept("dismounted")) {
          if (!w.get<bool>())
            fail("text.syntax", at, b.id + ": \"withdraw no\" keeps no regiment dismounted");
          Json regiments = Json::object();
          OwnNames names = OwnNames::regiments(b);
          std::vector<Token> words = name_words(r, "a cavalry regiment's name");
          for (const auto& [reg, pos] : names.list(words)) regiments[reg->id] = {{"mount", false}};
          w = {{"regiments", regiments}};
        }
        place(b.id, {"engagement.withdraw"}, at);
      } else if (accept_any(r, {"form", "forms"})) {
        r.expect("up", "after \"form\" (form up)");
        part(b.id, "form_up", "form up", at) = flag(r, "form up");
        place(b.id, {"engagement.form_up"}, at);
      } else if (accept_any(r, {"rest", "rests"})) {
        part(b.id, "rest", "rest", at) = flag(r, "rest");
        place(b.id, {"rest"}, at);
      } else if (accept_any(r, {"prefer", "prefers", "preferred"})) {
        if (preferred_.contains(b.id))
          fail("text.twice", at, b.id + ": \"prefers\" is given twice");
        r.accept("marker");
        preferred_[b.id] = read_whole(r, "the preferred marker (1 or 2)");
        place(b.id, {"terms.chaos_roll"}, at);
      } else if (accept_any(r, {"move", "moves"})) {
        move(r, b, at);
      } else if (accept_any(r, {"maneuver", "maneuvers", "manoeuvre", "manoeuvres"})) {
        maneuver(r, b, at);
      } else if (accept_any(r, {"fire", "fires"})) {
        fire(r, b, at);
      } else if (accept_any(r, {"remarker", "remarkers"})) {
        remarker(r, b, at);
      } else if (accept_any(r, {"fight", "fights"})) {
        fight(r, b, at);
      } else {
        fail("text.syntax", at,
             "expected an order for " + b.id + " (" + kOrderList + "), found " + found(r));
      }
    }
  }

  void shake_out(Reader& r, const Brigade& b, Pos at) {
    Json& so = part(b.id, "shake_out", "shake out", at);
    so = Json::object();
    while (!r.done()) {
      Pos here = r.pos();
      if (r.accept("at") || r.at("marker")) {
        r.expect("marker", "and the marker's number");
        if (so.contains("marker")) fail("text.twice", here, b.id + ": the marker is given twice");
        so["marker"] = read_whole(r, "the marker's number (1 or 2)");
      } else if (r.accept("facing")) {
        if (so.contains("facing")) fail("text.twice", here, b.id + ": the facing is given twice");
        so["facing"] = read_whole(r, "the facing in whole degrees (0 north, 90 east)");
      } else if (r.accept("commander")) {
        // Version 3: the brigade commander's place, then the regiments'.
        if (so.contains("commander"))
          fail("text.twice", here, b.id + ": the commander's place is given twice");
        so["commander"] = json_of(read_point(r, "where the brigade commander deploys"));
      } else {
        break;
      }
    }
    Json regiments = placements(r, b);
    if (!regiments.empty()) so["regiments"] = regiments;
    place(b.id, {"shake_out", "terms.engagement"}, at);
  }

  // Where a brigade's path must start: its commander when deployed, else
  // the marker the order names.
  std::optional<Point> start_of(const std::string& brigade, const Json& order) const {
    auto c = standing_.brigade_commanders.find(brigade);
    if (c != standing_.brigade_commanders.end()) return c->second;
    auto m = standing_.markers.find(brigade);
    int n = order.contains("marker") ? order["marker"].get<int>() : 1;
    if (m == standing_.markers.end() || n < 1 || n > int(m->second.size())) return std::nullopt;
    return m->second[std::size_t(n - 1)];
  }

  void move(Reader& r, const Brigade& b, Pos at) {
    Json& mv = part(b.id, "move", "move", at);
    mv = Json::object();
    if (r.accept("marker")) mv["marker"] = read_whole(r, "the marker's number (1 or 2)");
    r.accept("to");
    std::vector<Point> path = points(r, "a point of the path");
    if (path.empty()) read_point(r, "a point of the path");
    if (auto start = start_of(b.id, mv); start && path.front() != *start)
      path.insert(path.begin(), *start);
    mv["path"] = json_points(path);
    if (accept_any(r, {"engage", "engaging"})) {
      // The enemy engaged is where it stands; by default where the path ends.
      mv["engage"] = json_of(at_number(r) ? read_point(r, "the enemy engaged") : path.back());
    }
    // Version 3: the regiments' places where the move ends.
    Json regiments = placements(r, b);
    if (!regiments.empty()) mv["regiments"] = regiments;
    place(b.id, {"move.marker", "move.deployed", "move", "terms.check"}, at);
  }

  void maneuver(Reader& r, const Brigade& b, Pos at) {
    Json& m = part(b.id, "maneuver", "maneuver", at);
    accept_any(r, {"commander", "to"});
    m = {{"commander", json_of(read_point(r, "where the brigade commander goes"))}};
    Json regiments = Json::object();
    OwnNames names = OwnNames::regiments(b);
    while (!r.done() && !at_order(r)) {
      const Named& reg = next_regiment(r, b, names, regiments);
      Json placed = Json::object();
      // Version 3: the place may be left out when the regiment only
      // limbers, unlimbers, mounts or dismounts.
      bool state_next = r.at("limber") || r.at("unlimber") || r.at("mount") || r.at("dismount");
      if (!state_next) {
        accept_any(r, {"at", "to"});
        placed["at"] = json_of(read_point(r, "where " + reg.id + " stands"));
        if (r.accept("facing"))
          placed["facing"] = read_whole(r, "the facing in whole degrees (0 north, 90 east)");
      }
      if (r.accept("limber"))
        placed["limber"] = true;
      else if (r.accept("unlimber"))
        placed["limber"] = false;
      if (r.accept("mount"))
        placed["mount"] = true;
      else if (r.accept("dismount"))
        placed["mount"] = false;
      regiments[reg.id] = placed;
    }
    if (!regiments.empty()) m["regiments"] = regiments;
    place(b.id, {"engagement.maneuver"}, at);
  }

  // Version 3: the name of the next regiment of a placement list, given
  // once, followed by nothing but where it stands.
  const Named& next_regiment(Reader& r, const Brigade& b, const OwnNames& names,
                             const Json& regiments) {
    std::vector<Token> words = name_words(r, "a regiment's name, or the next order");
    std::size_t used = 0;
    const Named& reg = names.leading(words, used);
    if (regiments.contains(reg.id))
      fail("text.twice", words.front().pos, b.id + ": regiment " + reg.id + " is given twice");
    if (used < words.size())
      fail("text.inches", words[used].pos,
           "expected where " + reg.id + " stands (x,y in inches), found " +
               in_quotes(words[used].text));
    return reg;
  }

  // Regiments placed by order (version 3): REGIMENT [at] X,Y [facing D]
  // ..., up to the next order.
  Json placements(Reader& r, const Brigade& b) {
    Json regiments = Json::object();
    OwnNames names = OwnNames::regiments(b);
    while (!r.done() && !at_order(r)) {
      const Named& reg = next_regiment(r, b, names, regiments);
      accept_any(r, {"at", "to"});
      Json placed = {{"at", json_of(read_point(r, "where " + reg.id + " stands"))}};
      if (r.accept("facing"))
        placed["facing"] = read_whole(r, "the facing in whole degrees (0 north, 90 east)");
      regiments[reg.id] = placed;
    }
    return regiments;
  }

  void fire(Reader& r, const Brigade& b, Pos at) {
    OwnNames batteries = OwnNames::batteries(b);
    if (batteries.pieces().empty())
      fail("text.unknown_unit", at, "brigade " + b.id + " has no battery to fire");
    Json& fire = orders_[b.id]["fire"];
    if (fire.is_null()) fire = Json::object();
    do {
      std::string battery;
      bool target_next = r.at("closest") || r.at("hold") || r.at("at") || at_number(r) || r.done();
      if (target_next && batteries.pieces().size() == 1) {
        battery = batteries.pieces().front().id;
      } else {
        std::vector<Token> words = name_words(r, "a battery's name");
        std::size_t used = 0;
        battery = batteries.leading(words, used).id;
        if (used < words.size())
          fail("text.syntax", words[used].pos,
               "battery " + battery + " fires at: expected closest, hold or a point x,y, found " +
                   in_quotes(words[used].text));
      }
      Pos here = r.pos();
      if (fire.contains(battery))
        fail("text.twice", here, b.id + ": battery " + battery + " is given twice");
      if (r.accept("closest")) {
        fire[battery] = "closest";
      } else if (r.accept("hold")) {
        fire[battery] = "hold";
      } else if (r.accept("at") || at_number(r)) {
        fire[battery] = json_of(read_point(r, "the point fired at (inside the target)"));
      } else {
        fail("text.syntax", here,
             "battery " + battery + " fires at: expected closest, hold or a point x,y, found " +
                 found(r));
      }
    } while (!r.done() && !at_order(r));
    place(b.id, {"engagement.artillery"}, at);
  }

  // fight REGIMENT [toward X,Y]: the regiment sent into a fight (version 2),
  // toward the enemy regiment standing at the point (default: the closest).
  void fight(Reader& r, const Brigade& b, Pos at) {
    Json& f = part(b.id, "fight", "fight", at);
    OwnNames names = OwnNames::regiments(b);
    std::vector<Token> words = name_words(r, "the regiment sent into the fight");
    std::size_t used = 0;
    const Named& reg = names.leading(words, used);
    if (used < words.size())
      fail("text.syntax", words[used].pos,
           "expected toward x,y or the next order, found " + in_quotes(words[used].text));
    f = {{"regiment", reg.id}};
    if (accept_any(r, {"toward", "towards"}))
      f["toward"] = json_of(read_point(r, "the enemy regiment it moves toward"));
    place(b.id, {"fight.initiate", "fight"}, at);
  }

  void remarker(Reader& r, const Brigade& b, Pos at) {
    Json& out = part(b.id, "remarker", "remarker", at);
    std::vector<Point> pts = points(r, "where a marker goes");
    // The first marker is centred on the brigade commander: it may be left out.
    auto c = standing_.brigade_commanders.find(b.id);
    if (c != standing_.brigade_commanders.end()) {
      if (pts.empty())
        pts.push_back(c->second);
      else if (pts.size() == 1 && pts.front() != c->second)
        pts.insert(pts.begin(), c->second);
    }
    if (pts.empty()) read_point(r, "where a marker goes");
    out = json_points(pts);
    place(b.id, {"rest.remarker"}, at);
  }

  const Scenario& sc_;
  std::string side_;
  Standing standing_;
  OwnNames lines_, brigades_, commanders_;
  ParsedText out_;
  Json sequence_ = Json::array();
  bool sequence_given_ = false;
  Json preferred_ = Json::object(), orders_ = Json::object(), paths_ = Json::object();
  Json policies_ = Json::object(), tokens_ = Json::array();
  std::set<std::string> declared_;
};

}  // namespace

ParsedText read_orders(std::string_view text, const std::string& source, const TextGame& game,
                       const std::string& side) {
  if (!game.ruleset)
    throw Error("text.no_notation",
                "Chaos of Battle text orders are read against the game's table, and none is given");
  Reading reading(scenario_of(*game.ruleset), side, standing_of(game.view, side));
  text::read_lines(text, source, kWords, [&](Reader& r, const Line&) { reading.line(r); });
  return reading.done();
}

}  // namespace adjutant::rules::chaos::text_orders
