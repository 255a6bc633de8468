// The MIME reader and the order intake behind it: a fuzzed mail through
// parse_message, every decoder and address list, and mail::take_orders
// against a sample game (its inbox a scratch folder emptied after each run).
// Properties: parse_headers agrees with the headers parse_message reads, and
// the tolerant base64 decoder reads standard base64 exactly.
#include <string>

#include "game/archive.h"
#include "ledger/digest.h"
#include "mail/mime_parse.h"
#include "mail/order_intake.h"
#include "support.h"

using adjutant::fuzz::finding;
using adjutant::fuzz::only_errors;
namespace fs = std::filesystem;
namespace mail = adjutant::mail;

namespace {

mail::IntakeContext& context() {
  static mail::IntakeContext ctx = [] {
    auto archive = adjutant::game::Archive::open(adjutant::fuzz::source_dir() /
                                                 "samples/games/skirmish-umpire");
    mail::IntakeContext c = mail::intake_context(archive);
    c.inbox = adjutant::fuzz::scratch_dir() / "inbox";
    return c;
  }();
  return ctx;
}

void walk(const mail::MimePart& part) {
  for (const auto& [name, value] : part.headers) mail::addresses(value);
  for (const mail::MimePart& child : part.parts) walk(child);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  context();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = adjutant::fuzz::bytes(data, size);
  mail::MimePart message;
  only_errors("parse_message", [&] {
    message = mail::parse_message(raw);
    if (mail::parse_headers(raw) != message.headers)
      finding("parse_headers and parse_message read different headers");
    if (mail::leaves(message).empty()) finding("a message without leaves");
    walk(message);
    mail::decode_quoted_printable(raw);
    if (mail::decode_base64(adjutant::ledger::base64(raw)) != raw)
      finding("decode_base64 does not read standard base64 back");
  });
  only_errors("take_orders", [&] { mail::take_orders(context(), raw, "input"); });
  std::error_code ec;
  fs::remove_all(context().inbox, ec);
  return 0;
}
