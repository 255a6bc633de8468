#include "rules/case_runner.h"

#include <algorithm>

#include "hex/numbering.h"
#include "ledger/dice.h"
#include "model/state.h"
#include "rules/hex_ruleset.h"
#include "util/fields.h"
#include "util/files.h"

namespace adjutant::rules {

namespace {

namespace fs = std::filesystem;

std::string compact(const Json& j) {
  return j.dump();
}

Json load_scenario(Fields& f, const fs::path& root) {
  const Json& s = f.any("scenario");
  Json scenario;
  if (s.is_string()) {
    fs::path file = root / s.get<std::string>();
    scenario = ledger::parse_strict(read_file(file), file.string());
  } else {
    scenario = s;
  }
  if (auto patch = f.any_opt("scenario_patch")) scenario.merge_patch(*patch);
  return scenario;
}

// The starting state: "state" as given, or the scenario's initial state
// with the case's overrides; `numbers` reads the hexes "setup" names.
model::State load_state(Fields& f, const Ruleset& rs, hex::Numbering numbers,
                        const std::string& name) {
  if (auto s = f.any_opt("state"))
    return model::State::from_json(*s, name + ": state", rs.unit_marks());
  model::State st = rs.initial_state();
  if (auto t = f.integer_opt("turn")) st.turn = int(*t);
  if (auto p = f.str_opt("phase")) st.phase = *p;
  bool keep = f.boolean("keep_others", false);
  if (auto setup = f.any_opt("setup")) {
    if (!setup->is_object()) throw Error("case.setup", name + ": setup must be an object");
    for (const auto& [id, where] : setup->items())
      if (!st.units.count(id)) throw Error("case.setup", name + ": setup names unknown unit " + id);
    for (auto& [id, u] : st.units) {
      if (!setup->contains(id)) {
        if (!keep) {
          u.status = model::UnitStatus::kEliminated;
          u.location.clear();
        }
        continue;
      }
      if (!(*setup)[id].is_string())
        throw Error("case.setup", name + ": setup." + id + " must be a hex number or a status");
      std::string where = (*setup)[id].get<std::string>();
      if (where == "waiting" || where == "eliminated" || where == "exited") {
        u.status = model::unit_status_from(where, name + ": setup." + id);
        u.location.clear();
      } else {
        numbers.parse_or_throw(where, name + ": setup." + id);
        u.status = model::UnitStatus::kActive;
        u.location = where;
      }
    }
  }
  // The units carrying each of the ruleset's marks ("ineffective": [...]).
  for (const std::string& mark : rs.unit_marks())
    for (const auto& id : f.strings_opt(mark)) {
      if (!st.units.count(id))
        throw Error("case.setup", name + ": " + mark + " names unknown unit " + id);
      st.units[id].mark(mark, true);
    }
  if (auto standing = f.any_opt("standing"))
    for (const auto& [side, s] : standing->items()) st.extra["standing"][side] = s;
  if (auto vp = f.any_opt("vp"))
    for (const auto& [side, v] : vp->items()) st.vp[side] = v.get<int>();
  // Anything else of the state, as an RFC 7396 merge patch of its JSON
  // (a side's losses so far, a unit's extra).
  if (auto patch = f.any_opt("state_patch")) {
    Json j = st.to_json();
    j.merge_patch(*patch);
    st = model::State::from_json(j, name + ": state_patch", rs.unit_marks());
  }
  // What a merge patch cannot say (a value set to null, an array element
  // replaced): an RFC 6902 JSON Patch, applied after state_patch.
  if (auto edits = f.any_opt("state_edits")) {
    if (!edits->is_array())
      throw Error("case.setup", name + ": state_edits must be an RFC 6902 JSON Patch (an array)");
    Json j;
    try {
      j = st.to_json().patch(*edits);
    } catch (const nlohmann::json::exception& e) {
      throw Error("case.setup", name + ": state_edits: " + e.what());
    }
    st = model::State::from_json(j, name + ": state_edits", rs.unit_marks());
  }
  return st;
}

// The state as cases compare it: every unit with status, hex and each of
// the ruleset's marks (false when it does not carry it).
Json comparable(const model::State& st, const std::vector<std::string>& marks) {
  Json j = st.to_json();
  for (auto& [id, u] : j["units"].items()) {
    if (!u.contains("hex")) u["hex"] = nullptr;
    for (const std::string& mark : marks)
      if (!u.contains(mark)) u[mark] = false;
  }
  if (!j.contains("result")) j["result"] = "";
  return j;
}

// The order files of the case's phase, in PhaseInfo::waiting_on() order.
// A phase of one mover takes the case's "orders" as its body; a
// simultaneous phase (docs/protocol.md 5a) takes "orders" keyed by side,
// each body given its "side", and a side left out sends the ruleset's
// empty orders.
std::vector<std::pair<std::string, Json>> phase_bodies(const Ruleset& rs, const model::State& st,
                                                       const Json& orders,
                                                       const std::string& name) {
  PhaseInfo ph = rs.current_phase(st);
  if (ph.movers.size() < 2) return {{ph.side, orders}};
  for (const auto& [side, body] : orders.items())
    if (std::find(ph.movers.begin(), ph.movers.end(), side) == ph.movers.end() || !body.is_object())
      throw Error("case.orders", name +
                                     ": the phase is simultaneous, so \"orders\" holds an "
                                     "order body for each side that moves; \"" +
                                     side + "\" is not one");
  std::vector<std::pair<std::string, Json>> out;
  for (const auto& side : ph.waiting_on()) {
    Json body = orders.contains(side) ? orders[side] : rs.empty_orders(side);
    if (!body.contains("side")) body["side"] = side;
    out.emplace_back(side, body);
  }
  return out;
}

void expect_error(const Json& expect, const Ruleset& rs, const model::State& st, const Json& orders,
                  CaseResult& r) {
  Json wanted = expect.contains("errors") ? expect["errors"] : Json::array();
  if (expect.contains("error")) {
    Json one = {{"id", expect["error"]}};
    for (const char* k : {"order", "unit", "hex", "rule", "message"})
      if (expect.contains(k)) one[k] = expect[k];
    wanted.push_back(one);
  }
  Json got = Json::array();
  std::vector<std::string> echo;
  for (const auto& [side, body] : phase_bodies(rs, st, orders, r.name)) {
    try {
      Checked c = rs.check(st, body, r.name);
      echo.insert(echo.end(), c.echo.begin(), c.echo.end());
    } catch (const OrdersRefused& e) {
      for (const auto& p : e.to_json()) got.push_back(p);
    }
  }
  if (got.empty()) {
    r.diff.push_back("expected the orders to be refused with " + compact(wanted) +
                     ", but they were accepted:");
    for (const auto& line : echo) r.diff.push_back("  " + line);
    return;
  }
  for (const auto& w : wanted) {
    bool found = false;
    for (const auto& g : got) {
      std::vector<std::string> why;
      if (json_subset(w, g, "", why)) found = true;
    }
    if (!found) r.diff.push_back("expected problem " + compact(w) + " not reported");
  }
  if (!r.diff.empty()) {
    r.diff.push_back("problems reported:");
    for (const auto& g : got) r.diff.push_back("  " + compact(g));
  }
}

void expect_events(const Json& expect, const Json& events, CaseResult& r) {
  std::size_t before = r.diff.size();
  std::size_t cursor = 0;
  const Json wanted = expect.value("events", Json::array());
  // Exact: the listed events are all the events, one for one, in order.
  if (expect.value("exact", false)) {
    for (std::size_t i = 0; i < wanted.size() || i < events.size(); ++i) {
      std::vector<std::string> why;
      if (i >= events.size())
        r.diff.push_back("expected event " + std::to_string(i + 1) +
                         " did not happen: " + compact(wanted[i]));
      else if (i >= wanted.size())
        r.diff.push_back("event " + std::to_string(i + 1) +
                         " is not listed (exact): " + compact(events[i]));
      else if (!json_subset(wanted[i], events[i], "event " + std::to_string(i + 1), why))
        for (const auto& line : why) r.diff.push_back(line);
    }
    if (r.diff.size() > before) {
      r.diff.push_back("actual events:");
      for (std::size_t j = 0; j < events.size(); ++j)
        r.diff.push_back("  " + std::to_string(j + 1) + " " + compact(events[j]));
    }
    return;
  }
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    const Json& w = wanted[i];
    std::size_t j = cursor;
    std::vector<std::string> why;
    for (; j < events.size(); ++j) {
      why.clear();
      if (json_subset(w, events[j], "", why)) break;
    }
    if (j < events.size()) {
      cursor = j + 1;
      continue;
    }
    r.diff.push_back("expected event " + std::to_string(i + 1) + " not found (after event " +
                     std::to_string(cursor) + "): " + compact(w));
    // The nearest candidate: the next event of the same type.
    for (j = cursor; j < events.size(); ++j)
      if (events[j].value("type", "") == w.value("type", "-")) {
        why.clear();
        json_subset(w, events[j], "event " + std::to_string(j + 1), why);
        for (const auto& line : why) r.diff.push_back("  " + line);
        break;
      }
  }
  for (const auto& a : expect.value("absent", Json::array()))
    for (std::size_t j = 0; j < events.size(); ++j) {
      std::vector<std::string> why;
      if (json_subset(a, events[j], "", why))
        r.diff.push_back("event " + std::to_string(j + 1) +
                         " should not happen: " + compact(events[j]));
    }
  if (r.diff.size() > before) {
    r.diff.push_back("actual events:");
    for (std::size_t j = 0; j < events.size(); ++j)
      r.diff.push_back("  " + std::to_string(j + 1) + " " + compact(events[j]));
  }
}

// Fog of war: what each side reads of the events (Ruleset::visible_events,
// as its sealed copy and reports carry them). "hidden" lists text that must
// not appear in a side's events, "shown" text that must.
void expect_visible(const Json& expect, const Ruleset& rs, const Json& events, CaseResult& r) {
  for (const char* key : {"hidden", "shown"}) {
    if (!expect.contains(key)) continue;
    bool shown = std::string(key) == "shown";
    for (const auto& [side, texts] : expect[key].items()) {
      std::string seen = rs.visible_events(events, side).dump();
      for (const auto& t : texts) {
        std::string text = t.get<std::string>();
        if ((seen.find(text) != std::string::npos) != shown)
          r.diff.push_back(side + (shown ? " does not read " : " reads ") + text +
                           " in its events: " + seen);
      }
    }
  }
}

void expect_outcome(const Json& expect, const Ruleset& rs, const model::State& st,
                    const Json& orders, const std::vector<int>& dice_values, CaseResult& r) {
  std::vector<SideOrders> checked;
  std::vector<std::string> echo;
  for (const auto& [side, body] : phase_bodies(rs, st, orders, r.name)) {
    try {
      checked.push_back({side, rs.check(st, body, r.name)});
      echo.insert(echo.end(), checked.back().checked.echo.begin(),
                  checked.back().checked.echo.end());
    } catch (const OrdersRefused& e) {
      r.diff.push_back("the orders were refused:");
      for (const auto& p : e.problems()) r.diff.push_back("  " + p.text());
    }
  }
  if (!r.diff.empty()) return;
  for (const auto& line : expect.value("echo", Json::array())) {
    std::string want = line.get<std::string>();
    if (std::find(echo.begin(), echo.end(), want) == echo.end()) {
      r.diff.push_back("expected echo line not given: " + want);
      for (const auto& e : echo) r.diff.push_back("  echo: " + e);
    }
  }
  ledger::FixedDice dice(dice_values);
  Json events = checked.size() == 1 ? rs.adjudicate(st, checked.front().checked, dice)
                                    : rs.adjudicate_phase(st, checked, dice);
  if (dice.rolls().size() != dice_values.size())
    r.diff.push_back(std::to_string(dice_values.size()) + " dice given but " +
                     std::to_string(dice.rolls().size()) + " rolled");
  model::State after = rs.apply(st, events);
  // What a verifier does: events through their JSON text reach the same state.
  model::State replayed = rs.apply(st, ledger::parse_strict(events.dump(), "events"));
  if (replayed.hash() != after.hash())
    r.diff.push_back("applying the events read back from JSON gives another state");
  expect_events(expect, events, r);
  expect_visible(expect, rs, events, r);
  if (expect.contains("state")) {
    std::vector<std::string> why;
    if (!json_subset(expect["state"], comparable(after, rs.unit_marks()), "state", why)) {
      for (const auto& line : why) r.diff.push_back(line);
    }
  }
}

}  // namespace

bool json_subset(const Json& want, const Json& got, const std::string& path,
                 std::vector<std::string>& why) {
  auto here = [&](const std::string& key) { return path.empty() ? key : path + "." + key; };
  if (want.is_object()) {
    if (!got.is_object()) {
      why.push_back((path.empty() ? "value" : path) + ": want an object, got " + compact(got));
      return false;
    }
    bool ok = true;
    for (const auto& [key, value] : want.items()) {
      if (!got.contains(key)) {
        why.push_back(here(key) + ": want " + compact(value) + ", missing");
        ok = false;
      } else if (!json_subset(value, got[key], here(key), why)) {
        ok = false;
      }
    }
    return ok;
  }
  if (want.is_array()) {
    if (!got.is_array() || got.size() != want.size()) {
      why.push_back((path.empty() ? "value" : path) + ": want " + compact(want) + ", got " +
                    compact(got));
      return false;
    }
    bool ok = true;
    for (std::size_t i = 0; i < want.size(); ++i)
      if (!json_subset(want[i], got[i], path + "[" + std::to_string(i) + "]", why)) ok = false;
    return ok;
  }
  if (want != got) {
    why.push_back((path.empty() ? "value" : path) + ": want " + compact(want) + ", got " +
                  compact(got));
    return false;
  }
  return true;
}

CaseResult run_case(const Json& c, const std::string& name, const fs::path& root) {
  CaseResult r;
  r.name = name;
  try {
    Fields f(c, name, "case");
    r.rule = f.str("rule");
    r.title = f.str("title");
    f.str_opt("notes");
    Json scenario = load_scenario(f, root);
    // A case may pin an older ruleset version to keep its reading tested.
    int version = int(f.integer_opt("ruleset_version").value_or(0));
    auto rs = make_ruleset(scenario, name + ": scenario", version);
    // The hexes of "setup" are written as the ruleset's map writes them
    // (with its sheets' letters); a ruleset with a scenario format of its
    // own has no hex map: plain.
    const rules::hexmap::Scenario* map = hex_scenario(*rs);
    model::State st = load_state(f, *rs, map ? map->numbers() : hex::kPlainNumbers, name);
    Json orders = f.object("orders");
    std::vector<int> dice;
    for (const auto& d : f.array_opt("dice").value_or(Json::array())) dice.push_back(d.get<int>());
    const Json& expect = f.object("expect");
    f.finish();
    Fields e(expect, name + ": expect", "case");
    for (const char* k : {"error", "errors", "order", "unit", "hex", "rule", "message", "events",
                          "absent", "state", "echo"})
      e.any_opt(k);
    for (const char* k : {"hidden", "shown"})
      if (e.has(k))
        for (const auto& [side, texts] : e.object(k).items())
          if (!texts.is_array() ||
              std::any_of(texts.begin(), texts.end(), [](const Json& t) { return !t.is_string(); }))
            throw Error("case.expect", name + ": expect." + k + "." + side + " must list strings");
    bool exact = e.boolean("exact", false);
    e.finish();
    bool wants_error = expect.contains("error") || expect.contains("errors");
    if (wants_error && (expect.contains("hidden") || expect.contains("shown")))
      throw Error("case.expect", name + ": hidden and shown speak of the events of an outcome");
    if (wants_error && (expect.contains("events") || expect.contains("state")))
      throw Error("case.expect", name + ": expect either an error or events/state, not both");
    if (!wants_error && !expect.contains("events") && !expect.contains("state") &&
        !expect.contains("echo"))
      throw Error("case.expect", name + ": expect names nothing to check");
    // Listing some events in order lets spurious extra ones pass: an
    // outcome is pinned by the final state, or by every event exactly.
    if (!wants_error && !expect.contains("state") && !exact)
      throw Error("case.expect", name +
                                     ": an outcome case states the final \"state\" or lists "
                                     "every event with \"exact\": true");
    if (exact && expect.contains("absent"))
      throw Error("case.expect", name + ": \"absent\" says nothing more with \"exact\": true");
    if (wants_error)
      expect_error(expect, *rs, st, orders, r);
    else
      expect_outcome(expect, *rs, st, orders, dice, r);
  } catch (const Error& e) {
    r.diff.push_back(std::string("error: ") + e.what());
  } catch (const std::exception& e) {
    r.diff.push_back(std::string("internal error: ") + e.what());
  }
  r.passed = r.diff.empty();
  return r;
}

CaseResult run_case_file(const fs::path& file, fs::path root) {
  if (root.empty()) {
    fs::path dir = fs::absolute(file).parent_path();
    while (!dir.empty() && !fs::is_directory(dir / "scenarios") && dir != dir.root_path())
      dir = dir.parent_path();
    root = fs::is_directory(dir / "scenarios") ? dir : fs::current_path();
  }
  try {
    Json c = ledger::parse_strict(read_file(file), file.string());
    return run_case(c, file.string(), root);
  } catch (const Error& e) {
    CaseResult r;
    r.name = file.string();
    r.diff.push_back(std::string("error: ") + e.what());
    return r;
  }
}

std::vector<fs::path> case_files(const fs::path& dir) {
  if (!fs::is_directory(dir)) return {dir};
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace adjutant::rules
