#include "web/trace_fixed.h"

#include <algorithm>
#include <map>
#include <set>
#include <variant>
#include <vector>

#include "hex/numbering.h"
#include "rules/package.h"

namespace adjutant::web {

namespace {

using Step = std::variant<std::string, std::size_t>;
using Path = std::vector<Step>;

// What one mention of a hex asks of it.
struct Needs {
  bool passable = false;
  bool stop = false;
  std::set<std::string> only, exclude;
  bool has_only = false;
  bool refused = false;  // the ruleset refuses a scenario whose terrain breaks only or exclude

  void merge(const Needs& o) {
    passable = passable || o.passable;
    stop = stop || o.stop;
    refused = refused || o.refused;
    exclude.insert(o.exclude.begin(), o.exclude.end());
    if (!o.has_only) return;
    if (!has_only) {
      only = o.only;
    } else {
      std::set<std::string> both;
      for (const auto& t : only)
        if (o.only.count(t)) both.insert(t);
      only = both;
    }
    has_only = true;
  }
};

struct Mention {
  int order = 0;  // set-up, entry, exit, return, objective, rules, other
  std::string kind;
  std::string detail;
  Needs needs;
};

std::string key_at(const Path& p, std::size_t i) {
  return i < p.size() && std::holds_alternative<std::string>(p[i]) ? std::get<std::string>(p[i])
                                                                   : "";
}

std::size_t index_at(const Path& p, std::size_t i) {
  return i < p.size() && std::holds_alternative<std::size_t>(p[i]) ? std::get<std::size_t>(p[i])
                                                                   : 0;
}

std::string path_text(const Path& p) {
  std::string out;
  for (const auto& s : p) {
    if (std::holds_alternative<std::size_t>(s))
      out += "[" + std::to_string(std::get<std::size_t>(s)) + "]";
    else
      out += (out.empty() ? "" : ".") + std::get<std::string>(s);
  }
  return out;
}

std::string text_of(const Json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return "";
  if (j[key].is_string()) return j[key].get<std::string>();
  if (j[key].is_number_integer()) return std::to_string(j[key].get<long long>());
  return "";
}

std::set<std::string> strings_of(const Json& j, const char* key) {
  std::set<std::string> out;
  if (j.is_object() && j.contains(key) && j[key].is_array())
    for (const auto& v : j[key])
      if (v.is_string()) out.insert(v.get<std::string>());
  return out;
}

std::string with_rule(const std::string& text, const std::string& rule) {
  return rule.empty() ? text : text + " (" + rule + ")";
}

// Why the scenario names the hex at `p`, and what that asks of its terrain.
Mention mention(const Json& raw, const Path& p, const std::string& ruleset) {
  Mention m;
  const std::string top = key_at(p, 0);
  if (top == "units") {
    const Json& unit = raw["units"][index_at(p, 1)];
    std::string id = text_of(unit, "id");
    if (key_at(p, 2) == "hex") {
      m = {0, "set-up", id, {}};
      m.needs.passable = m.needs.stop = true;
    } else {
      std::string turn = text_of(unit.value("enter", Json::object()), "turn");
      m = {1, "entry", turn.empty() ? id : id + " on turn " + turn, {}};
      m.needs.passable = true;
    }
  } else if (top == "exits") {
    const Json& exit = raw["exits"][index_at(p, 1)];
    if (key_at(p, 2) == "return") {
      std::string rule = text_of(exit["return"], "rule");
      m = {3, "return from an exit", rule.empty() ? "" : "rule " + rule, {}};
    } else {
      std::string side = text_of(exit, "side");
      m = {2, "exit", with_rule(side.empty() ? "either side" : side, text_of(exit, "rule")), {}};
    }
    m.needs.passable = true;
  } else if (top == "victory") {
    const Json& v = raw["victory"];
    const Json& objective = v["hexes"][index_at(p, 2)];
    m = {4,
         "objective",
         with_rule(text_of(objective, "vp") + " VP to " + text_of(objective, "side"),
                   text_of(v, "rule")),
         {}};
    m.needs.passable = m.needs.stop = true;
  } else if (top == "rules") {
    const std::string name = key_at(p, 1);
    const Json& rule = raw["rules"][name];
    m = {5,
         "rules." + name,
         with_rule(path_text(Path(p.begin() + 2, p.end())), text_of(rule, "rule")),
         {}};
    m.needs.passable = true;
    if (name == "crossing_roll" && key_at(p, 2) == "hex") {
      // Hooker and Lee 17.2, 19.14: Ely's Ford is a ferry hex.
      m.needs.only = strings_of(rule, "ferry_terrain");
      m.needs.has_only = !m.needs.only.empty();
      m.needs.refused = true;
    } else if (name == "forced_march") {
      m.needs.exclude = strings_of(rule, "excluded_terrain");  // 23.21
      m.needs.refused = true;
    } else if (name == "demoralization") {
      m.needs.stop = true;  // 18.13: the bank is land reached without a river or ferry hex
    } else if (const rules::Package* package = rules::package_of(ruleset);
               name == "regions" && package && !package->region_excludes.empty()) {
      m.needs.exclude = {package->region_excludes.begin(), package->region_excludes.end()};
    }
  } else {
    m = {6, path_text(p), "", {}};
  }
  return m;
}

void walk(const Json& j, Path& p, std::vector<std::pair<Path, std::string>>& out) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (p.empty() && k == "map") continue;
      p.push_back(k);
      walk(v, p, out);
      p.pop_back();
    }
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      p.push_back(i);
      walk(j[i], p, out);
      p.pop_back();
    }
  } else if (j.is_string()) {
    out.emplace_back(p, j.get<std::string>());
  }
}

bool looks_like_hex(const std::string& s) {
  std::size_t digits = 0;
  for (char c : s) digits += c >= '0' && c <= '9';
  return (s.size() == 4 && digits == 4) ||
         (s.size() == 5 && digits == 4 && s[0] >= 'A' && s[0] <= 'Z');
}

}  // namespace

Json fixed_hexes(const rules::hexmap::Scenario& scenario) {
  const hex::Numbering num = scenario.numbers();
  std::vector<std::pair<Path, std::string>> strings;
  Path p;
  walk(scenario.raw, p, strings);
  // hex -> (order, kind) -> details, each once.
  std::map<hex::Hex, std::map<std::pair<int, std::string>, std::vector<std::string>>> found;
  std::map<hex::Hex, Needs> needs;
  for (const auto& [path, text] : strings) {
    if (!looks_like_hex(text)) continue;
    auto h = num.parse(text);
    if (!h || !scenario.on_map(*h)) continue;
    Mention m = mention(scenario.raw, path, scenario.ruleset);
    auto& details = found[*h][{m.order, m.kind}];
    if (!m.detail.empty() && std::find(details.begin(), details.end(), m.detail) == details.end())
      details.push_back(m.detail);
    needs[*h].merge(m.needs);
  }
  Json out = Json::array();
  for (const auto& [h, kinds] : found) {
    Json why = Json::array();
    for (const auto& [kind, details] : kinds) {
      std::string line = kind.second;
      for (std::size_t i = 0; i < details.size(); ++i) line += (i == 0 ? ": " : ", ") + details[i];
      why.push_back(line);
    }
    const Needs& n = needs[h];
    Json need = {{"passable", n.passable}, {"stop", n.stop}, {"refused", n.refused}};
    if (n.has_only) need["only"] = Json(std::vector<std::string>(n.only.begin(), n.only.end()));
    if (!n.exclude.empty())
      need["not"] = Json(std::vector<std::string>(n.exclude.begin(), n.exclude.end()));
    out.push_back(
        {{"hex", {h.col, h.row}}, {"label", num.format(h)}, {"why", why}, {"needs", need}});
  }
  return out;
}

}  // namespace adjutant::web
