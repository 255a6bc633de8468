#include "rules/bluegray/events.h"

#include "rules/bluegray/effectiveness.h"
#include "rules/bluegray/morale.h"
#include "rules/bluegray/objectives.h"
#include "rules/bluegray/victory.h"

#include <set>

#include "util/error.h"
#include "util/printable.h"

namespace adjutant::rules::bluegray {

namespace {

// Events that record a fact without changing the state.
const std::set<std::string> kNoStateChange = {"combat",           "exchange",
                                              "target_gone",      "attacker_dropped",
                                              "attack_cancelled", "line_of_communication",
                                              "no_advance"};

// Events that never place, move or remove a unit.
const std::set<std::string> kNoPlaceChange = {"combat",
                                              "exchange",
                                              "target_gone",
                                              "attacker_dropped",
                                              "attack_cancelled",
                                              "vp",
                                              "standing",
                                              "line_of_communication",
                                              "phase_end",
                                              "game_end",
                                              "control",
                                              "no_advance",
                                              "quota",
                                              "crossing_roll",
                                              "demoralized",
                                              "rallied",
                                              "morale_limit"};

void place(State& state, const std::string& unit, const std::string& hex) {
  auto& u = state.units[unit];
  u.status = model::UnitStatus::kActive;
  u.location = hex;
}

}  // namespace

void apply_event(State& state, const Json& ev) {
  const std::string type = ev.at("type").get<std::string>();
  if (type == "enter") {
    place(state, ev.at("unit"), ev.at("hex"));
    state.units[ev.at("unit").get<std::string>()].extra.erase("enter");
  } else if (type == "exit") {
    auto& u = state.units[ev.at("unit").get<std::string>()];
    u.status = model::UnitStatus::kExited;
    u.location.clear();
    if (ev.contains("left")) u.extra["left"] = ev["left"];
    if (ev.contains("returns")) {
      // H&L 16.23: off the map until its turn back, then a reinforcement.
      u.status = model::UnitStatus::kWaiting;
      u.extra["enter"] = ev["returns"];
    }
  } else if (type == "reschedule") {
    state.units[ev.at("unit").get<std::string>()].extra["enter"] = {{"turn", ev.at("turn")},
                                                                    {"hexes", ev.at("hexes")}};
  } else if (type == "control") {
    state.extra["held"][ev.at("hex").get<std::string>()] = ev.at("side");
  } else if (type == "move" || type == "evade") {
    place(state, ev.at("unit"), ev.at("path").back());
  } else if (type == "retreat" || type == "displace" || type == "advance") {
    place(state, ev.at("unit"), ev.at("to"));
  } else if (type == "eliminate") {
    auto& u = state.units[ev.at("unit").get<std::string>()];
    u.status = model::UnitStatus::kEliminated;
    u.location.clear();
    u.mark(kIneffective, false);
    // H&L 18.0: a side whose morale the state tracks counts its losses.
    const std::string side = ev.value("side", "");
    if (state.extra.contains("morale") && state.extra["morale"].contains(side)) {
      Json& m = state.extra["morale"][side];
      m["lost"] = m.value("lost", 0) + ev.value("strength", 0);
    }
  } else if (type == "ineffective") {
    state.units[ev.at("unit").get<std::string>()].mark(kIneffective, true);
  } else if (type == "recover") {
    state.units[ev.at("unit").get<std::string>()].mark(kIneffective, false);
  } else if (type == "vp") {
    const std::string side = ev.at("side").get<std::string>();
    state.vp[side] = ev.at("total").get<int>();
    if (ev.contains("source")) {
      Json& kept = state.extra["vp_sources"][side][ev.at("source").get<std::string>()];
      kept = kept.is_number() ? kept.get<int>() + ev.at("vp").get<int>() : ev.at("vp").get<int>();
    }
  } else if (type == "quota") {
    state.extra["quota"] = {{"side", ev.at("side")},
                            {"turn", ev.at("turn")},
                            {"used", ev.at("used")},
                            {"of", ev.at("of")}};
  } else if (type == "crossing_roll") {
    state.extra["crossing"] = {
        {"turn", ev.at("turn")}, {"die", ev.at("die").at("value")}, {"allowed", ev.at("allowed")}};
  } else if (type == "crossed") {
    state.units[ev.at("unit").get<std::string>()].extra["crossed"] = true;
  } else if (type == "demoralized" || type == "rallied") {
    Json& m = state.extra["morale"][ev.at("side").get<std::string>()];
    m["demoralized"] = type == "demoralized";
    if (type == "demoralized")
      m["since"] = ev.at("turn");
    else
      m.erase("since");
  } else if (type == "morale_limit") {
    state.extra["morale"][ev.at("side").get<std::string>()]["above"] = ev.at("above");
  } else if (type == "standing") {
    state.extra["standing"][ev.at("side").get<std::string>()] = ev.at("standing");
  } else if (type == "phase_end") {
    state.turn = ev.at("next_turn").get<int>();
    state.phase = ev.at("next_phase").get<std::string>();
    if (ev.contains("combats")) state.extra["combats"] = ev.at("combats");
  } else if (type == "game_end") {
    state.phase.clear();
    state.result = ev.at("result").get<std::string>();
  } else if (!kNoStateChange.count(type)) {
    // An event this ruleset never emits: a state built on it would be a guess.
    throw Error("rules.unknown_event", "an event of unknown type " + in_quotes(type));
  }
}

void Emitter::emit(Json event) {
  apply_event(st_, event);
  // An event that places, moves or removes a unit names it in "unit"; any
  // other event that may have changed the position re-reads every unit.
  if (event.contains("unit") && event["unit"].is_string())
    index_.update(st_, event["unit"].get<std::string>());
  else if (!kNoPlaceChange.count(event.value("type", "")))
    index_.rebuild(st_);
  // What taking an objective reads of the event is read before it is
  // kept: the events it emits come after this one.
  std::optional<std::string> where = placed_at(event);
  std::string unit = where ? event.value("unit", "") : std::string();
  if (keep_events_) events_.push_back(std::move(event));
  if (where) take_objective(*this, *where, unit);
}

void eliminate(Emitter& em, const std::string& unit, const std::string& cause,
               const std::string& rule) {
  Board board = em.board();
  auto at = board.hex_of(unit);
  em.emit({{"type", "eliminate"},
           {"unit", unit},
           {"hex", at ? board.numbers().format(*at) : ""},
           {"side", board.side_of(unit)},
           {"strength", board.def(unit)->strength},
           {"cause", cause},
           {"rule", rule}});
  award_elimination_vp(em, unit);
  review_morale(em);  // H&L 18.12: demoralization takes effect at once
}

}  // namespace adjutant::rules::bluegray
