#include "game/rules_diff.h"

#include "game/archive.h"
#include "game/replay.h"
#include "game/ruling.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::game {

namespace fs = std::filesystem;

namespace {

// The events only one side has, by a longest common subsequence of their
// canonical forms, each side in its own order.
void event_diff(const Json& logged, const Json& latest, Json& removed, Json& added) {
  std::vector<std::string> a, b;
  for (const auto& e : logged) a.push_back(ledger::canonical(e));
  for (const auto& e : latest) b.push_back(ledger::canonical(e));
  std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;)
    for (std::size_t j = b.size(); j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ++i;
      ++j;
    } else if (j == b.size() || (i < a.size() && lcs[i + 1][j] >= lcs[i][j + 1])) {
      removed.push_back(logged[i++]);
    } else {
      added.push_back(latest[j++]);
    }
  }
}

const Adjudication* collected_at(const std::vector<Adjudication>& all, int seq) {
  for (const auto& a : all)
    if (a.seq == seq) return &a;
  return nullptr;
}

void failed(RulesDiff& d, const Error& e) {
  d.status = "failed";
  d.error_id = e.id();
  d.message = e.detail();
  d.exit_code = int(e.exit_code());
  if (d.exit_code == 0) d.exit_code = int(Exit::kVerifyFailed);
}

// Adjudicates the log's orders again under `latest`, from its own state,
// with the logged seeds: the dice depend on the chains alone, so the same
// orders meet the same dice under either version.
void walk(const Archive& archive, const Replay& replay, const rules::Ruleset& latest,
          RulesDiff& d) {
  model::State state = latest.initial_state();
  for (std::size_t n = 1; n < archive.log().size(); ++n) {
    const LogEntry& e = archive.log()[n];
    if (e.kind == "end") {
      state = apply_end(state, read_end(e.body, "end"));
      continue;
    }
    if (e.kind != "adjudication") continue;
    const Adjudication* c = collected_at(replay.collected(), e.seq);
    if (!c) continue;
    Divergence v;
    v.t = c->t;
    v.seq = c->seq;
    v.turn = c->turn;
    v.phase = c->phase;
    // The phase's order files, each checked alone: a simultaneous phase
    // (Chaos of Battle) holds one per side it waits on, in its order.
    rules::PhaseInfo ph = latest.current_phase(state);
    std::vector<rules::SideOrders> orders;
    std::string where = "log.jsonl line " + std::to_string(c->orders_seq);
    try {
      if (ph.simultaneous())
        for (const auto& side : ph.waiting_on())
          orders.push_back({side, latest.check(state,
                                               c->orders.contains(side) ? c->orders[side]
                                                                        : latest.empty_orders(side),
                                               where)});
      else
        orders.push_back({ph.side, latest.check(state, c->orders, where)});
    } catch (const Error& err) {
      v.refused = err.what();
    }
    rules::Checked checked;
    for (const auto& o : orders)
      checked.echo.insert(checked.echo.end(), o.checked.echo.begin(), o.checked.echo.end());
    ++d.compared;
    if (!v.refused.empty()) {
      ++d.differing;
      if (!d.first) d.first = v;
      d.stopped = "the orders of adjudication " + std::to_string(c->t) +
                  " are refused under version " + std::to_string(d.latest);
      return;
    }
    // An NMR adjudication's echo opens with the line that says so.
    std::string nmr = nmr_echo_line(ph.side);
    if (!ph.simultaneous() && !c->echo.empty() && c->echo.front() == nmr)
      checked.echo.insert(checked.echo.begin(), nmr);
    ledger::SeededDice dice(ledger::from_hex(read_adjudication(e.body, "adjudication").seed));
    Json events;
    try {
      events = ph.simultaneous() ? latest.adjudicate_phase(state, orders, dice)
                                 : latest.adjudicate(state, orders.front().checked, dice);
    } catch (const Error& err) {
      ++d.differing;
      v.refused = err.what();
      if (!d.first) d.first = v;
      d.stopped = "adjudication " + std::to_string(c->t) + " fails under version " +
                  std::to_string(d.latest);
      return;
    }
    model::State after = apply_adjudication(latest, state, events);
    bool echo_differs = checked.echo != c->echo;
    bool events_differ = ledger::canonical(events) != ledger::canonical(c->events);
    bool state_differs = after.hash() != c->after.hash();
    if (echo_differs || events_differ || state_differs) {
      ++d.differing;
      if (echo_differs) {
        v.echo_logged = c->echo;
        v.echo_latest = checked.echo;
      }
      event_diff(c->events, events, v.removed, v.added);
      v.state_logged = c->after.hash();
      v.state_latest = after.hash();
      if (!d.first) d.first = v;
    }
    state = std::move(after);
  }
  d.result_latest = state.result;
  d.vp_latest = state.vp;
}

std::string quoted_or_none(const std::string& result) {
  return result.empty() ? "none yet" : in_quotes(result);
}

std::string vp_line(const std::map<std::string, int>& vp) {
  std::string out;
  for (const auto& [side, n] : vp)
    out += (out.empty() ? "" : ", ") + side + " " + std::to_string(n);
  return out.empty() ? "no VP" : out;
}

Json divergence_json(const Divergence& v) {
  Json j = {{"t", v.t}, {"seq", v.seq}, {"turn", v.turn}, {"phase", v.phase}};
  if (!v.refused.empty()) {
    j["refused"] = v.refused;
    return j;
  }
  if (!v.echo_logged.empty() || !v.echo_latest.empty())
    j["echo"] = {{"logged", v.echo_logged}, {"latest", v.echo_latest}};
  j["removed"] = v.removed;
  j["added"] = v.added;
  j["state"] = {{"logged", v.state_logged}, {"latest", v.state_latest}};
  return j;
}

}  // namespace

RulesDiff rules_diff(const fs::path& dir) {
  RulesDiff d;
  d.path = dir;
  std::error_code ec;
  if (!fs::exists(dir / "log.jsonl", ec)) {
    d.status = "failed";
    d.error_id = "rules_diff.not_found";
    d.message = dir.string() + ": not a game archive (no log.jsonl)";
    d.exit_code = int(Exit::kBadInput);
    return d;
  }
  try {
    Archive archive = Archive::open(dir);
    d.ruleset = archive.ruleset().id();
    d.pinned = archive.ruleset().version();
    check_genesis(archive);
    Replay replay(archive, true);
    replay.run();
    d.adjudications = replay.adjudications();
    d.result_logged = replay.state().result;
    d.vp_logged = replay.state().vp;
    Json scenario = ledger::parse_strict(read_file(dir / "scenario.json", kMaxJsonFile),
                                         (dir / "scenario.json").string());
    auto latest = rules::make_ruleset(scenario, (dir / "scenario.json").string(), 0);
    d.latest = latest->version();
    if (d.latest == d.pinned) {
      d.status = "current";
      return d;
    }
    walk(archive, replay, *latest, d);
    d.status = d.first ? "changed" : "unchanged";
  } catch (const Error& e) {
    failed(d, e);
  }
  return d;
}

RulesDiffSummary rules_diff_many(const std::vector<fs::path>& archives) {
  RulesDiffSummary s;
  bool tampered = false, newer = false, missing = false;
  for (const auto& path : archives) {
    s.games.push_back(rules_diff(path));
    const RulesDiff& d = s.games.back();
    if (d.status == "changed") ++s.changed;
    if (d.status == "unchanged") ++s.unchanged;
    if (d.status == "current") ++s.current;
    if (d.status == "failed") {
      ++s.failed;
      tampered = tampered || d.exit_code == int(Exit::kVerifyFailed);
      newer = newer || d.exit_code == int(Exit::kRulesetVersion);
      missing = missing || d.exit_code == int(Exit::kBadInput);
    }
  }
  s.exit_code = tampered ? 3 : newer ? 5 : missing ? 1 : 0;
  return s;
}

Json RulesDiff::to_json() const {
  Json j = {{"path", path.string()}, {"status", status}};
  if (status == "failed") {
    j["error"] = {{"id", error_id}, {"message", message}, {"exit", exit_code}};
    return j;
  }
  j["ruleset"] = ruleset;
  j["pinned"] = pinned;
  j["latest"] = latest;
  j["adjudications"] = adjudications;
  if (status == "current") return j;
  j["compared"] = compared;
  j["differing"] = differing;
  if (first) j["first"] = divergence_json(*first);
  if (!stopped.empty()) j["stopped"] = stopped;
  j["result"] = {{"logged", result_logged}};
  j["vp"] = {{"logged", vp_logged}};
  if (stopped.empty()) {
    j["result"]["latest"] = result_latest;
    j["vp"]["latest"] = vp_latest;
  }
  return j;
}

std::string RulesDiff::text() const {
  std::string p = printable(path.string());
  if (status == "failed")
    return "FAIL       " + p + ": [" + error_id + "] " + printable(message) + "\n";
  std::string versions = ruleset + " version " + std::to_string(pinned);
  if (status == "current") return "current    " + p + ": pinned " + versions + ", the latest\n";
  versions += " -> " + std::to_string(latest);
  if (status == "unchanged")
    return "unchanged  " + p + ": " + versions + ", " + std::to_string(compared) +
           " adjudications alike\n";
  std::string out = "changed    " + p + ": " + versions + "\n";
  const Divergence& v = *first;
  out += "  first at adjudication " + std::to_string(v.t) + " (log line " + std::to_string(v.seq) +
         ", turn " + std::to_string(v.turn) + ", " + v.phase + ")\n";
  if (!v.refused.empty()) {
    out +=
        "    refused under version " + std::to_string(latest) + ": " + printable(v.refused) + "\n";
  } else {
    if (!v.echo_logged.empty() || !v.echo_latest.empty()) {
      for (const auto& l : v.echo_logged) out += "    echo - " + printable(l) + "\n";
      for (const auto& l : v.echo_latest) out += "    echo + " + printable(l) + "\n";
    }
    for (const auto& e : v.removed) out += "    - " + printable(e.dump()) + "\n";
    for (const auto& e : v.added) out += "    + " + printable(e.dump()) + "\n";
    if (v.state_logged != v.state_latest)
      out += "    state " + v.state_logged.substr(0, 16) + " -> " + v.state_latest.substr(0, 16) +
             "\n";
  }
  out += "  " + std::to_string(differing) + " of " + std::to_string(compared) +
         " adjudications compared differ";
  if (!stopped.empty()) return out + "; stopped: " + stopped + "\n";
  out += "; result " + quoted_or_none(result_logged) + " (" + vp_line(vp_logged) + ") -> " +
         quoted_or_none(result_latest) + " (" + vp_line(vp_latest) + ")\n";
  return out;
}

Json summary_json(const RulesDiffSummary& s) {
  Json games = Json::array();
  for (const auto& d : s.games) games.push_back(d.to_json());
  return {{"games", games},       {"changed", s.changed}, {"unchanged", s.unchanged},
          {"current", s.current}, {"failed", s.failed},   {"exit", s.exit_code}};
}

}  // namespace adjutant::game
