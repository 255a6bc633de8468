#include "util/time_format.h"

#include <cstdio>

#include "util/error.h"

namespace adjutant {

namespace {

struct Civil {
  std::int64_t year;
  int month, day;
};

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
std::int64_t days_from_civil(std::int64_t y, int m, int d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t yoe = y - era * 400;
  const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

Civil civil_from_days(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const int d = int(doy - (153 * mp + 2) / 5 + 1);
  const int m = int(mp < 10 ? mp + 3 : mp - 9);
  return {yoe + era * 400 + (m <= 2), m, d};
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

[[noreturn]] void bad(std::string_view text) {
  std::string shown(text.substr(0, 64));
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  throw Error("time.bad", "\"" + shown + "\" is not an RFC 3339 time (2024-05-01T12:00:00Z)");
}

int digits(std::string_view text, std::size_t at, std::size_t n) {
  if (at + n > text.size()) bad(text);
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (text[i] < '0' || text[i] > '9') bad(text);
    v = v * 10 + (text[i] - '0');
  }
  return v;
}

void expect(std::string_view text, std::size_t at, std::string_view chars) {
  if (at >= text.size() || chars.find(text[at]) == std::string_view::npos) bad(text);
}

const char* const kDays[] = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

}  // namespace

std::int64_t parse_rfc3339(std::string_view text) {
  const int year = digits(text, 0, 4);
  expect(text, 4, "-");
  const int month = digits(text, 5, 2);
  expect(text, 7, "-");
  const int day = digits(text, 8, 2);
  expect(text, 10, "Tt ");
  const int hour = digits(text, 11, 2);
  expect(text, 13, ":");
  const int minute = digits(text, 14, 2);
  expect(text, 16, ":");
  const int second = digits(text, 17, 2);
  std::size_t at = 19;
  if (at < text.size() && text[at] == '.') {
    ++at;
    if (at >= text.size() || text[at] < '0' || text[at] > '9') bad(text);
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
  }
  int offset = 0;
  expect(text, at, "Zz+-");
  if (text[at] == 'Z' || text[at] == 'z') {
    ++at;
  } else {
    const int sign = text[at] == '-' ? -1 : 1;
    const int oh = digits(text, at + 1, 2);
    expect(text, at + 3, ":");
    const int om = digits(text, at + 4, 2);
    if (oh > 23 || om > 59) bad(text);
    offset = sign * (oh * 3600 + om * 60);
    at += 6;
  }
  if (at != text.size() || year < 1970 || month < 1 || month > 12 || day < 1 || day > 31 ||
      hour > 23 || minute > 59 || second > 60)
    bad(text);
  const std::int64_t days = days_from_civil(year, month, day);
  if (civil_from_days(days).day != day) bad(text);  // 31 April and the like
  return days * 86400 + hour * 3600 + minute * 60 + second - offset;
}

std::string format_rfc5322(std::int64_t seconds) {
  const std::int64_t days = floor_div(seconds, 86400);
  const std::int64_t rest = seconds - days * 86400;
  const Civil c = civil_from_days(days);
  char out[64];
  std::snprintf(out, sizeof out, "%s, %02d %s %04lld %02d:%02d:%02d +0000",
                kDays[((days % 7) + 7) % 7], c.day, kMonths[c.month - 1], (long long)c.year,
                int(rest / 3600), int(rest / 60 % 60), int(rest % 60));
  return out;
}

std::string format_rfc3339(std::int64_t seconds) {
  const std::int64_t days = floor_div(seconds, 86400);
  const std::int64_t rest = seconds - days * 86400;
  const Civil c = civil_from_days(days);
  char out[64];
  std::snprintf(out, sizeof out, "%04lld-%02d-%02dT%02d:%02d:%02dZ", (long long)c.year, c.month,
                c.day, int(rest / 3600), int(rest / 60 % 60), int(rest % 60));
  return out;
}

std::string canonical_time(std::string_view text) {
  return format_rfc3339(parse_rfc3339(text));
}

bool is_canonical_time(std::string_view text) {
  try {
    return canonical_time(text) == text;
  } catch (const Error&) {
    return false;
  }
}

std::string format_utc(std::int64_t seconds) {
  const std::int64_t days = floor_div(seconds, 86400);
  const std::int64_t rest = seconds - days * 86400;
  const Civil c = civil_from_days(days);
  char out[64];
  std::snprintf(out, sizeof out, "%04lld-%02d-%02d %02d:%02d UTC", (long long)c.year, c.month,
                c.day, int(rest / 3600), int(rest / 60 % 60));
  return out;
}

}  // namespace adjutant
