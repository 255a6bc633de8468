#include "mail/stale_mail.h"

#include "game/log.h"
#include "mail/saved_orders.h"
#include "util/error.h"

namespace adjutant::mail {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

std::string member_text(const Json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

long long member_number(const Json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number_integer() ? j[key].get<long long>()
                                                                        : 0;
}

// The order body an `orders` line logs (the envelope's body).
const Json& logged_body(const game::LogEntry& e) {
  static const Json none = Json::object();
  return e.body.is_object() && e.body.contains("body") && e.body["body"].is_object()
             ? e.body["body"]
             : none;
}

std::string line_words(const game::LogEntry& e) {
  return "log line " + std::to_string(e.seq);
}

// The parts of a judge's Message-ID "<SEQ.KIND.SIDE.GAME16@adjutant.invalid>".
bool judge_id(const std::string& id, int& seq, std::string& kind, std::string& side) {
  std::size_t at = id.find('@');
  if (id.rfind("<", 0) != 0 || at == std::string::npos) return false;
  std::string local = id.substr(1, at - 1);
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    std::size_t dot = local.find('.', start);
    parts.push_back(local.substr(start, dot == std::string::npos ? dot : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (parts.size() != 4 || parts[0].empty() || parts[0].size() > 9) return false;
  for (char c : parts[0])
    if (c < '0' || c > '9') return false;
  seq = std::stoi(parts[0]);
  kind = parts[1];
  side = parts[2];
  return true;
}

}  // namespace

const std::vector<game::LogEntry>& StaleMail::log() {
  if (!log_) {
    int bad_line = -1;
    std::string problem;
    try {
      log_ = game::read_log_partial(game_ / "log.jsonl", bad_line, problem);
    } catch (const Error&) {
      log_ = std::vector<game::LogEntry>();
    }
  }
  return *log_;
}

int StaleMail::line_of(const std::string& hash) {
  for (const auto& e : log())
    if (e.hash == hash) return e.seq;
  return -1;
}

std::string StaleMail::phase_over(int from, const std::string& side) {
  for (const auto& e : log()) {
    if (e.seq <= from) continue;
    if (e.kind == "adjudication")
      return "turn " + std::to_string(member_number(e.body, "turn")) + " " +
             member_text(e.body, "phase") + " was adjudicated (" + line_words(e) + ")";
    if (e.kind == "end") return "the game ended (" + line_words(e) + ")";
    if (e.kind == "ruling" && member_text(e.body, "ruling") == "nmr" &&
        (member_text(e.body, "side").empty() || member_text(e.body, "side") == side))
      return side + " was ruled no moves received (" + line_words(e) + ")";
  }
  return "";
}

// A player's order mail: stale once the log holds the file itself or a
// later revision of the side's for the phase, or the phase is over
// (docs/protocol.md 5a, 5b: any file for a phase adjudicated is stale).
std::string StaleMail::orders_mail(const fs::path& file) {
  Json body;
  try {
    body = read_saved_orders(file).envelope["body"];
  } catch (const Error&) {
    return "";  // not ours to judge: the adjudicator's intake will
  }
  std::string side = member_text(body, "side");
  int from = line_of(member_text(body, "after"));
  if (side.empty() || from < 0) return "";
  for (const auto& e : log()) {
    if (e.seq <= from || e.kind != "orders") continue;
    const Json& logged = logged_body(e);
    if (member_text(logged, "side") != side) continue;
    if (logged == body) return "the log holds these orders (" + line_words(e) + ")";
    if (member_number(logged, "revision") >= member_number(body, "revision") &&
        member_number(body, "revision") > 0)
      return "the log holds " + side + "'s revision " +
             std::to_string(member_number(logged, "revision")) + " for the phase (" +
             line_words(e) + ")";
  }
  return phase_over(from, side);
}

// A judge's reminder or refusal notice of the phase due since line `seq`.
std::string StaleMail::judge_mail(int seq, const std::string& kind, const std::string& side) {
  std::string over = phase_over(seq, side);
  if (!over.empty() || kind != "reminder") return over;
  // A reminder also goes stale when the side's orders come in, or when an
  // extension sets another deadline (which has its own reminder).
  for (const auto& e : log()) {
    if (e.seq <= seq) continue;
    if (e.kind == "orders" && member_text(logged_body(e), "side") == side)
      return "the orders of " + side + " came in (" + line_words(e) + ")";
    if (e.kind == "ruling" && member_text(e.body, "ruling") == "extend")
      return "the deadline was extended (" + line_words(e) + ")";
  }
  return "";
}

std::string StaleMail::why(const fs::path& file, const std::string& message_id) {
  if (message_id.rfind("<orders.", 0) == 0) return orders_mail(file);
  int seq = 0;
  std::string kind, side;
  if (!judge_id(message_id, seq, kind, side)) return "";
  if (kind == "reminder" || kind.rfind("refused-", 0) == 0) return judge_mail(seq, kind, side);
  return "";
}

}  // namespace adjutant::mail
