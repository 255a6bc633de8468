#include "util/local_time.h"

#include <time.h>

#include <cstdlib>
#include <filesystem>

namespace adjutant {

bool known_time_zone(const std::string& zone) {
  if (zone.empty() || zone.front() == '/' || zone.find("..") != std::string::npos) return false;
  std::error_code ec;
  return std::filesystem::is_regular_file("/usr/share/zoneinfo/" + zone, ec);
}

std::string format_in_zone(std::int64_t seconds, const std::string& zone) {
  if (!known_time_zone(zone)) return "";
  // The C library converts in the zone TZ names: set it for the call, then
  // put back what was there.
  const char* before = std::getenv("TZ");
  std::string saved = before ? before : "";
  ::setenv("TZ", zone.c_str(), 1);
  ::tzset();
  time_t t = time_t(seconds);
  struct tm local {};
  char text[64] = "";
  if (::localtime_r(&t, &local)) ::strftime(text, sizeof text, "%Y-%m-%d %H:%M %Z", &local);
  if (before)
    ::setenv("TZ", saved.c_str(), 1);
  else
    ::unsetenv("TZ");
  ::tzset();
  return text;
}

}  // namespace adjutant
