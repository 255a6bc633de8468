// Times in reports and mail headers, computed from the log entry's RFC 3339
// time alone: no locale, no time zone database, no clock, so the same
// archive always gives the same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace adjutant::report {

// Seconds since 1970-01-01T00:00:00Z of "2024-05-01T12:00:00Z" (fraction and
// numeric offsets accepted); Error "report.bad_time" otherwise.
std::int64_t parse_rfc3339(std::string_view text);

// "Wed, 01 May 2024 12:00:00 +0000" (RFC 5322 section 3.3).
std::string format_rfc5322(std::int64_t seconds);

// "2024-05-01 12:00 UTC", for people.
std::string format_utc(std::int64_t seconds);

}  // namespace adjutant::report
