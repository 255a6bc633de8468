// The inline form of a signed file in a mail body (DESIGN "Keys, signatures,
// envelopes"): base64url of the canonical envelope between two marker lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::ledger {

inline constexpr const char* kArmorBegin = "-----BEGIN-ADJUTANT-SIGNED-JSON-----";
inline constexpr const char* kArmorEnd = "-----END-ADJUTANT-SIGNED-JSON-----";
inline constexpr std::size_t kArmorWidth = 64;

// The markers and the base64url text wrapped at 64 columns, each line ending in "\n".
std::string armor(const Json& envelope);

// The decoded JSON texts of every armored block in `mail_text`, in order.
// Between the markers only base64url characters count, so quoting ("> ",
// ">>"), CRLF, re-wrapping, trailing spaces and blank lines do no harm.
// Throws Error "armor.corrupt" when a block has no end marker or does not
// decode to a JSON object's text.
std::vector<std::string> dearmor(std::string_view mail_text);

}  // namespace adjutant::ledger
