// A deadline in the reader's own time zone, beside UTC, for what a player
// reads on their own machine (`status`, `report --format`). Never in
// anything written into an archive or mailed: those say UTC alone.
#pragma once

#include <cstdint>
#include <string>

namespace adjutant {

// True when `zone` names a time zone of the system's database
// (/usr/share/zoneinfo: "Europe/Paris", "America/New_York", "UTC").
bool known_time_zone(const std::string& zone);

// "2024-05-01 14:00 CEST" of seconds since 1970 in `zone`; "" when the zone
// is not known.
std::string format_in_zone(std::int64_t seconds, const std::string& zone);

}  // namespace adjutant
