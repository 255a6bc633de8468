// A hand-built game for report and mail tests: the training scenario, two
// players (one with a non-ASCII name), and one adjudication with a move, a
// reinforcement, a combat with its retreat and advance, an elimination and
// an event type no report knows.
#pragma once

#include <memory>

#include "rules/ruleset.h"

#include <unistd.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "ledger/jcs.h"
#include "report/report_input.h"
#include "rules/hexmap/scenario.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace adjutant::testing {

namespace fs = std::filesystem;
using ledger::Json;

struct FakeGame {
  rules::hexmap::Scenario scenario;
  std::unique_ptr<rules::Ruleset> ruleset;  // its events' words (rules/event_phrases.h)
  report::GameFacts facts;
  game::Adjudication adj;

  FakeGame(const FakeGame&) = delete;
  FakeGame() {
    fs::path file = fs::path(ADJUTANT_SOURCE_DIR) / "scenarios" / "bluegray-skirmish.json";
    ledger::Json json = ledger::parse_strict(read_file(file), file.string());
    scenario = rules::hexmap::Scenario::from_json(json, file.string());
    ruleset = rules::make_ruleset(json, file.string());
    facts.ruleset = ruleset.get();
    facts.game_id = std::string(64, 'a').replace(0, 16, "3f2a9c00d1e2b3c4");
    facts.name = "Ely's Mill";
    facts.folder = "ely-mill";
    facts.deadline_hours = 48;
    game::Party c;
    c.id = "confederate";
    c.name = "Robert Lee";
    c.email = "lee@example.org";
    game::Party u;
    u.id = "union";
    u.name = "Zo\u00eb \u00c5ngstr\u00f6m-M\u00fcller \u2014 Army of the Potomac";
    u.email = "zoe@example.org";
    facts.parties = {c, u};
    facts.line_hashes[2] = std::string(64, 'b').replace(0, 8, "c0ffee00");

    adj.t = 1;
    adj.seq = 2;
    adj.orders_seq = 1;
    adj.turn = 1;
    adj.phase = "confederate";
    adj.adjudicator = "union";
    adj.at = "2024-05-01T12:00:00Z";
    adj.echo = {"1/Heth moves 0401-0402-0403, 2 of 6 MP; attacks 0404 at 3-1",
                "2/Heth moves 0501-0502, 1 of 6 MP"};
    adj.events = Json::parse(R"J([
      {"type":"move","unit":"1/Heth","path":["0401","0402","0403"],"mp":2,"of":6},
      {"type":"move","unit":"2/Heth","path":["0501","0502"],"mp":1,"of":6},
      {"type":"enter","unit":"2/Pender","hex":"0101"},
      {"type":"combat","combat":"1.1","attackers":[{"unit":"1/Heth","hex":"0403","strength":12},
        {"unit":"2/Heth","hex":"0502","strength":10}],
       "defenders":[{"unit":"3/I","hex":"0404","strength":8}],"attack":22,"defence":8,
       "modifiers":["defender doubled: rough (TEC)"],"odds":"1-1","die":{"k":0,"value":4},
       "result":"Dr","rule":"8.1"},
      {"type":"retreat","unit":"3/I","from":"0404","to":"0405"},
      {"type":"advance","unit":"1/Heth","from":"0403","to":"0404"},
      {"type":"combat","combat":"1.2","attackers":[{"unit":"Jenkins","hex":"0902","strength":4}],
       "defenders":[{"unit":"Buford","hex":"1003","strength":5}],"attack":4,"defence":5,
       "modifiers":[],"odds":"1-2","die":{"k":1,"value":6},"result":"Ae","rule":"8.1"},
      {"type":"eliminate","unit":"Jenkins","hex":"0902","cause":"Ae"},
      {"type":"signal_flag","unit":"Pegram","colour":"red & <white>"},
      {"type":"phase_end","next_turn":1,"next_phase":"union"}
    ])J");
    for (const auto& u : scenario.units) {
      model::UnitState s;
      s.status = u.start ? model::UnitStatus::kActive : model::UnitStatus::kWaiting;
      s.location = u.start ? scenario.numbers().format(*u.start) : "";
      adj.before.units[u.id] = s;
    }
    adj.before.scenario = scenario.id;
    adj.before.phase = "confederate";
    adj.after = adj.before;
    adj.after.phase = "union";
    adj.after.adjudications = 1;
    adj.after.units["1/Heth"].location = "0404";
    adj.after.units["2/Heth"].location = "0502";
    adj.after.units["3/I"].location = "0405";
    adj.after.units["Jenkins"].status = model::UnitStatus::kEliminated;
    adj.after.units["Jenkins"].location = "";
    adj.after.vp = {{"confederate", 0}, {"union", 8}};
  }
};

// Bytes that start like a PNG and fill many base64 lines.
inline std::string fake_png() {
  std::string png = "\x89PNG\r\n\x1a\n";
  for (int i = 0; i < 3000; ++i) png += char((i * 37 + i / 7) & 0xff);
  return png;
}

// A fresh empty folder under the system temp folder, removed when the test
// program ends.
inline fs::path temp_folder(const std::string& name) {
  fs::path dir =
      fs::temp_directory_path() / ("adjutant-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  remove_at_exit(dir);
  return dir;
}

// Runs a shell command; returns its exit status and stdout.
inline int run(const std::string& command, std::string* out = nullptr) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buffer;
  std::string text;
  std::size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) text.append(buffer.data(), n);
  int status = ::pclose(pipe);
  if (out) *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string tool(const std::string& name) {
  return (fs::path(ADJUTANT_SOURCE_DIR) / "tests" / "tools" / name).string();
}

}  // namespace adjutant::testing
