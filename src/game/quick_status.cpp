#include "game/quick_status.h"

#include <algorithm>
#include <cstring>

#include "game/adjudicate.h"
#include "game/entries.h"
#include "game/genesis.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace quick {

struct Line {
  std::string_view bytes;
  Json entry;
};

std::string text_of(const Json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// The lines of the log from the last adjudication (or genesis) to the end,
// each parsed, and the hash of the line before the first; nullopt when a
// line is not an entry or the tail does not chain.
struct Tail {
  std::vector<Line> lines;
  int total = 0;
};

std::optional<Tail> read_tail(const std::string& log) {
  Tail t;
  if (log.empty() || log.back() != '\n') return std::nullopt;
  t.total = int(std::count(log.begin(), log.end(), '\n'));
  // Line starts, from the end backwards, as far as the last adjudication.
  std::size_t end = log.size() - 1;  // the last line's newline
  std::vector<Line> back;
  while (true) {
    std::size_t start = end == 0 ? 0 : log.rfind('\n', end - 1);
    start = start == std::string::npos ? 0 : (end == 0 ? 0 : start + 1);
    std::string_view bytes(log.data() + start, end - start);
    Json entry;
    try {
      entry = ledger::parse_strict(bytes, "log.jsonl");
    } catch (const Error&) {
      return std::nullopt;
    }
    std::string kind = text_of(entry, "kind");
    back.push_back({bytes, std::move(entry)});
    if (kind == "adjudication" || kind == "genesis" || start == 0) break;
    end = start - 1;
  }
  std::reverse(back.begin(), back.end());
  // Each line's seq is its place, and its prev the hash of the line before.
  int first = t.total - int(back.size());
  std::string prev = kZeroHash;
  if (first > 0) {
    const char* before_end = back.front().bytes.data() - 1;
    std::size_t s = std::string_view(log.data(), std::size_t(before_end - log.data())).rfind('\n');
    std::size_t from = s == std::string_view::npos ? 0 : s + 1;
    prev = ledger::sha256_hex(
        std::string_view(log.data() + from, std::size_t(before_end - log.data()) - from));
  }
  for (std::size_t i = 0; i < back.size(); ++i) {
    const Json& e = back[i].entry;
    if (!e.is_object() || !e.contains("seq") || !e["seq"].is_number_integer() ||
        e["seq"].get<long long>() != first + int(i) || text_of(e, "prev") != prev ||
        !e.contains("body") || !e["body"].is_object())
      return std::nullopt;
    prev = ledger::sha256_hex(back[i].bytes);
  }
  t.lines = std::move(back);
  return t;
}

// The state before a concession: what `end` changed undone, when the state
// then has the hash the last adjudication names (apply_end).
bool matches_before_end(model::State state, const Json& end, const std::string& hash) {
  state.result = "";
  state.phase = text_of(end, "phase");
  if (state.hash() == hash) return true;
  state.phase = text_of(end, "side");
  return state.hash() == hash;
}

}  // namespace quick

std::string QuickStatus::name() const {
  return quick::text_of(genesis, "name");
}

std::string QuickStatus::adjudicator_for(const std::string& side) const {
  return ruleset->adjudicator(side, has_umpire);
}

std::optional<QuickStatus> quick_status(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec) || !fs::exists(dir / "log.jsonl", ec))
    throw Error("archive.not_found", dir.string() + ": not a game archive (no log.jsonl)");
  QuickStatus q;
  std::string log = read_file(dir / "log.jsonl", kMaxLogFile);
  auto tail = quick::read_tail(log);
  if (!tail) return std::nullopt;
  // Genesis: the body of line 0.
  try {
    Json line0 = ledger::parse_strict(std::string_view(log).substr(0, log.find('\n')), "log.jsonl");
    if (quick::text_of(line0, "kind") != "genesis" || !line0.contains("body")) return std::nullopt;
    q.genesis = std::move(line0["body"]);
  } catch (const Error&) {
    return std::nullopt;
  }
  q.game_id = ledger::sha256_hex(ledger::canonical(q.genesis));
  std::string scenario_text = read_file(dir / "scenario.json", kMaxJsonFile);
  q.scenario = ledger::parse_strict(scenario_text, "scenario.json");
  const Json& pinned = q.genesis.contains("scenario") ? q.genesis["scenario"] : Json();
  if (pinned.is_object() && pinned.contains("sha256") &&
      quick::text_of(pinned, "sha256") != ledger::sha256_hex(ledger::canonical(q.scenario)))
    return std::nullopt;
  auto [id, version] = pinned_ruleset(q.genesis, "game.json");
  (void)id;
  q.ruleset = rules::make_ruleset(q.scenario, "scenario.json", version);
  q.parties = genesis_parties(q.genesis);
  q.has_umpire = std::any_of(q.parties.begin(), q.parties.end(),
                             [](const Party& p) { return p.id == "umpire"; });
  // state.json, vouched for by the hash the log gives it.
  try {
    q.state = model::State::from_json(
        ledger::parse_strict(read_file(dir / "state.json", kMaxLogFile), "state.json"),
        "state.json", q.ruleset->unit_marks());
  } catch (const Error&) {
    return std::nullopt;
  }
  const auto& first = tail->lines.front().entry;
  std::string began = quick::text_of(q.genesis, "created");
  std::string state_hash;
  if (quick::text_of(first, "kind") == "adjudication") {
    state_hash = quick::text_of(first["body"], "state");
    began = quick::text_of(first["body"], "at");
  } else {
    state_hash = q.ruleset->initial_state().hash();
  }
  const Json* end = nullptr;
  for (const auto& l : tail->lines) {
    const Json& e = l.entry;
    std::string kind = quick::text_of(e, "kind");
    const Json& body = e["body"];
    if (kind == "ruling" && quick::text_of(body, "ruling") == "extend" && body.contains("hours") &&
        body["hours"].is_number_integer())
      q.extension_hours += body["hours"].get<int>();
    if (kind == "ruling" && quick::text_of(body, "ruling") == "nmr")
      q.sides_in.push_back(quick::text_of(body, "side"));
    if (kind == "orders" && body.contains("body"))
      q.sides_in.push_back(quick::text_of(body["body"], "side"));
    if (kind == "end") end = &body;
  }
  bool fresh =
      end ? quick::matches_before_end(q.state, *end, state_hash) : q.state.hash() == state_hash;
  if (!fresh) return std::nullopt;
  q.phase = q.ruleset->current_phase(q.state);
  // The order files (and no-moves rulings) since the last adjudication are
  // in; the phase waits on the rest of its sides.
  std::vector<std::string> in;
  for (const auto& s : q.phase.waiting_on())
    if (std::count(q.sides_in.begin(), q.sides_in.end(), s)) in.push_back(s);
  q.sides_in = in;
  for (const auto& s : q.phase.waiting_on())
    if (!std::count(in.begin(), in.end(), s)) q.sides_awaited.push_back(s);
  if (!q.phase.side.empty()) q.deadline = phase_deadline(q.genesis, began, q.extension_hours);
  q.log_lines = tail->total;
  q.head = ledger::sha256_hex(tail->lines.back().bytes);
  q.phase_head = ledger::sha256_hex(tail->lines.front().bytes);
  q.phase_began = began;
  return q;
}

QuickStatus verified_status(const fs::path& dir) {
  ReadGame g(dir);
  QuickStatus q;
  const Archive& a = g.archive;
  q.genesis = a.genesis();
  q.game_id = a.game_id();
  q.scenario = a.scenario_json();
  q.ruleset = rules::make_ruleset(q.scenario, "scenario.json", a.ruleset().version());
  q.parties = a.parties();
  q.has_umpire = a.has_umpire();
  q.state = g.replay.state();
  q.phase = g.replay.phase();
  q.sides_in = g.replay.sides_in();
  q.sides_awaited = g.replay.sides_awaited();
  q.deadline = q.phase.side.empty() ? "" : g.replay.deadline();
  q.extension_hours = g.replay.extension_hours();
  q.log_lines = int(a.log().size());
  q.head = a.head();
  q.phase_began = g.replay.phase_began();
  // The line the phase opened at: the last adjudication, or genesis.
  for (auto it = a.log().rbegin(); it != a.log().rend(); ++it)
    if (it->kind == "adjudication" || it->kind == "genesis") {
      q.phase_head = it->hash;
      break;
    }
  q.verified = true;
  return q;
}

QuickStatus read_status(const fs::path& dir, bool verify) {
  if (!verify)
    if (auto q = quick_status(dir)) return std::move(*q);
  return verified_status(dir);
}

}  // namespace adjutant::game
