// The streamed intake (docs/mail.md "Intake"): a fuzzed input cut into up to
// four messages at each line "\n--next--\n", delivered into a scratch maildir
// and taken as `mail fetch` and the judge take a mailbox: listed, each read
// alone (its headers first), parsed once, its log lines and order files
// found and checked against a sample game (filed into a scratch inbox), and
// set aside. Properties: every message listed is read and set aside
// (none left in new/, all in .adjutant-processed/cur/), a message's headers
// are the start of its bytes, and every file filed is a whole order file
// under the name its content gives it.
#include <string>
#include <vector>

#include "game/archive.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "mail/log_intake.h"
#include "mail/mailbox.h"
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

std::size_t files_in(const fs::path& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (const auto& f : fs::directory_iterator(dir, ec)) n += f.is_regular_file();
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  context();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string raw(adjutant::fuzz::bytes(data, size));
  fs::path box = adjutant::fuzz::scratch_dir() / "Maildir";
  std::error_code ec;
  fs::remove_all(box, ec);
  fs::remove_all(context().inbox, ec);
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(box / sub);
  std::vector<std::string> messages;
  for (std::size_t from = 0; messages.size() < 4;) {
    std::size_t cut = raw.find("\n--next--\n", from);
    messages.push_back(raw.substr(from, cut == std::string::npos ? cut : cut - from));
    if (cut == std::string::npos) break;
    from = cut + 10;
  }
  for (std::size_t n = 0; n < messages.size(); ++n)
    adjutant::fuzz::write_bytes(box / "new" / ("17000000" + std::to_string(n) + ".M.fuzz"),
                                messages[n]);
  auto mailbox = mail::open_maildir(box);
  std::vector<mail::MessageRef> refs = mailbox->list();
  if (refs.size() != messages.size()) finding("a message delivered is not listed");
  for (const mail::MessageRef& m : refs) {
    std::string headers, bytes;
    only_errors("headers", [&] { headers = mailbox->headers(m); });
    if (!only_errors("read", [&] { bytes = mailbox->read(m); })) continue;
    if (bytes.compare(0, headers.size(), headers) != 0)
      finding("the headers read alone are not the start of the message");
    mail::MimePart message;
    only_errors("parse_message", [&] { message = mail::parse_message(bytes); });
    only_errors("carried", [&] {
      for (const std::string& game : mail::carried_games(message)) {
        mail::CarriedFiles carried;
        mail::take_carried(carried, message, m.source, game.size() == 64 ? game : "");
      }
    });
    only_errors("orders", [&] {
      std::vector<mail::Intake> problems;
      for (const mail::OrderText& order : mail::find_orders(message, problems, m.source)) {
        mail::order_game(order);
        mail::Intake i = mail::file_order(context(), order, m.source);
        if (!i.ok()) continue;
        std::string filed = adjutant::fuzz::read_bytes(context().inbox / i.filed);
        auto envelope = adjutant::ledger::parse_strict(filed, i.filed);
        if (mail::inbox_name(i.side, adjutant::ledger::canonical(envelope)) != i.filed)
          finding("an order file filed under a name its content does not give");
      }
    });
    only_errors("set_aside", [&] { mailbox->set_aside(m); });
  }
  mailbox->finish();
  if (files_in(box / "new") != 0 ||
      files_in(box / ".adjutant-processed" / "cur") != messages.size())
    finding("a message listed was not set aside");
  return 0;
}
