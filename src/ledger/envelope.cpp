#include "ledger/envelope.h"

#include "ledger/digest.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::ledger {

namespace {

[[noreturn]] void format_error(const std::string& source, const std::string& field,
                               const std::string& what) {
  throw Error("envelope.format", source + ": " + field + ": " + what);
}

}  // namespace

std::string pae(std::string_view type, std::string_view body) {
  std::string out = "DSSEv1 ";
  out += std::to_string(type.size());
  out += ' ';
  out += type;
  out += ' ';
  out += std::to_string(body.size());
  out += ' ';
  out += body;
  return out;
}

Json sign_envelope(std::string_view type, const Json& body, const Signer& key) {
  std::string sig = key.sign(pae(type, canonical(body)));
  Json signature = Json::object();
  signature["keyid"] = key_id(key.public_raw());
  signature["sig"] = base64url(sig);
  Json out = Json::object();
  out["payloadType"] = std::string(type);
  out["body"] = body;
  out["signatures"] = Json::array({signature});
  return out;
}

Envelope parse_envelope(const Json& j, const std::string& source) {
  if (!j.is_object()) format_error(source, "envelope", "must be a JSON object");
  for (const auto& [name, value] : j.items()) {
    if (name != "payloadType" && name != "body" && name != "signatures")
      format_error(source, name, "unknown field in a signed envelope");
  }
  for (const char* name : {"payloadType", "body", "signatures"}) {
    if (!j.contains(name)) format_error(source, name, "missing");
  }
  Envelope e;
  if (!j.at("payloadType").is_string()) format_error(source, "payloadType", "must be a string");
  e.payload_type = j.at("payloadType").get<std::string>();
  if (!j.at("body").is_object()) format_error(source, "body", "must be a JSON object");
  e.body = j.at("body");

  const Json& sigs = j.at("signatures");
  if (!sigs.is_array() || sigs.empty())
    format_error(source, "signatures", "must be a non-empty array");
  for (std::size_t i = 0; i < sigs.size(); ++i) {
    const Json& s = sigs[i];
    std::string where = "signatures[" + std::to_string(i) + "]";
    if (!s.is_object()) format_error(source, where, "must be an object");
    for (const auto& [name, value] : s.items()) {
      if (name != "keyid" && name != "sig")
        format_error(source, where + "." + name, "unknown field");
    }
    if (!s.contains("keyid") || !s.at("keyid").is_string())
      format_error(source, where + ".keyid", "missing or not a string");
    if (!s.contains("sig") || !s.at("sig").is_string())
      format_error(source, where + ".sig", "missing or not a string");
    std::string raw;
    try {
      raw = from_base64url(s.at("sig").get<std::string>());
    } catch (const Error& err) {
      format_error(source, where + ".sig", "not unpadded base64url (" + err.detail() + ")");
    }
    if (raw.size() != 64)
      format_error(source, where + ".sig",
                   "an Ed25519 signature is 64 bytes, not " + std::to_string(raw.size()));
    e.signatures.emplace_back(s.at("keyid").get<std::string>(), std::move(raw));
  }
  return e;
}

bool verify_envelope(const Envelope& e, std::string_view expected_type,
                     std::string_view public_raw) {
  if (e.payload_type != expected_type)
    throw Error("envelope.type", "expected a signed " + std::string(expected_type) +
                                     " but the envelope holds " + e.payload_type);
  std::string message = pae(e.payload_type, canonical(e.body));
  for (const auto& [keyid, sig] : e.signatures) {
    if (!verify_signature(public_raw, message, sig)) continue;
    // The keyid is not signed: one that names another key is refused, so a
    // relay cannot make two copies of one signed file (docs/protocol.md 2).
    if (keyid != key_id(public_raw))
      throw Error("envelope.keyid", "the signature's keyid " + printable(keyid.substr(0, 40)) +
                                        " is not the key id " + key_id(public_raw) +
                                        " of the key that signed it");
    return true;
  }
  return false;
}

}  // namespace adjutant::ledger
