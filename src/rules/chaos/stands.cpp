#include "rules/chaos/stands.h"

#include "rules/chaos/bearing.h"

namespace adjutant::rules::chaos {

namespace {

const std::map<Arm, const char*>& arm_names() {
  static const std::map<Arm, const char*> kNames = {
      {Arm::kInfantry, "infantry"}, {Arm::kCavalry, "cavalry"},     {Arm::kArtillery, "artillery"},
      {Arm::kWagon, "wagon"},       {Arm::kCommander, "commander"}, {Arm::kMarker, "marker"}};
  return kNames;
}

// The rectangle from `left` to `right_edge` along the body's front (doubled
// offsets from its centre) and the body's whole depth; each corner is
// rounded once from exact products, so neighbouring stands share corners.
Outline rectangle(const Body& b, Coord left, Coord right_edge) {
  Coord front = b.base.depth, rear = -b.base.depth;  // doubled half-depth
  auto corner = [&](Coord r2, Coord f2) { return b.centre + turn(r2, f2, b.bearing, 2); };
  return polygon({corner(left, front), corner(right_edge, front), corner(right_edge, rear),
                  corner(left, rear)});
}

}  // namespace

const char* arm_name(Arm arm) {
  return arm_names().at(arm);
}

std::optional<Arm> arm_from_name(const std::string& name) {
  for (const auto& [arm, n] : arm_names())
    if (name == n) return arm;
  return std::nullopt;
}

BaseSize default_base(Arm arm) {
  switch (arm) {
    case Arm::kInfantry:
      return {100, 75};
    case Arm::kCavalry:
      return {100, 150};
    case Arm::kArtillery:
      return {125, 150};
    case Arm::kWagon:
      return {100, 200};
    case Arm::kCommander:
      return {100, 100};
    case Arm::kMarker:
      return {300, 300};
  }
  return {};
}

BaseSizes default_bases() {
  BaseSizes out;
  for (const auto& [arm, name] : arm_names()) out[arm] = default_base(arm);
  return out;
}

// Offsets are doubled (2 * half-width) so odd frontages stay exact until the
// single rounding of each corner.
Outline outline(const Body& body) {
  Coord w2 = body.base.width * body.stands;
  return rectangle(body, -w2, w2);
}

Outline stand_outline(const Body& body, int k) {
  Coord w2 = body.base.width * body.stands;
  Coord left = -w2 + 2 * body.base.width * k;
  return rectangle(body, left, left + 2 * body.base.width);
}

Point front_centre(const Body& body) {
  return body.centre + turn(0, body.base.depth, body.bearing, 2);
}

}  // namespace adjutant::rules::chaos
