// Events are the facts an adjudication produces (docs/events.md). The engine
// changes its working state only by emitting events through apply_event, so
// Ruleset::apply on the same events reaches exactly the same state.
#pragma once

#include <string>

#include "rules/bluegray/board.h"

namespace adjutant::rules::bluegray {

// Applies one event to a state; events that only report (combat, ...) change nothing.
void apply_event(State& state, const Json& event);

// Collects events and keeps the working state they lead to, with the index
// of its units that every board it makes reads.
class Emitter {
 public:
  // An emitter that does not keep its events (`keep_events` false) still
  // applies them: the order check wants the state the moves lead to, not
  // the events.
  Emitter(const Scenario& scenario, State state, bool keep_events = true)
      : sc_(scenario), st_(std::move(state)), index_(sc_, st_), keep_events_(keep_events) {}

  void emit(Json event);
  const Scenario& scenario() const { return sc_; }
  const State& state() const { return st_; }
  Board board() const { return Board(sc_, st_, index_); }
  const Json& events() const { return events_; }
  // The events, moved out: the emitter is done with.
  Json take_events() { return std::move(events_); }
  // The state, moved out: the emitter is done with.
  State take_state() { return std::move(st_); }

 private:
  const Scenario& sc_;
  State st_;
  UnitIndex index_;
  bool keep_events_ = true;
  Json events_ = Json::array();
};

// Eliminates a unit (8.3, 8.51, 8.52) and awards the victory points it is worth.
void eliminate(Emitter& em, const std::string& unit, const std::string& cause,
               const std::string& rule);

}  // namespace adjutant::rules::bluegray
