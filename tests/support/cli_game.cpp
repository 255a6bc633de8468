#include "support/cli_game.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "util/files.h"

namespace fs = std::filesystem;

namespace adjutant::testing {

namespace {

using ledger::Json;

void require(const Run& r, const std::string& step) {
  if (r.exit != 0)
    throw std::runtime_error(step + " exited " + std::to_string(r.exit) + ":\n" + r.out + r.err);
}

// The adjudications' turn folders, in order.
std::vector<fs::path> adjudications(const fs::path& dir) {
  std::vector<fs::path> turns;
  for (const auto& e : fs::directory_iterator(dir / "turns"))
    if (fs::exists(e.path() / "events.json")) turns.push_back(e.path());
  std::sort(turns.begin(), turns.end());
  return turns;
}

}  // namespace

CliGame::CliGame(const fs::path& work, const std::string& name, const std::string& scenario)
    : work_(work), secrets_(work / "secrets") {
  fs::path keys = source_dir() / "samples" / "keys";
  for (std::string side : {"union", "confederate"}) {
    fs::copy_file(keys / (side + ".key"), work_ / (side + ".key"));
    Json chain = Json::parse(read_file(keys / "chains" / "skirmish-noumpire" / (side + ".chain")));
    chain.erase("game");
    chain.erase("party");
    write_file_atomic(work_ / (side + ".key.chain"), chain.dump(), 0600);
    fs::permissions(work_ / (side + ".key"), fs::perms::owner_read | fs::perms::owner_write);
    require(run_adjutant("join --chain " + side + ".key.chain --game " + name + " --side " + side +
                             " --name " + side + " --email " + side + "@example.org --key " + side +
                             ".key --out " + side + ".card.json",
                         work_),
            "join " + side);
  }
  auto n = run_adjutant("new game --name " + name + " --scenario '" +
                            (source_dir() / "scenarios" / scenario).string() +
                            "' --card union.card.json --card confederate.card.json --key union.key "
                            "--created 2026-11-01T09:00:00Z",
                        work_);
  require(n, "new");
  created_ = n.out;
}

std::string CliGame::sign(const std::string& side, const Json& orders, bool force) {
  std::string file = side + "-" + std::to_string(day_) + ".json";
  std::ofstream(work_ / file) << orders.dump(2);
  require(run_adjutant("sign " + file + " --game game --key " + side + ".key --out signed-" + file +
                           (force ? " --force" : ""),
                       work_),
          "sign " + file);
  return "signed-" + file;
}

std::string CliGame::play(const std::string& side, const Json& orders) {
  std::string other = side == "union" ? "confederate" : "union";
  std::string file = sign(side, orders);
  auto c = run_adjutant("check game " + file, work_);
  require(c, "check " + file);
  require(run_adjutant("adjudicate game " + file + " --key " + other + ".key --chain " + other +
                           ".key.chain --at 2026-11-" + (day_ < 10 ? "0" : "") +
                           std::to_string(day_) + "T18:00:00Z",
                       work_),
          "adjudicate " + file);
  ++day_;
  return c.out;
}

Json CliGame::state() const {
  return Json::parse(read_file(dir() / "state.json"));
}

Json CliGame::events() const {
  Json all = Json::array();
  for (const auto& t : adjudications(dir()))
    for (const auto& e : Json::parse(read_file(t / "events.json"))) all.push_back(e);
  return all;
}

Json CliGame::last_events() const {
  auto turns = adjudications(dir());
  if (turns.empty()) return Json::array();
  return Json::parse(read_file(turns.back() / "events.json"));
}

const Json* find_event(const Json& events, const std::string& type, const std::string& unit) {
  for (const auto& e : events)
    if (e.value("type", "") == type && (unit.empty() || e.value("unit", "") == unit)) return &e;
  return nullptr;
}

}  // namespace adjutant::testing
