// Where the order check left a player-turn (rules::Checked::resume). The
// check moves the units as the turn's movement phase does, with the same
// events, and goes on to the retreat of ineffective units before it reads
// the attacks; the adjudication of those very orders takes up its emitter
// there (phases.h resume_player_turn) instead of moving every unit again.
// The events are the same either way; only the work is done once.
#pragma once

#include <atomic>

#include "rules/bluegray/events.h"
#include "rules/ruleset.h"

namespace adjutant::rules::bluegray {

struct Resume : Resumable {
  Resume(const void* owner, const Scenario& sc, const State& state)
      : owner(owner), before(state), em(sc, state) {}

  const void* owner;  // the ruleset that checked
  State before;       // the state checked
  Json plan;          // the plan the check made
  Emitter em;         // every step before the combat phase taken
  std::atomic<bool> taken{false};
};

// The resume of `checked` when `owner` made it for `state` and the plan
// `checked` holds, and nothing took it up before; else nullptr.
Resume* take_up(const Checked& checked, const void* owner, const State& state);

}  // namespace adjutant::rules::bluegray
