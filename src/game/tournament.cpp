#include "game/tournament.h"

#include <algorithm>

#include "game/adjudicate.h"
#include "game/batch_verify.h"
#include "game/fog.h"
#include "game/inbox.h"
#include "game/quick_status.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace tournament_rows {

// The journal's last line of `action` for `game` at or after `since`.
std::string journal_detail(const std::vector<Json>& journal, const std::string& game,
                           const std::string& action, std::int64_t since) {
  std::string out;
  for (const auto& j : journal) {
    if (!j.is_object() || j.value("game", "") != game || j.value("action", "") != action) continue;
    try {
      if (parse_rfc3339(j.value("at", "")) < since) continue;
    } catch (const Error&) {
      continue;
    }
    out = j.value("detail", "");
  }
  return out;
}

std::vector<Json> read_journal(const fs::path& dir) {
  std::vector<Json> out;
  std::string text;
  try {
    text = read_file(dir / "judge-journal.jsonl", kMaxLogFile);
  } catch (const Error&) {
    return out;
  }
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    try {
      out.push_back(
          ledger::parse_strict(std::string_view(text).substr(start, end - start), "journal"));
    } catch (const Error&) {
      // A torn last line of a stopped pass: passed over.
    }
    start = end + 1;
  }
  return out;
}

std::string csv_cell(const std::string& v) {
  if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
  std::string out = "\"";
  for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace tournament_rows

Json GameRow::to_json() const {
  Json j = {{"folder", folder},           {"name", name},           {"scenario", scenario},
            {"ruleset", ruleset},         {"turn", turn},           {"phase", phase},
            {"orders_due_from", due},     {"due_by", due_by},       {"late", late},
            {"adjudicator", adjudicator}, {"waiting", waiting},     {"vp", vp},
            {"result", result},           {"log_lines", log_lines}, {"verified", verified}};
  if (!error.empty()) j["error"] = error;
  return j;
}

std::vector<GameRow> tournament(const fs::path& dir, const std::string& now) {
  using namespace tournament_rows;
  std::int64_t at = parse_rfc3339(now.empty() ? now_utc() : now);
  std::vector<Json> journal = read_journal(dir);
  std::vector<GameRow> rows;
  for (const fs::path& game : find_archives({dir})) {
    if (is_sealed_copy(game)) continue;  // a side's copy, not a game hosted here
    GameRow row;
    row.folder = fs::relative(game, dir).generic_string();
    try {
      QuickStatus q = read_status(game, false);
      row.name = q.name();
      row.scenario = q.scenario.value("title", q.scenario.value("id", ""));
      row.ruleset = q.ruleset->id() + " v" + std::to_string(q.ruleset->version());
      row.turn = q.state.turn;
      row.vp = q.state.vp;
      row.result = q.state.result;
      row.log_lines = q.log_lines;
      row.verified = q.verified;
      if (!q.phase.side.empty()) {
        row.phase = rules::phase_words(*q.ruleset, q.phase.turn, q.phase.name);
        row.due = q.sides_awaited;
        row.due_by = q.deadline;
        row.adjudicator = q.adjudicator_for(q.phase.side);
        row.late = !q.deadline.empty() && parse_rfc3339(q.deadline) < at;
        auto files = due_inbox_files(game, q.phase, q.sides_awaited, q.expected_after());
        std::int64_t began = q.phase_began.empty() ? 0 : parse_rfc3339(q.phase_began);
        std::string refused = journal_detail(journal, row.folder, "nmr-refused", began);
        if (!files.empty())
          row.waiting =
              "orders to adjudicate: inbox/" + files.front().file.filename().string() +
              (files.size() > 1 ? " and " + std::to_string(files.size() - 1) + " more" : "");
        else if (!refused.empty())
          row.waiting = "a no-moves ruling the rules refuse: " + refused;
        else if (row.late)
          row.waiting = "the deadline passed: extend it or rule no moves received";
      }
    } catch (const Error& e) {
      row.error = e.what();
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string tournament_csv(const std::vector<GameRow>& rows) {
  using tournament_rows::csv_cell;
  std::string out =
      "game,name,scenario,ruleset,turn,phase,orders_due_from,due_by,late,adjudicator,waiting,vp,"
      "result,error\r\n";
  for (const auto& r : rows) {
    std::string due, vp;
    for (const auto& s : r.due) due += (due.empty() ? "" : " ") + s;
    for (const auto& [side, n] : r.vp)
      vp += (vp.empty() ? "" : " ") + side + " " + std::to_string(n);
    std::vector<std::string> cells = {r.folder,
                                      r.name,
                                      r.scenario,
                                      r.ruleset,
                                      std::to_string(r.turn),
                                      r.phase,
                                      due,
                                      r.due_by,
                                      r.late ? "yes" : "no",
                                      r.adjudicator,
                                      r.waiting,
                                      vp,
                                      r.result,
                                      r.error};
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_cell(cells[i]);
    out += "\r\n";
  }
  return out;
}

}  // namespace adjutant::game
