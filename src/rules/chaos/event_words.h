// Chaos of Battle events in words, for the reports: one sentence per event,
// naming brigades, regiments, commanders and combat tokens as the scenario
// and the text name them (event_words.cpp).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/chaos/scenario.h"

namespace adjutant::rules::chaos {

// The sentence of one event, or "" for a type it does not know.
std::string event_words(const Scenario& scenario, const nlohmann::json& event);

// The headings the reports give a turn's events, in the order of the
// turn's procedures (docs/rules/chaos.md), and the one an event of type
// `type` is reported under.
std::vector<std::string> report_procedures();
std::string procedure_of(const std::string& type);

}  // namespace adjutant::rules::chaos
