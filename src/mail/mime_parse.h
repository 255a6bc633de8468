// A minimal MIME reader for incoming mail: headers (unfolded), multipart
// bodies at any depth, message/rfc822 parts, and base64 and quoted-printable
// transfer encodings. It is tolerant, never throws on odd mail, and bounds
// its depth and part count so a hostile message cannot exhaust it.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adjutant::mail {

struct MimePart {
  std::vector<std::pair<std::string, std::string>> headers;  // names lower case, unfolded
  std::string content_type = "text/plain";                   // lower case type/subtype
  std::map<std::string, std::string> params;                 // of Content-Type, keys lower case
  std::string filename;                                      // Content-Disposition or name=
  bool attachment = false;                                   // Content-Disposition: attachment
  std::string body;                                          // transfer encoding undone
  std::vector<MimePart> parts;                               // multipart and message/rfc822

  // The first header of that (lower case) name, or "".
  std::string header(std::string_view name) const;
  bool multipart() const { return content_type.rfind("multipart/", 0) == 0; }
};

MimePart parse_message(std::string_view raw);

// The leaf parts in document order.
std::vector<const MimePart*> leaves(const MimePart& message);

// The headers of a raw message only (the part before the first blank line).
std::vector<std::pair<std::string, std::string>> parse_headers(std::string_view raw);

// Tolerant decoders: base64 skips what is not in its alphabet; quoted-printable
// keeps malformed escapes as they are.
std::string decode_base64(std::string_view text);
std::string decode_quoted_printable(std::string_view text);

// The addr-specs of an address header value: "A <a@x>, b@y" -> {"a@x", "b@y"}.
std::vector<std::string> addresses(std::string_view value);

}  // namespace adjutant::mail
