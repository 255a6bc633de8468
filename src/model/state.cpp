#include "model/state.h"

#include <algorithm>

#include "ledger/digest.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::model {

std::string to_string(UnitStatus s) {
  switch (s) {
    case UnitStatus::kWaiting:
      return "waiting";
    case UnitStatus::kActive:
      return "active";
    case UnitStatus::kEliminated:
      return "eliminated";
    case UnitStatus::kExited:
      return "exited";
  }
  return "active";
}

UnitStatus unit_status_from(const std::string& s, const std::string& where) {
  if (s == "waiting") return UnitStatus::kWaiting;
  if (s == "active") return UnitStatus::kActive;
  if (s == "eliminated") return UnitStatus::kEliminated;
  if (s == "exited") return UnitStatus::kExited;
  throw Error("state.bad_status", where + ": unknown unit status \"" + s + "\"");
}

bool UnitState::marked(std::string_view name) const {
  for (const std::string& m : marks)
    if (m == name) return true;
  return false;
}

void UnitState::mark(const std::string& name, bool on) {
  auto at = std::lower_bound(marks.begin(), marks.end(), name);
  bool has = at != marks.end() && *at == name;
  if (on && !has) marks.insert(at, name);
  if (!on && has) marks.erase(at);
}

Json State::to_json() const {
  Json units_json = Json::object();
  for (const auto& [id, u] : units) {
    Json o = {{"status", to_string(u.status)}};
    if (!u.location.empty()) o["hex"] = u.location;
    for (const std::string& m : u.marks) o[m] = true;
    if (!u.extra.empty()) o["extra"] = u.extra;
    units_json[id] = o;
  }
  Json j = {
      {"format", "adjutant-state/1"},   {"scenario", scenario}, {"turn", turn}, {"phase", phase},
      {"adjudications", adjudications}, {"units", units_json},  {"vp", vp}};
  if (!result.empty()) j["result"] = result;
  if (!extra.empty()) j["extra"] = extra;
  return j;
}

State State::from_json(const Json& j, const std::string& source,
                       const std::vector<std::string>& unit_marks) {
  Fields f(j, source, "state");
  if (f.str("format") != "adjutant-state/1")
    throw Error("state.format", source + ": format must be \"adjutant-state/1\"");
  State s;
  s.scenario = f.str("scenario");
  s.turn = int(f.integer("turn"));
  s.phase = f.str("phase");
  s.adjudications = int(f.integer("adjudications"));
  for (const auto& [id, value] : f.object("units").items()) {
    Fields u(value, source + ": units." + id, "state");
    UnitState us;
    us.status = unit_status_from(u.str("status"), source + ": units." + id);
    us.location = u.str_opt("hex").value_or("");
    for (const std::string& m : unit_marks)
      if (u.boolean(m.c_str(), false)) us.mark(m, true);
    if (auto e = u.any_opt("extra")) us.extra = *e;
    u.finish();
    s.units[id] = us;
  }
  for (const auto& [side, vp] : f.object("vp").items()) s.vp[side] = vp.get<int>();
  s.result = f.str_opt("result").value_or("");
  if (auto e = f.any_opt("extra")) s.extra = *e;
  f.finish();
  return s;
}

namespace {

// Names with a character above U+FFFF may sort differently in RFC 8785's
// UTF-16 order than in the maps' byte order.
template <typename Map>
bool has_astral_name(const Map& map) {
  for (const auto& [name, ignored] : map)
    if (ledger::has_astral_character(name)) return true;
  return false;
}

void add_member(std::string& out, const char* name, bool& first) {
  if (!first) out += ',';
  first = false;
  out += '"';
  out += name;
  out += "\":";
}

// Writes the marks of `u` from `next` on that sort before `name` (all the
// rest for nullptr), as members "<mark>": true.
void add_marks_before(std::string& out, const UnitState& u, std::size_t& next, const char* name,
                      bool& first) {
  for (; next < u.marks.size() && (!name || u.marks[next] < name); ++next) {
    add_member(out, u.marks[next].c_str(), first);
    out += "true";
  }
}

}  // namespace

// ledger::canonical(to_json()), written straight from the fields: the state
// is hashed after every adjudication, and building its JSON tree first cost
// more than the hash. Members are written in RFC 8785 order.
std::string State::canonical() const {
  if (has_astral_name(units) || has_astral_name(vp)) return ledger::canonical(to_json());
  std::string out;
  out.reserve(96 + units.size() * 48);
  out += '{';
  bool first = true;
  add_member(out, "adjudications", first);
  out += std::to_string(adjudications);
  if (!extra.empty()) {
    add_member(out, "extra", first);
    ledger::append_canonical(extra, out);
  }
  add_member(out, "format", first);
  out += "\"adjutant-state/1\"";
  add_member(out, "phase", first);
  ledger::append_canonical_string(phase, out);
  if (!result.empty()) {
    add_member(out, "result", first);
    ledger::append_canonical_string(result, out);
  }
  add_member(out, "scenario", first);
  ledger::append_canonical_string(scenario, out);
  add_member(out, "turn", first);
  out += std::to_string(turn);
  add_member(out, "units", first);
  out += '{';
  bool first_unit = true;
  for (const auto& [id, u] : units) {
    if (!first_unit) out += ',';
    first_unit = false;
    ledger::append_canonical_string(id, out);
    out += ":{";
    bool first_field = true;
    // Members in RFC 8785 order: the marks between the unit's own.
    std::size_t mark = 0;
    add_marks_before(out, u, mark, "extra", first_field);
    if (!u.extra.empty()) {
      add_member(out, "extra", first_field);
      ledger::append_canonical(u.extra, out);
    }
    add_marks_before(out, u, mark, "hex", first_field);
    if (!u.location.empty()) {
      add_member(out, "hex", first_field);
      ledger::append_canonical_string(u.location, out);
    }
    add_marks_before(out, u, mark, "status", first_field);
    add_member(out, "status", first_field);
    out += '"';
    out += to_string(u.status);
    out += '"';
    add_marks_before(out, u, mark, nullptr, first_field);
    out += '}';
  }
  out += '}';
  add_member(out, "vp", first);
  out += '{';
  bool first_vp = true;
  for (const auto& [side, points] : vp) {
    if (!first_vp) out += ',';
    first_vp = false;
    ledger::append_canonical_string(side, out);
    out += ':';
    out += std::to_string(points);
  }
  out += "}}";
  return out;
}

std::string State::hash() const {
  return ledger::sha256_hex(canonical());
}

bool same_json(const Json& a, const Json& b) {
  if (a.type() != b.type()) return false;
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same_json(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
      if (x.key() != y.key() || !same_json(x.value(), y.value())) return false;
    return true;
  }
  return a == b;
}

bool same_state(const State& a, const State& b) {
  if (a.scenario != b.scenario || a.turn != b.turn || a.phase != b.phase ||
      a.adjudications != b.adjudications || a.vp != b.vp || a.result != b.result ||
      a.units.size() != b.units.size() || !same_json(a.extra, b.extra))
    return false;
  for (auto x = a.units.begin(), y = b.units.begin(); x != a.units.end(); ++x, ++y)
    if (x->first != y->first || x->second.status != y->second.status ||
        x->second.location != y->second.location || x->second.marks != y->second.marks ||
        !same_json(x->second.extra, y->second.extra))
      return false;
  return true;
}

}  // namespace adjutant::model
