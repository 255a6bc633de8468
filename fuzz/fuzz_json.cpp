// The strict JSON reader and RFC 8785 canonicalisation. Properties: a text
// that parses canonicalises to valid UTF-8 that parses again and
// canonicalises to the same bytes; es_number round-trips every finite double;
// parse_canonical takes only canonical text, read as parse_strict reads it.
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ledger/es_number.h"
#include "ledger/jcs.h"
#include "support.h"

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace ledger = adjutant::ledger;

namespace {

// The first 8 bytes as a double: its ECMAScript form reads back as the same
// double, and as JSON it is already canonical.
void check_number(const std::uint8_t* data, std::size_t size) {
  if (size < sizeof(double)) return;
  double d;
  std::memcpy(&d, data, sizeof d);
  std::string text;
  if (!only_errors("es_number", [&] { text = ledger::es_number(d); })) {
    if (std::isfinite(d)) finding("es_number refused the finite double " + std::to_string(d));
    return;
  }
  if (!std::isfinite(d)) finding("es_number formatted a non-finite double as " + text);
  double back = std::strtod(text.c_str(), nullptr);
  if (back != d) finding("es_number(" + text + ") does not read back as the same double");
  std::string again;
  // From 2^53 up to 1e21 the text is an integer beyond 2^53, which the
  // strict reader and the canonical writer both refuse (json.number).
  const double magnitude = std::fabs(d);
  const bool beyond = magnitude > 9007199254740992.0 && magnitude < 1e21;
  if (!only_errors("canonical_text", [&] { again = ledger::canonical_text(text, "number"); })) {
    if (!beyond) finding("es_number output " + text + " is not JSON");
    return;
  }
  if (beyond) finding("the integer " + text + " beyond 2^53 was read and canonicalised");
  if (again != text) finding("es_number output " + text + " canonicalises to " + again);
}

// The one-pass reader of canonical text takes only what parse_strict reads
// and canonical() writes back byte for byte.
void check_one_pass(std::string_view text) {
  auto fast = ledger::parse_canonical(text);
  if (!fast) return;
  ledger::Json slow;
  if (!only_errors("parse_strict (after parse_canonical)",
                   [&] { slow = ledger::parse_strict(text, "input"); }))
    finding("parse_canonical took a text parse_strict refuses: " +
            std::string(text.substr(0, 200)));
  else if (ledger::canonical(slow) != text)
    finding("parse_canonical took a text that is not canonical: " +
            std::string(text.substr(0, 200)));
  else if (ledger::canonical(*fast) != text || *fast != slow)
    finding("parse_canonical read another value than parse_strict: " +
            std::string(text.substr(0, 200)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_number(data, size);
  const auto text = adjutant::fuzz::bytes(data, size);
  check_one_pass(text);
  ledger::Json value;
  if (!only_errors("parse_strict", [&] { value = ledger::parse_strict(text, "input"); })) return 0;
  std::string first;
  if (!only_errors("canonical", [&] { first = ledger::canonical(value); }))
    finding("a parsed value does not canonicalise");
  if (ledger::invalid_utf8_at(first) != std::string_view::npos)
    finding("canonical text is not valid UTF-8");
  ledger::Json reread;
  if (!only_errors("parse_strict (canonical)",
                   [&] { reread = ledger::parse_strict(first, "canonical"); }))
    finding("canonical text does not parse: " + first.substr(0, 200));
  std::string second;
  if (!only_errors("canonical (reread)", [&] { second = ledger::canonical(reread); }))
    finding("re-read canonical text does not canonicalise");
  if (first != second)
    finding("canonicalisation is not idempotent:\n  " + first.substr(0, 200) + "\n  " +
            second.substr(0, 200));
  return 0;
}
