#include "rules/ah1961/events.h"

#include <algorithm>
#include <set>

#include "util/error.h"

namespace adjutant::rules::ah1961 {

namespace {

void place(State& state, const std::string& unit, const std::string& square) {
  auto& u = state.units[unit];
  u.status = model::UnitStatus::kActive;
  u.location = square;
}

void off_board(State& state, const std::string& unit, model::UnitStatus status) {
  auto& u = state.units[unit];
  u.status = status;
  u.location.clear();
  if (state.extra.contains("bridges")) state.extra["bridges"].erase(unit);
}

// Keeps a JSON array of strings sorted and unique.
void add_sorted(Json& list, const std::string& item) {
  std::vector<std::string> v;
  if (list.is_array())
    for (const auto& x : list) v.push_back(x.get<std::string>());
  if (std::find(v.begin(), v.end(), item) == v.end()) v.push_back(item);
  std::sort(v.begin(), v.end());
  list = v;
}

void remove_item(Json& list, const std::string& item) {
  Json out = Json::array();
  for (const auto& x : list)
    if (x.get<std::string>() != item) out.push_back(x);
  list = out;
}

const std::set<std::string> kReportOnly = {"combat", "automatic"};

}  // namespace

void apply_event(State& state, const Json& ev) {
  const std::string type = ev.at("type").get<std::string>();
  if (kReportOnly.count(type)) return;
  if (type == "fortify") {
    for (const auto& h : ev.at("squares")) add_sorted(state.extra["fortifications"], h);
  } else if (type == "place") {
    place(state, ev.at("unit"), ev.at("hex"));
  } else if (type == "move") {
    const std::string unit = ev.at("unit");
    place(state, unit, ev.at("path").back());
    // A bridge detachment that moves off its river square is taken up.
    if (state.extra.contains("bridges")) state.extra["bridges"].erase(unit);
  } else if (type == "retreat" || type == "advance") {
    place(state, ev.at("unit"), ev.at("to"));
  } else if (type == "eliminate" || type == "boat_destroyed" || type == "bridge_destroyed") {
    off_board(state, ev.at("unit"), model::UnitStatus::kEliminated);
  } else if (type == "substitute") {
    const std::string div = ev.at("division");
    off_board(state, div, model::UnitStatus::kWaiting);
    add_sorted(state.extra["substituted"], div);
    for (const auto& b : ev.at("brigades")) place(state, b, ev.at("hex"));
  } else if (type == "recombine") {
    const std::string div = ev.at("division");
    for (const auto& b : ev.at("brigades")) off_board(state, b, model::UnitStatus::kWaiting);
    place(state, div, ev.at("hex"));
    remove_item(state.extra["substituted"], div);
    if (state.extra["substituted"].empty()) state.extra.erase("substituted");
  } else if (type == "bridge_built") {
    const std::string unit = ev.at("unit");
    place(state, unit, ev.at("river"));
    state.extra["bridges"][unit] = {
        {"river", ev.at("river")},
        {"ends", ev.at("ends")},
        {"locked", {{"turn", ev.at("turn")}, {"phase", ev.at("phase")}}}};
  } else if (type == "bridge_captured") {
    const std::string unit = ev.at("unit");
    state.units[unit].extra["side"] = ev.at("side");
    state.units[unit].extra["captured"] = {{"turn", ev.at("turn")}, {"phase", ev.at("phase")}};
    if (state.extra.contains("bridges") && state.extra["bridges"].contains(unit))
      state.extra["bridges"][unit]["locked"] = {{"turn", ev.at("turn")}, {"phase", ev.at("phase")}};
  } else if (type == "engaged") {
    state.extra["engaged"] = ev.at("pairs");
    if (state.extra["engaged"].empty()) state.extra.erase("engaged");
  } else if (type == "setup_end") {
    state.turn = ev.at("next_turn").get<int>();
    state.phase = ev.at("next_side").get<std::string>();
    if (!ev.at("next_step").get<std::string>().empty())
      state.extra["step"] = ev["next_step"];
    else
      state.extra.erase("step");
  } else if (type == "phase_end") {
    state.turn = ev.at("next_turn").get<int>();
    state.phase = ev.at("next_phase").get<std::string>();
    if (ev.contains("combats")) state.extra["combats"] = ev["combats"];
  } else if (type == "game_end") {
    state.phase.clear();
    state.result = ev.at("result").get<std::string>();
    state.vp = ev.at("vp").get<std::map<std::string, int>>();
    state.extra.erase("step");
  } else {
    throw Error("rules.unknown_event", "an event of unknown type \"" + type + "\"");
  }
}

void Emitter::emit(Json event) {
  apply_event(st_, event);
  events_.push_back(std::move(event));
}

void eliminate(Emitter& em, const std::string& unit, const std::string& cause,
               const std::string& rule) {
  Board b = em.board();
  auto at = b.square_of(unit);
  if (!at) return;
  std::optional<BuiltBridge> bridge = b.water(*at) ? b.bridge_at(*at) : std::nullopt;
  const UnitDef* d = b.def(unit);
  em.emit({{"type", "eliminate"},
           {"unit", unit},
           {"hex", b.sq(*at)},
           {"side", b.side_of(unit)},
           {"strength", d ? d->strength : 0},
           {"cause", cause},
           {"rule", rule}});
  if (bridge && bridge->unit != unit &&
      (cause == "combat" || cause == "exchange" || cause == "retreat"))
    em.emit({{"type", "bridge_destroyed"},
             {"unit", bridge->unit},
             {"hex", b.sq(*at)},
             {"by", unit},
             {"rule", "river.bridge"}});
}

}  // namespace adjutant::rules::ah1961
