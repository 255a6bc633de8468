// Chaos of Battle events in words, for the reports: one sentence per event,
// naming brigades, regiments, commanders and combat tokens as the scenario
// and the text name them (event_words.cpp).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// The sentence of one event, or "" for a type it does not know.
std::string event_words(const Scenario& scenario, const nlohmann::json& event);

}  // namespace adjutant::rules::chaos
