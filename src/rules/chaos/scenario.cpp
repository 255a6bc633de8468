#include "rules/chaos/scenario.h"

#include <optional>
#include <utility>

#include "util/error.h"

namespace adjutant::rules::chaos {

const char* quality_name(Quality q) {
  switch (q) {
    case Quality::kUntested:
      return "untested";
    case Quality::kUnreliable:
      return "unreliable";
    case Quality::kReliable:
      return "reliable";
  }
  return "";
}

const char* turn_type_name(TurnType t) {
  switch (t) {
    case TurnType::kDawn:
      return "dawn";
    case TurnType::kDay:
      return "day";
    case TurnType::kEarlyNight:
      return "early_night";
    case TurnType::kLateNight:
      return "late_night";
  }
  return "";
}

// "DAWN, EARLY NIGHT and LATE NIGHT turns all require that brigades make
// stress tests in order to conduct unengaged movement."
bool movement_needs_test(TurnType t) {
  return t != TurnType::kDay;
}

bool is_night(TurnType t) {
  return t == TurnType::kEarlyNight || t == TurnType::kLateNight;
}

const Side& Scenario::side(const std::string& id) const {
  for (const auto& s : sides)
    if (s.id == id) return s;
  throw Error("scenario.unknown_side", "no side \"" + id + "\" in scenario " + this->id);
}

const Brigade* Scenario::brigade(const std::string& id) const {
  for (const auto& s : sides)
    for (const auto& b : s.brigades)
      if (b.id == id) return &b;
  return nullptr;
}

Outline Scenario::regiment_outline(const Regiment& r, const Placed& p) const {
  return outline(Body{p.at, p.bearing, r.stands, bases.at(r.arm)});
}

Outline Scenario::marker_outline(Point centre) const {
  // A body's corners are its centre plus offsets that do not depend on the
  // centre (stands.cpp), so a marker's outline is the one at the origin
  // moved: worked out once per thread for the last marker base asked about.
  const BaseSize& base = bases.at(Arm::kMarker);
  thread_local std::optional<std::pair<BaseSize, Outline>> at_origin;
  if (!at_origin || at_origin->first != base)
    at_origin.emplace(base, outline(Body{{0, 0}, 0, 1, base}));
  Outline out = at_origin->second;
  for (auto& p : out.points) p = p + centre;
  return out;
}

Outline Scenario::figure_outline(Arm arm, const Figure& f) const {
  return outline(Body{f.at, f.bearing, 1, bases.at(arm)});
}

}  // namespace adjutant::rules::chaos
