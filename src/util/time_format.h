// Times in reports and mail headers, computed from the log entry's RFC 3339
// time alone: no locale, no time zone database, no clock, so the same
// archive always gives the same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace adjutant {

// Seconds since 1970-01-01T00:00:00Z of "2024-05-01T12:00:00Z" (fraction and
// numeric offsets accepted); Error "time.bad" otherwise. Years 1970-9999.
std::int64_t parse_rfc3339(std::string_view text);

// The form every time in a log entry has: "2024-05-01T12:00:00Z" (UTC, whole
// seconds). `text` is any RFC 3339 time; Error "time.bad" otherwise.
std::string canonical_time(std::string_view text);

// True when `text` is already in canonical_time form.
bool is_canonical_time(std::string_view text);

// "2024-05-01T12:00:00Z" of seconds since 1970.
std::string format_rfc3339(std::int64_t seconds);

// "Wed, 01 May 2024 12:00:00 +0000" (RFC 5322 section 3.3).
std::string format_rfc5322(std::int64_t seconds);

// "2024-05-01 12:00 UTC", for people.
std::string format_utc(std::int64_t seconds);

}  // namespace adjutant
