// The 1961 Chancellorsville's events in words (rules/event_phrases.h): the
// rulesets' common phrasing and the game's own events (fortification,
// set-up, divisions broken down and recombined, bridges and boats ...).
#pragma once

#include "rules/event_phrases.h"

namespace adjutant::rules::ah1961 {

const PhraseTable& event_phrases();

}  // namespace adjutant::rules::ah1961
