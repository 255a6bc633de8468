// Signed files: DSSE envelopes whose body stays readable JSON and is
// re-canonicalized (JCS) to verify (DESIGN "Keys, signatures, envelopes").
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ledger/jcs.h"
#include "ledger/keys.h"

namespace adjutant::ledger {

inline constexpr const char* kOrdersType = "application/vnd.adjutant.orders.v1+json";
inline constexpr const char* kCardType = "application/vnd.adjutant.card.v1+json";
inline constexpr const char* kLogEntryType = "application/vnd.adjutant.log.v1+json";

// "DSSEv1" SP len(type) SP type SP len(body) SP body, lengths in ASCII decimal.
std::string pae(std::string_view type, std::string_view body);

struct Envelope {
  std::string payload_type;
  Json body;
  // (keyid, raw 64-byte signature); the keyid is only a hint.
  std::vector<std::pair<std::string, std::string>> signatures;
};

// {"payloadType":..,"body":..,"signatures":[{"keyid":..,"sig":"<base64url>"}]}
Json sign_envelope(std::string_view type, const Json& body, const Signer& key);

// Demands exactly the envelope's fields, nothing unknown; throws Error
// "envelope.format" naming `source` and the field.
Envelope parse_envelope(const Json& j, const std::string& source);

// True when some signature verifies over PAE(type, JCS(body)) with
// `public_raw`. Throws Error "envelope.type" when the envelope is not of
// `expected_type`, so one kind of signed file can never pass for another.
bool verify_envelope(const Envelope& e, std::string_view expected_type,
                     std::string_view public_raw);

}  // namespace adjutant::ledger
