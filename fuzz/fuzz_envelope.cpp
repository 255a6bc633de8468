// Signed envelopes and their armored form. The input is read both as an
// envelope's JSON text and as a mail text holding armored blocks.
// Properties: armor then dearmor gives back the canonical envelope; an
// envelope read back from its armor is the same envelope; signing any body
// and reading the result back verifies; a base64url or base64 text that
// decodes is the one encoding of its bytes.
#include <string>
#include <vector>

#include "ledger/armor.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "support.h"

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace ledger = adjutant::ledger;
using ledger::Json;

namespace {

const ledger::SigningKey& key() {
  static const ledger::SigningKey k = ledger::SigningKey::from_seed(
      "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10"
      "\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20");
  return k;
}

const char* const kTypes[] = {ledger::kOrdersType, ledger::kCardType, ledger::kLogEntryType};

std::string summary(const ledger::Envelope& e) {
  std::string out = e.payload_type + "\n" + ledger::canonical(e.body) + "\n";
  for (const auto& [keyid, sig] : e.signatures) out += keyid + " " + ledger::to_hex(sig) + "\n";
  return out;
}

void check_encodings(std::string_view text) {
  std::string raw;
  if (only_errors("from_base64url", [&] { raw = ledger::from_base64url(text); }) &&
      ledger::base64url(raw) != text)
    finding("from_base64url accepted a second encoding of its bytes");
  if (only_errors("from_base64", [&] { raw = ledger::from_base64(text); }) &&
      ledger::base64(raw) != text)
    finding("from_base64 accepted a second encoding of its bytes");
}

void examine(std::string_view text) {
  Json j;
  if (!only_errors("parse_strict", [&] { j = ledger::parse_strict(text, "input"); })) return;
  ledger::Envelope e;
  if (!only_errors("parse_envelope", [&] { e = ledger::parse_envelope(j, "input"); })) return;
  for (const char* type : kTypes)
    only_errors("verify_envelope", [&] { ledger::verify_envelope(e, type, key().public_raw()); });

  std::string armored;
  if (!only_errors("armor", [&] { armored = ledger::armor(j); }))
    finding("a parsed envelope cannot be armored");
  std::vector<std::string> blocks;
  if (!only_errors("dearmor (own armor)", [&] { blocks = ledger::dearmor(armored); }))
    finding("dearmor refuses armor's own output");
  if (blocks.size() != 1 || blocks[0] != ledger::canonical(j))
    finding("dearmor(armor(envelope)) is not the canonical envelope");
  ledger::Envelope back;
  if (!only_errors("parse_envelope (armored)", [&] {
        back = ledger::parse_envelope(ledger::parse_strict(blocks[0], "armored"), "armored");
      }))
    finding("an envelope read back from its armor is refused");
  if (summary(back) != summary(e)) finding("an envelope read back from its armor differs");

  for (const char* type : kTypes) {
    Json signed_json;
    bool good = false;
    if (!only_errors("sign_envelope", [&] {
          signed_json = ledger::sign_envelope(type, e.body, key());
          good = ledger::verify_envelope(ledger::parse_envelope(signed_json, "signed"), type,
                                         key().public_raw());
        }))
      finding("signing a parsed body and reading it back throws");
    if (!good) finding("a freshly signed envelope does not verify");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = adjutant::fuzz::bytes(data, size);
  check_encodings(text);
  examine(text);
  std::vector<std::string> blocks;
  if (only_errors("dearmor", [&] { blocks = ledger::dearmor(text); }))
    for (const std::string& block : blocks) examine(block);
  return 0;
}
