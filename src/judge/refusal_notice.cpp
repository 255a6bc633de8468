#include "judge/refusal_notice.h"

#include <optional>

#include "game/intake.h"
#include "game/text_orders.h"
#include "util/files.h"
#include "util/printable.h"
#include "util/words.h"

namespace adjutant::judge {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

// The orders themselves: a body without what `sign` fills in around them.
Json orders_only(Json body) {
  if (!body.is_object()) return body;
  for (const char* key :
       {"format", "game", "side", "turn", "phase", "after", "reveal", "revision", "replaces"})
    body.erase(key);
  return body;
}

// The text beside `file` read as `side`'s orders, when it reads back to the
// very orders `file` holds.
std::optional<rules::ParsedText> text_of(const game::ReadGame& g, const std::string& side,
                                         const fs::path& file, std::string& text) {
  fs::path beside = fs::path(file).replace_extension(".txt");
  std::error_code ec;
  if (!fs::is_regular_file(beside, ec)) return std::nullopt;
  try {
    text = read_file(beside, game::kMaxOrderBytes);
    Json envelope = game::read_order_file(file);
    game::WrittenOrders w =
        game::read_written_orders(g.archive, g.replay.state(), text, "orders.txt", side);
    if (!w.text || orders_only(w.body) != orders_only(envelope.at("body"))) return std::nullopt;
    return w.parsed;
  } catch (const Error&) {
    return std::nullopt;  // not the text of these orders: the problems stand alone
  }
}

// Line `n` (from 1) of `text`, without its line end.
std::string line_of(const std::string& text, int n) {
  std::size_t at = 0;
  for (int i = 1; i < n && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos || at > text.size()) return "";
  std::string line = text.substr(at, text.find('\n', at) - at);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

}  // namespace

std::string notice_problems(const game::ReadGame& g, const std::string& side, const fs::path& file,
                            const rules::OrdersRefused& e) {
  std::string text;
  std::optional<rules::ParsedText> parsed = text_of(g, side, file, text);
  std::string out;
  for (const rules::OrderProblem& p : e.problems()) {
    const rules::text::Pos* pos = nullptr;
    if (parsed) {
      if (p.order >= 1 && std::size_t(p.order) <= parsed->orders.size())
        pos = &parsed->orders[std::size_t(p.order) - 1];
      else
        pos = parsed->where(p.unit, p.rule);
    }
    if (pos)
      out += "line " + std::to_string(pos->line) +
             " of your text orders: " + printable(line_of(text, pos->line)) + "\n  ";
    out += p.text() + "\n";
  }
  if (!out.empty()) out.pop_back();
  return out;
}

std::string notice_problems(const fs::path& game, const fs::path& file, const Error& e) {
  std::string out = e.what();
  std::error_code ec;
  for (const fs::path& f : {fs::absolute(file, ec), file})
    out = replaced_all(out, printable(f.string()), "your order file");
  for (const fs::path& d : {fs::absolute(game, ec), game})
    out = replaced_all(out, printable(d.string()), "the game");
  return out;
}

}  // namespace adjutant::judge
