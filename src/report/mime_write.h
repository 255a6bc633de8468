// The encodings a MIME message is written in (RFC 2045, 2047, 5322), every
// line ending in CRLF, so a .eml file is ready for any mail client as it is.
#pragma once

#include <string>
#include <string_view>

namespace adjutant::report {

inline constexpr const char* kCrlf = "\r\n";

// Base64 in lines of 76 characters, each ending in CRLF.
std::string base64_lines(std::string_view bytes);

// Quoted-printable (RFC 2045 6.7) of text with "\n" line ends: lines of at
// most 76 characters ending in CRLF, trailing blanks and "From " encoded.
std::string quoted_printable(std::string_view text);

// "Name: value" folded at spaces before 76 columns, with a final CRLF. Non-ASCII
// text becomes RFC 2047 encoded words ("=?utf-8?B?...?="); controls are dropped.
std::string header_text(std::string_view name, std::string_view value);

// "Name: Display Name <user@example.org>", the display name quoted or
// encoded as RFC 5322 and RFC 2047 demand. Error "report.bad_address" for an
// address that is not a plain ASCII addr-spec.
std::string header_address(std::string_view name, std::string_view display, std::string_view email);

// Throws Error "report.bad_address" unless `email` is one ASCII local@domain
// without spaces, controls or angle brackets (so it cannot inject headers).
void check_address(std::string_view email);

}  // namespace adjutant::report
