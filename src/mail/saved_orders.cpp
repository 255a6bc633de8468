#include "mail/saved_orders.h"

#include <cctype>
#include <set>

#include "game/intake.h"
#include "ledger/armor.h"
#include "ledger/envelope.h"
#include "mail/mime_parse.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::mail {

namespace fs = std::filesystem;
using ledger::Json;

namespace saved_orders {

struct Found {
  std::string where;
  Json envelope;
};

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

// A mail rather than a JSON file or a pasted block: it opens with a header
// line ("From: ", "Return-Path: ", ...) or an mbox "From " line.
bool looks_like_mail(std::string_view text) {
  std::size_t eol = text.find('\n');
  std::string_view first = text.substr(0, eol);
  if (starts_with(first, "From ")) return true;
  std::size_t colon = first.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  for (char c : first.substr(0, colon))
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-')) return false;
  return true;
}

// The messages of an mbox file ("From " lines part them), or the one mail.
std::vector<std::string_view> messages(std::string_view text) {
  if (!starts_with(text, "From ")) return {text};
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t at = text.find("\nFrom ", 0);; at = text.find("\nFrom ", at + 1)) {
    std::size_t end = at == std::string_view::npos ? text.size() : at + 1;
    std::string_view m = text.substr(start, end - start);
    // Past the "From " line itself.
    std::size_t eol = m.find('\n');
    if (eol != std::string_view::npos) out.push_back(m.substr(eol + 1));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return out;
}

// Every signed order file a mail carries: attachments that are signed JSON,
// and armored blocks in its text parts (HTML parts repeat the text).
void take(std::string_view raw, const std::string& label, std::vector<Found>& out) {
  MimePart message = parse_message(raw);
  int n = 0;
  for (const MimePart* part : leaves(message)) {
    ++n;
    std::string where =
        (part->filename.empty() ? "part " + std::to_string(n) : "attachment " + part->filename) +
        " of " + label;
    std::vector<std::pair<std::string, std::string>> texts;
    const std::string& body = part->body;
    std::size_t first = body.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && body[first] == '{' &&
        body.find("\"payloadType\"") != std::string::npos) {
      texts.push_back({where, body});
    } else if (part->content_type != "text/html" &&
               body.find(ledger::kArmorBegin) != std::string::npos) {
      try {
        int block = 0;
        for (std::string& t : ledger::dearmor(body))
          texts.push_back({"armored block " + std::to_string(++block) + " in " + where, t});
      } catch (const Error&) {
        continue;  // a torn block: not an order file this mail carries
      }
    }
    for (const auto& [w, t] : texts) {
      try {
        Json j = ledger::parse_strict(t, w, game::kMaxOrderBytes);
        if (ledger::parse_envelope(j, w).payload_type == ledger::kOrdersType)
          out.push_back({w, std::move(j)});
      } catch (const Error&) {
        // Not an order file (a card, a log entry, damaged JSON).
      }
    }
  }
}

std::vector<Found> in_mail(const std::string& text) {
  std::vector<Found> found;
  auto all = messages(text);
  for (std::size_t i = 0; i < all.size(); ++i)
    take(all[i], all.size() == 1 ? "the mail" : "message " + std::to_string(i + 1) + " of the mbox",
         found);
  // The same file twice (the text and an attachment) is one order file.
  std::vector<Found> distinct;
  std::set<std::string> seen;
  for (auto& f : found)
    if (seen.insert(ledger::canonical(f.envelope)).second) distinct.push_back(std::move(f));
  return distinct;
}

}  // namespace saved_orders

SavedOrders read_saved_orders(const fs::path& file) {
  std::string text = read_file(file, kMaxMailFile);
  if (!saved_orders::looks_like_mail(text)) return {game::read_order_file(file), ""};
  auto found = saved_orders::in_mail(text);
  if (found.empty())
    throw Error("orders.none", file.string() +
                                   ": a mail that carries no signed order file (as an attachment "
                                   "or an armored block)");
  if (found.size() > 1) {
    std::string where;
    for (const auto& f : found) where += "\n  " + f.where;
    throw Error("orders.armor", file.string() + ": carries " + std::to_string(found.size()) +
                                    " different order files; save each apart:" + where);
  }
  return {std::move(found.front().envelope), found.front().where};
}

std::vector<std::string> order_files_in_mail(const fs::path& file) {
  std::error_code ec;
  if (fs::is_directory(file, ec)) return {};
  std::string text;
  try {
    text = read_file(file, kMaxMailFile);
  } catch (const Error&) {
    return {};
  }
  if (!saved_orders::looks_like_mail(text)) return {};
  std::vector<std::string> out;
  for (const auto& f : saved_orders::in_mail(text)) out.push_back(f.where);
  return out;
}

}  // namespace adjutant::mail
