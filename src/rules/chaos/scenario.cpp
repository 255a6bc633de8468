#include "rules/chaos/scenario.h"

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
  return outline(Body{centre, 0, 1, bases.at(Arm::kMarker)});
}

Outline Scenario::figure_outline(Arm arm, const Figure& f) const {
  return outline(Body{f.at, f.bearing, 1, bases.at(arm)});
}

}  // namespace adjutant::rules::chaos
