// Blue & Gray's events in words (rules/event_phrases.h): the rulesets'
// common phrasing and the system's own events (standing orders,
// ineffective units, displacement, morale, lines of communication ...).
#pragma once

#include "rules/event_phrases.h"

namespace adjutant::rules::bluegray {

const PhraseTable& event_phrases();

}  // namespace adjutant::rules::bluegray
