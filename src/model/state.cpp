#include "model/state.h"

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

Json State::to_json() const {
  Json units_json = Json::object();
  for (const auto& [id, u] : units) {
    Json o = {{"status", to_string(u.status)}};
    if (!u.location.empty()) o["hex"] = u.location;
    if (u.ineffective) o["ineffective"] = true;
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

State State::from_json(const Json& j, const std::string& source) {
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
    us.ineffective = u.boolean("ineffective", false);
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

std::string State::canonical() const {
  return ledger::canonical(to_json());
}

std::string State::hash() const {
  return ledger::sha256_hex(canonical());
}

}  // namespace adjutant::model
