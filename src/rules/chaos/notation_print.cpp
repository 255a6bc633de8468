// Writing a Chaos of Battle order body as text orders: one line a part of
// a brigade's orders, ids for names, full paths; reading it back gives the
// same body (tests/unit/rules_chaos_notation_test.cpp).
#include "rules/chaos/notation.h"
#include "rules/chaos/text_inches.h"
#include "rules/text_body.h"

namespace adjutant::rules::chaos::text_orders {

namespace {

using text::unprintable;

// Inches the reader reads back (text_inches.cpp: six whole digits).
constexpr Coord kPrintable = 100'000'000;

std::string name(const std::string& id, bool in_list = false) {
  std::string out = text::name_text(id, kWords, in_list);
  // A name that reads as a number of inches is quoted too.
  if (out == id && is_number(text::Token{id, {}, false, false})) out = "\"" + id + "\"";
  return out;
}

Point point(const Json& v, const std::string& what) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    unprintable(what + " that is not an [x, y] point of whole hundredths");
  for (const auto& c : v)
    if (c.is_number_unsigned()
            ? c.get<std::uint64_t>() >= std::uint64_t(kPrintable)
            : (c.get<std::int64_t>() >= kPrintable || c.get<std::int64_t>() <= -kPrintable))
      unprintable(what + " too far off the table to write");
  return {v[0].get<Coord>(), v[1].get<Coord>()};
}

std::string points(const Json& v, const std::string& what) {
  const Json& list = text::array_of(v, what);
  if (list.empty()) unprintable(what + " without a point");
  std::string out;
  for (const auto& p : list) out += " " + point_text(point(p, "a point of " + what));
  return out;
}

std::string whole(const Json& v, const std::string& what) {
  bool ok = v.is_number_integer() &&
            (v.is_number_unsigned() ? v.get<std::uint64_t>() <= 9999
                                    : v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= 9999);
  if (!ok) unprintable(what + " that is not a whole number from 0 to 9999");
  return std::to_string(v.get<std::int64_t>());
}

std::string flag(const Json& v, const std::string& what) {
  return text::bool_of(v, what) ? "" : " no";
}

// Regiments placed by order (version 3): REGIMENT X,Y [facing D] ...
std::string placements(const Json& v, const std::string& what) {
  if (!v.is_object() || v.empty()) unprintable(what + " that are not an object of regiments");
  std::string out;
  for (const auto& [r, place] : v.items()) {
    text::only_fields(place, {"at", "facing"}, "a regiment's place");
    if (!place.contains("at")) unprintable("a regiment's place without \"at\"");
    out += " " + name(r) + " " + point_text(point(place["at"], "a regiment's place"));
    if (place.contains("facing")) out += " facing " + whole(place["facing"], "a facing");
  }
  return out;
}

std::string shake_out(const Json& v) {
  text::only_fields(v, {"marker", "facing", "commander", "regiments"}, "a shake out");
  std::string out = "shake out";
  if (v.contains("marker")) out += " marker " + whole(v["marker"], "a marker");
  if (v.contains("facing")) out += " facing " + whole(v["facing"], "a facing");
  // Version 3: the commander's place and the regiments'.
  if (v.contains("commander"))
    out += " commander " + point_text(point(v["commander"], "a commander's place"));
  if (v.contains("regiments")) out += placements(v["regiments"], "a shake out's regiments");
  return out;
}

std::string move(const Json& v) {
  text::only_fields(v, {"marker", "path", "engage", "regiments"}, "a move");
  if (!v.contains("path")) unprintable("a move without a path");
  std::string out = "move";
  if (v.contains("marker")) out += " marker " + whole(v["marker"], "a marker");
  out += points(v["path"], "a path");
  if (v.contains("engage")) out += " engage " + point_text(point(v["engage"], "an engage"));
  if (v.contains("regiments")) out += placements(v["regiments"], "a move's regiments");
  return out;
}

std::string maneuver(const Json& v) {
  text::only_fields(v, {"commander", "regiments"}, "a maneuver");
  if (!v.contains("commander")) unprintable("a maneuver without its commander's place");
  std::string out = "maneuver " + point_text(point(v["commander"], "a commander's place"));
  if (v.contains("regiments")) {
    if (!v["regiments"].is_object()) unprintable("a maneuver's regiments that are not an object");
    for (const auto& [r, place] : v["regiments"].items()) {
      text::only_fields(place, {"at", "facing", "limber", "mount"}, "a regiment's place");
      bool state = place.contains("limber") || place.contains("mount");
      if (!place.contains("at") && !state)
        unprintable("a regiment's place without \"at\", \"limber\" or \"mount\"");
      out += " " + name(r);
      if (place.contains("at")) out += " " + point_text(point(place["at"], "a regiment's place"));
      if (place.contains("facing")) {
        if (!place.contains("at")) unprintable("a regiment's facing without its place");
        out += " facing " + whole(place["facing"], "a facing");
      }
      // Version 3: limbering and mounting.
      if (place.contains("limber"))
        out += text::bool_of(place["limber"], "limber") ? " limber" : " unlimber";
      if (place.contains("mount"))
        out += text::bool_of(place["mount"], "mount") ? " mount" : " dismount";
    }
  }
  return out;
}

// withdraw: yes or no; version 3: {"regiments": {R: {"mount": false}}},
// the cavalry that stays dismounted.
std::string withdraw(const Json& v) {
  if (!v.is_object()) return "withdraw" + flag(v, "withdraw");
  text::only_fields(v, {"regiments"}, "a withdrawal");
  std::string out = "withdraw";
  if (!v.contains("regiments")) return out;
  if (!v["regiments"].is_object() || v["regiments"].empty())
    unprintable("a withdrawal's regiments that are not an object of regiments");
  out += " dismounted";
  for (const auto& [r, x] : v["regiments"].items()) {
    text::only_fields(x, {"mount"}, "a withdrawing regiment");
    if (!x.contains("mount") || text::bool_of(x["mount"], "mount"))
      unprintable("a withdrawing regiment other than one staying dismounted");
    out += " " + name(r);
  }
  return out;
}

std::string fire(const Json& v) {
  if (!v.is_object() || v.empty())
    unprintable("a fire order that is not an object of batteries (an empty one: leave it out)");
  std::string out = "fire";
  for (const auto& [battery, target] : v.items()) {
    out += " " + name(battery) + " ";
    if (target == "closest" || target == "hold")
      out += target.get<std::string>();
    else
      out += "at " + point_text(point(target, "a battery's target"));
  }
  return out;
}

std::string fight(const Json& v) {
  text::only_fields(v, {"regiment", "toward"}, "a fight order");
  if (!v.contains("regiment")) unprintable("a fight order without its regiment");
  std::string out = "fight " + name(text::string_of(v["regiment"], "a fight's regiment"));
  if (v.contains("toward")) out += " toward " + point_text(point(v["toward"], "a fight's target"));
  return out;
}

// A policy's word, as the reader reads it back (one lower-case word).
std::string policy_word(const Json& v, const std::string& what) {
  const std::string& w = text::string_of(v, what);
  if (w.empty() || w != text::lower(w) || w.find_first_of(" \t\",") != std::string::npos)
    unprintable(what + " that is not one lower-case word");
  return w;
}

std::string policies(const Json& v) {
  if (!v.is_object()) unprintable("\"policies\" that is not an object");
  if (v.empty()) return "no policies\n";
  std::string out;
  for (const auto& [k, x] : v.items()) {
    if (k == "test")
      out += "policy test " + policy_word(x, "a test policy") + "\n";
    else if (k == "artillery_target")
      out += "policy artillery target " + policy_word(x, "an artillery target") + "\n";
    else if (k == "hold_the_line_below")
      out += "policy hold the line below " + whole(x, "a stress") + "\n";
    else if (k == "withdraw_at_stress")
      out += "policy withdraw at stress " + whole(x, "a stress") + "\n";
    else
      unprintable("a policy \"" + k + "\"");
  }
  return out;
}

std::string tokens(const Json& v) {
  const Json& list = text::array_of(v, "tokens");
  if (list.empty()) return "no tokens\n";
  std::string out;
  for (const auto& t : list) {
    text::only_fields(t, {"token", "fight_with", "when"}, "a token");
    if (!t.contains("token")) unprintable("a token without its name");
    std::string n = policy_word(t["token"], "a token's name");
    if (text::lower(n) != n || n.empty()) unprintable("a token's name");
    out += "token " + n;
    if (t.contains("fight_with"))
      out += " with " + name(text::string_of(t["fight_with"], "a brigade"));
    if (t.contains("when")) out += " when " + policy_word(t["when"], "a token's when");
    out += "\n";
  }
  return out;
}

// A brigade's parts in the order of the turn.
const char* const kParts[] = {"shake_out", "withdraw", "form_up", "maneuver", "fire",
                              "fight",     "move",     "rest",    "remarker"};

void brigade(std::string& out, const std::string& id, const Json& b) {
  if (!b.is_object()) unprintable("the orders of brigade " + id + " that are not an object");
  text::only_fields(b, std::set<std::string>(std::begin(kParts), std::end(kParts)),
                    "the orders of a brigade");
  for (const char* key : kParts) {
    if (!b.contains(key)) continue;
    const Json& v = b[key];
    std::string k = key;
    std::string line;
    if (k == "shake_out")
      line = shake_out(v);
    else if (k == "withdraw")
      line = withdraw(v);
    else if (k == "form_up")
      line = "form up" + flag(v, "form_up");
    else if (k == "maneuver")
      line = maneuver(v);
    else if (k == "fire")
      line = fire(v);
    else if (k == "fight")
      line = fight(v);
    else if (k == "move")
      line = move(v);
    else if (k == "rest")
      line = "rest" + flag(v, "rest");
    else
      line = "remarker" + points(v, "a remarker");
    out += name(id) + " " + line + "\n";
  }
}

}  // namespace

std::string write_orders(const Json& body) {
  if (!body.is_object()) unprintable("an order body that is not an object");
  text::only_fields(body, {"sequence", "preferred", "policies", "tokens", "brigades", "commanders"},
                    "a Chaos of Battle order body");
  std::string out;
  if (body.contains("sequence")) {
    auto ids = text::strings_of(body["sequence"], "sequence");
    if (ids.empty()) {
      out += "no sequence\n";
    } else {
      out += "sequence";
      for (const auto& id : ids) out += " " + name(id, true);
      out += "\n";
    }
  }
  if (body.contains("preferred")) {
    const Json& p = body["preferred"];
    if (!p.is_object()) unprintable("\"preferred\" that is not an object");
    if (p.empty()) out += "no preferred\n";
    for (const auto& [id, n] : p.items())
      out += name(id) + " prefers " + whole(n, "a marker") + "\n";
  }
  if (body.contains("policies")) out += policies(body["policies"]);
  if (body.contains("tokens")) out += tokens(body["tokens"]);
  if (body.contains("brigades")) {
    const Json& bs = body["brigades"];
    if (!bs.is_object()) unprintable("\"brigades\" that is not an object");
    if (bs.empty()) out += "no orders\n";
    for (const auto& [id, b] : bs.items()) brigade(out, id, b);
  }
  if (body.contains("commanders")) {
    const Json& cs = body["commanders"];
    if (!cs.is_object()) unprintable("\"commanders\" that is not an object");
    if (cs.empty()) out += "no commanders\n";
    for (const auto& [id, c] : cs.items()) {
      text::only_fields(c, {"path"}, "a commander's orders");
      if (!c.contains("path")) unprintable("a commander's orders without a path");
      out += "commander " + name(id) + points(c["path"], "a commander's path") + "\n";
    }
  }
  return out;
}

}  // namespace adjutant::rules::chaos::text_orders
