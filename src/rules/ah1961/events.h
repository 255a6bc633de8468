// Events are the facts an adjudication produces (docs/events.md). The engine
// changes its working state only through apply_event, so Ruleset::apply on
// the logged events reaches exactly the state the adjudication reached:
// units placed and substituted, fortifications, bridges built, captured and
// destroyed all live in the state and replay from the events alone.
#pragma once

#include <string>

#include "rules/ah1961/board.h"

namespace adjutant::rules::ah1961 {

void apply_event(State& state, const Json& event);

class Emitter {
 public:
  Emitter(const Scenario& sc, const GameRules& g, State st) : sc_(sc), g_(g), st_(std::move(st)) {}

  void emit(Json event);
  const State& state() const { return st_; }
  Board board() const { return Board(sc_, g_, st_); }
  const Json& events() const { return events_; }
  const Scenario& scenario() const { return sc_; }
  const GameRules& rules() const { return g_; }

 private:
  const Scenario& sc_;
  const GameRules& g_;
  State st_;
  Json events_ = Json::array();
};

// Removes a unit from the board; a bridge is destroyed with a unit
// eliminated while fighting from on top of it (Pontoon Bridges).
void eliminate(Emitter& em, const std::string& unit, const std::string& cause,
               const std::string& rule);

}  // namespace adjutant::rules::ah1961
