#include "game/archive.h"

#include <cstdio>

#include "game/genesis.h"
#include "game/log.h"
#include "game/ruling.h"
#include "ledger/digest.h"
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

std::pair<std::string, int> pinned_ruleset(const Json& genesis, const std::string& source) {
  const Json* r = genesis.is_object() && genesis.contains("ruleset") ? &genesis["ruleset"] : nullptr;
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
  return a;
}

Archive Archive::open_partial(const fs::path& dir, int& bad_line, std::string& problem) {
  if (!fs::exists(dir / "log.jsonl"))
    throw Error("archive.not_found", dir.string() + ": not a game archive (no log.jsonl)",
                Exit::kBadInput);
  Archive a;
  a.dir_ = dir;
  a.log_ = read_log_partial(dir / "log.jsonl", bad_line, problem);
  if (a.log_.empty() || a.log_[0].kind != "genesis")
    throw Error("log.no_genesis", dir.string() + ": the log does not start with a genesis entry",
                Exit::kVerifyFailed);
  a.genesis_ = a.log_[0].body;
  std::string scenario_file = (dir / "scenario.json").string();
  Json scenario = ledger::parse_strict(read_file(dir / "scenario.json"), scenario_file);
  a.scenario_ =
      std::make_shared<model::Scenario>(model::Scenario::from_json(scenario, scenario_file));
  // The rules run at the version genesis pinned, so an old archive is
  // adjudicated and verified exactly as the release that made it did.
  auto [id, version] = pinned_ruleset(a.genesis_, (dir / "log.jsonl").string());
  if (id != a.scenario_->ruleset)
    throw Error("archive.ruleset",
                dir.string() + ": genesis names ruleset \"" + id + "\" but scenario.json is for \"" +
                    a.scenario_->ruleset + "\"",
                Exit::kVerifyFailed);
  a.ruleset_ = rules::make_ruleset(scenario, scenario_file, version);
  a.scenario_->rules_version = a.ruleset_->version();
  return a;
}

std::string Archive::game_id() const {
  return ledger::sha256_hex(ledger::canonical(genesis_));
}

std::string Archive::name() const {
  return genesis_.value("name", "");
}

bool Archive::has_umpire() const {
  return party("umpire").has_value();
}

std::vector<Party> Archive::parties() const {
  return genesis_parties(genesis_);
}

std::optional<Party> Archive::party(const std::string& id) const {
  for (const auto& p : parties())
    if (p.id == id) return p;
  return std::nullopt;
}

std::string Archive::adjudicator_for(const std::string& side) const {
  if (has_umpire()) return "umpire";
  return scenario_->other_side(side);
}

int Archive::deadline_hours() const {
  return genesis_.value("deadline_hours", 72);
}

std::vector<Adjudication> Archive::adjudications() const {
  std::vector<Adjudication> out;
  model::State state = ruleset_->initial_state();
  Json orders;  // the order body the next adjudication resolves
  for (const auto& e : log_) {
    if (e.kind == "orders") {
      orders = e.body.value("body", Json::object());
    } else if (e.kind == "ruling" && e.body.value("ruling", "") == "nmr") {
      orders = nmr_orders();
    } else if (e.kind == "end") {
      state = apply_end(state, e.body);
    } else if (e.kind == "adjudication") {
      Adjudication a;
      a.seq = e.seq;
      a.t = e.body.value("t", 0);
      a.orders_seq = e.body.value("orders", 0);
      a.turn = e.body.value("turn", 0);
      a.phase = e.body.value("phase", "");
      a.adjudicator = e.body.value("adjudicator", "");
      a.at = e.body.value("at", "");
      a.orders = orders;
      a.events = e.body.value("events", Json::array());
      a.rolls = e.body.value("rolls", Json::array());
      for (const auto& line : e.body.value("echo", Json::array())) a.echo.push_back(line);
      a.before = state;
      state = apply_adjudication(*ruleset_, state, a.events);
      a.after = state;
      out.push_back(std::move(a));
      orders = Json();
    }
  }
  return out;
}

model::State Archive::state_at(int seq) const {
  if (seq >= int(log_.size()))
    throw Error("replay.bad_line",
                "line " + std::to_string(seq) + " is past the end of the log (" +
                    std::to_string(log_.size()) + " lines)",
                Exit::kUsage);
  model::State state = ruleset_->initial_state();
  for (const auto& e : log_) {
    if (seq >= 0 && e.seq > seq) break;
    if (e.kind == "adjudication")
      state = apply_adjudication(*ruleset_, state, e.body.value("events", Json::array()));
    else if (e.kind == "end")
      state = apply_end(state, e.body);
  }
  return state;
}

}  // namespace adjutant::game
