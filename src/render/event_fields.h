// Reading the fields of events tolerantly: a missing or mistyped field reads
// as empty, so a map is still drawn from events of a newer engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/scene.h"

namespace adjutant::render {

// A string field, or an integer one in decimal; "" otherwise.
std::string event_text(const Json& e, const char* key);
// A hex number field naming a hex on the map.
std::optional<Hex> event_hex(const Scene& scene, const Json& e, const char* key);

// A unit eliminated in the events shown, and where its ghost counter goes:
// on its last hex, or beside the counters now standing there.
struct Ghost {
  const rules::hexmap::UnitDef* def = nullptr;
  const model::UnitState* state = nullptr;
  Hex hex;
  Point at;
};
std::vector<Ghost> ghosts(const Scene& scene);

}  // namespace adjutant::render
