#include "game/archive.h"

#include <cstdio>

#include "game/entries.h"
#include "game/genesis.h"
#include "game/log.h"
#include "game/ruling.h"
#include "ledger/digest.h"
#include "rules/scenario_file.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::game {

std::string Adjudication::folder_name() const {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%03d", t);
  return std::string(buf) + "-" + phase;
}

model::State apply_adjudication(const rules::Ruleset& ruleset, const model::State& before,
                                const Json& events) {
  model::State after = ruleset.apply(before, events);
  after.adjudications = before.adjudications + 1;
  return after;
}

rules::Adjudicated resolve_phase(const rules::Ruleset& ruleset, const model::State& state,
                                 const std::vector<rules::SideOrders>& orders, ledger::Dice& dice) {
  rules::Adjudicated out;
  if (ruleset.current_phase(state).simultaneous()) {
    out.events = ruleset.adjudicate_phase(state, orders, dice);
    out.after = ruleset.apply(state, out.events);
  } else {
    out = ruleset.adjudicate_to(state, orders.front().checked, dice);
  }
  out.after.adjudications = state.adjudications + 1;
  return out;
}

int protocol_of(const Json& genesis) {
  if (!genesis.is_object() || !genesis.contains("format") || !genesis["format"].is_string())
    return 0;
  const std::string& f = genesis["format"].get_ref<const std::string&>();
  if (f == kGameFormat) return 1;
  if (f == kGameFormat2) return 2;
  return 0;
}

const char* game_format(int protocol) {
  return protocol >= 2 ? kGameFormat2 : kGameFormat;
}

int Archive::protocol() const {
  int p = protocol_of(genesis_);
  return p == 0 ? 1 : p;
}

std::pair<std::string, int> pinned_ruleset(const Json& genesis, const std::string& source) {
  const Json* r =
      genesis.is_object() && genesis.contains("ruleset") ? &genesis["ruleset"] : nullptr;
  if (!r || !r->is_object() || !r->contains("id") || !(*r)["id"].is_string() ||
      !r->contains("version") || !(*r)["version"].is_number_unsigned() ||
      (*r)["version"].get<std::uint64_t>() > 1000000 || (*r)["version"].get<std::uint64_t>() < 1)
    throw Error("log.malformed",
                source + ": line 0: genesis needs \"ruleset\": {\"id\": ..., \"version\": N >= 1}",
                Exit::kVerifyFailed);
  return {(*r)["id"].get<std::string>(), int((*r)["version"].get<std::uint64_t>())};
}

Archive Archive::open(const fs::path& dir) {
  int bad_line = -1;
  std::string problem;
  Archive a = open_partial(dir, bad_line, problem);
  if (bad_line >= 0)
    throw Error(
        "log.malformed",
        (dir / "log.jsonl").string() + ": line " + std::to_string(bad_line) + ": " + problem,
        Exit::kVerifyFailed);
  if (!a.genesis_problem_.empty())
    throw Error("log.malformed", (dir / "log.jsonl").string() + ": line 0: " + a.genesis_problem_,
                Exit::kVerifyFailed);
  return a;
}

namespace {

void require_archive_folder(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw Error("archive.not_found",
                dir.string() + (fs::exists(dir, ec) ? ": not a folder" : ": no such folder"),
                Exit::kBadInput);
  if (!fs::exists(dir / "log.jsonl", ec))
    throw Error("archive.not_found", dir.string() + ": not a game archive (no log.jsonl)",
                Exit::kBadInput);
}

}  // namespace

Archive Archive::open_partial(const fs::path& dir, int& bad_line, std::string& problem) {
  require_archive_folder(dir);
  std::vector<LogEntry> log = read_log_partial(dir / "log.jsonl", bad_line, problem);
  return from_log(dir, std::move(log), bad_line, problem);
}

Archive Archive::open_genesis(const fs::path& dir, std::string& text, std::size_t& rest,
                              const std::function<void(const LogEntry&)>& read) {
  require_archive_folder(dir);
  fs::path file = dir / "log.jsonl";
  text = read_file(file, kMaxLogFile);
  rest = 0;
  int bad_line = -1;
  std::string problem;
  std::vector<LogEntry> head;
  if (!text.empty()) {
    if (auto e = parse_log_line(text, rest, 0, file.string(), problem))
      head.push_back(std::move(*e));
    else
      bad_line = 0;
  }
  if (read && !head.empty()) read(head.front());
  return from_log(dir, std::move(head), bad_line, problem);
}

void Archive::extend_log(std::vector<LogEntry> lines) {
  for (auto& e : lines) log_.push_back(std::move(e));
}

Archive Archive::from_log(const fs::path& dir, std::vector<LogEntry> log, int bad_line,
                          const std::string& problem) {
  if (log.empty() && bad_line == 0)
    throw Error("log.malformed", (dir / "log.jsonl").string() + ": line 0: " + problem,
                Exit::kVerifyFailed);
  if (log.empty() || log[0].kind != "genesis")
    throw Error("log.no_genesis",
                (dir / "log.jsonl").string() + ": line 0 is not a genesis entry" +
                    (log.empty() ? " (the log is empty)" : " (it is " + log[0].kind + ")"),
                Exit::kVerifyFailed);
  std::string scenario_file = (dir / "scenario.json").string();
  Json scenario =
      ledger::parse_strict(read_file(dir / "scenario.json", kMaxJsonFile), scenario_file);
  return from_parts(dir, std::move(log), std::move(scenario));
}

Archive Archive::in_memory(const std::string& log_text, Json scenario) {
  int bad_line = -1;
  std::string problem;
  std::vector<LogEntry> log = parse_log_text(log_text, "log.jsonl", bad_line, problem);
  if (bad_line >= 0)
    throw Error("log.malformed", "log.jsonl: line " + std::to_string(bad_line) + ": " + problem,
                Exit::kVerifyFailed);
  if (log.empty() || log[0].kind != "genesis")
    throw Error("log.no_genesis", "log.jsonl: line 0 is not a genesis entry", Exit::kVerifyFailed);
  Archive a = from_parts({}, std::move(log), std::move(scenario));
  a.in_memory_ = true;
  return a;
}

Archive Archive::from_parts(const fs::path& dir, std::vector<LogEntry> log, Json scenario) {
  Archive a;
  a.dir_ = dir;
  a.log_ = std::move(log);
  a.genesis_ = a.log_[0].body;
  a.game_id_ = ledger::sha256_hex(ledger::canonical(a.genesis_));
  // Read once, as its ruleset's package reads it (rules/scenario_file.h).
  rules::ScenarioFile file(std::move(scenario), (dir / "scenario.json").string());
  a.scenario_sha256_ = file.sha256();
  const std::string& named = file.ruleset();
  // The rules run at the version genesis pinned, so an old archive is
  // adjudicated and verified exactly as the release that made it did.
  auto [id, version] = pinned_ruleset(a.genesis_, (dir / "log.jsonl").string());
  if (id != named)
    throw Error("archive.ruleset",
                dir.string() + ": genesis names ruleset \"" + id +
                    "\" but scenario.json is for \"" + named + "\"",
                Exit::kVerifyFailed);
  a.ruleset_ = file.make(version);
  a.scenario_json_ = file.release();
  // The cards last (their problems are kept, never thrown, so the order
  // changes no outcome): a reader thread may check their signatures while
  // the scenario above is read (game/read_ahead.h).
  try {
    a.parties_ = genesis_parties(a.genesis_);
  } catch (const Error& e) {
    a.genesis_problem_ = e.what();
  }
  return a;
}

Archive Archive::with_lines(const std::vector<std::string>& lines) const {
  Archive out = *this;
  for (const auto& line : lines) {
    int bad = -1;
    std::string problem;
    auto entries = parse_log_text(line + "\n", "new entry", bad, problem);
    if (bad >= 0 || entries.size() != 1)
      throw Error("log.malformed", "a new entry is not a log line: " + problem,
                  Exit::kVerifyFailed);
    out.log_.push_back(std::move(entries.front()));
  }
  return out;
}

Archive Archive::prefix(int lines) const {
  Archive out = *this;
  if (lines >= 0 && std::size_t(lines) < out.log_.size()) out.log_.resize(std::size_t(lines));
  return out;
}

std::string Archive::name() const {
  return genesis_.is_object() && genesis_.contains("name") && genesis_["name"].is_string()
             ? genesis_["name"].get<std::string>()
             : "";
}

bool Archive::has_umpire() const {
  return party("umpire").has_value();
}

std::optional<Party> Archive::party(const std::string& id) const {
  for (const auto& p : parties_)
    if (p.id == id) return p;
  return std::nullopt;
}

std::string Archive::adjudicator_for(const std::string& side) const {
  return ruleset_->adjudicator(side, has_umpire());
}

int Archive::deadline_hours() const {
  return deadline_hours_of(genesis_);
}

std::vector<Adjudication> Archive::adjudications() const {
  std::vector<Adjudication> out;
  model::State state = ruleset_->initial_state();
  Json orders;                    // the order body the next adjudication resolves
  Json by_side = Json::object();  // the same per side, for a simultaneous phase
  for (const auto& e : log_) {
    std::string where = "log.jsonl line " + std::to_string(e.seq);
    if (e.kind == "orders") {
      orders = e.body.is_object() && e.body.contains("body") ? e.body["body"] : Json::object();
      if (orders.is_object() && orders.contains("side") && orders["side"].is_string())
        by_side[orders["side"].get<std::string>()] = orders;
    } else if (e.kind == "ruling") {
      RulingBody r = read_ruling(e.body, where);
      if (r.ruling == "nmr") by_side[r.side] = orders = ruleset_->empty_orders(r.side);
    } else if (e.kind == "end") {
      state = apply_end(state, read_end(e.body, where));
    } else if (e.kind == "adjudication") {
      AdjudicationBody b = read_adjudication(e.body, where);
      Adjudication a;
      a.seq = e.seq;
      a.t = b.t;
      a.orders_seq = b.orders;
      a.turn = b.turn;
      a.phase = b.phase;
      a.adjudicator = b.adjudicator;
      a.at = b.at;
      a.orders = b.orders_lines.size() > 1 ? by_side : orders;
      a.events = b.events;
      a.rolls = b.rolls;
      a.echo = b.echo;
      a.before = state;
      state = apply_adjudication(*ruleset_, state, a.events);
      a.after = state;
      out.push_back(std::move(a));
      orders = Json();
      by_side = Json::object();
    }
  }
  return out;
}

model::State Archive::state_at(int seq) const {
  if (seq < -1 || seq >= int(log_.size()))
    throw Error("replay.bad_line",
                "line " + std::to_string(seq) + " is not a line of the log (0 to " +
                    std::to_string(int(log_.size()) - 1) + ")",
                Exit::kUsage);
  model::State state = ruleset_->initial_state();
  for (const auto& e : log_) {
    if (seq >= 0 && e.seq > seq) break;
    std::string where = "log.jsonl line " + std::to_string(e.seq);
    if (e.kind == "adjudication")
      state = apply_adjudication(*ruleset_, state, read_adjudication(e.body, where).events);
    else if (e.kind == "end")
      state = apply_end(state, read_end(e.body, where));
  }
  return state;
}

}  // namespace adjutant::game
