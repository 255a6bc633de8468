// The JSON Schemas in schemas/ describe what adjutant really reads and writes:
// tests/tools/validate_schemas.py checks every scenario, sample order file,
// case file and sample archive, plus a game archive made fresh by the CLI
// (genesis, every log line, inbox, state and events); and it refuses a
// scenario with a field the scenario reader would refuse.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/cli_harness.h"

namespace fs = std::filesystem;
using adjutant::testing::make_sample_game;
using adjutant::testing::TempDir;

namespace {

struct Validation {
  int exit = -1;
  std::string output;
};

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string slurp(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the validator from the source folder with `args`; its output goes to
// a file in `scratch` and is returned with the exit code.
Validation validate(const std::string& args, const fs::path& scratch) {
  fs::path out = scratch / "validate_schemas.out";
  std::string command = "cd " + quoted(ADJUTANT_SOURCE_DIR) +
                        " && /usr/bin/python3 tests/tools/validate_schemas.py " + args + " > " +
                        quoted(out.string()) + " 2>&1";
  int status = std::system(command.c_str());
  Validation v;
  v.exit = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  v.output = slurp(out);
  return v;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("every file adjutant reads or writes matches its schema", "[model][schema][slow]") {
  TempDir tmp("schema");
  fs::path game = tmp.path() / "game";
  make_sample_game(game, false);

  Validation v = validate(quoted(game.string()), tmp.path());
  INFO(v.output);
  REQUIRE(v.exit == 0);
  CHECK(has(v.output, "ok   self-check"));
  CHECK(has(v.output, " 0 failed"));
  // The fresh archive was read in full: genesis, scenario, state, each log
  // line (genesis, then orders and adjudication for both player-turns),
  // the order files kept in inbox/ and each adjudication's events.
  const std::string archive = game.string() + "/";
  CHECK(has(v.output, "ok   " + archive + "game.json (genesis.schema.json)"));
  CHECK(has(v.output, "ok   " + archive + "scenario.json (scenario.schema.json)"));
  CHECK(has(v.output, "ok   " + archive + "state.json (state.schema.json)"));
  for (int line = 0; line <= 4; ++line)
    CHECK(has(v.output, "ok   " + archive + "log.jsonl:" + std::to_string(line) +
                            " (log-entry.schema.json)"));
  CHECK(has(v.output, "ok   " + archive + "inbox/"));
  CHECK(has(v.output, "events.json (events.schema.json)"));
  CHECK(has(v.output, "ok   scenarios/bluegray-skirmish.json (scenario.schema.json)"));
  CHECK(has(v.output, "ok   scenarios/table/chaos-meeting.json (chaos-scenario.schema.json)"));
}

TEST_CASE("the schema check refuses a scenario with an unknown top-level field",
          "[model][schema]") {
  TempDir tmp("schema-scenario");
  nlohmann::json scenario = nlohmann::json::parse(
      slurp(fs::path(ADJUTANT_SOURCE_DIR) / "scenarios" / "bluegray-skirmish.json"));

  fs::path good = tmp.path() / "good.json";
  std::ofstream(good) << scenario.dump(2) << "\n";
  Validation ok = validate("--only --scenario " + quoted(good.string()), tmp.path());
  INFO(ok.output);
  REQUIRE(ok.exit == 0);
  CHECK(has(ok.output, "1 passed, 0 failed"));

  scenario["weather"] = "rain";
  fs::path bad = tmp.path() / "bad.json";
  std::ofstream(bad) << scenario.dump(2) << "\n";
  Validation v = validate("--only --scenario " + quoted(bad.string()), tmp.path());
  INFO(v.output);
  REQUIRE(v.exit == 1);
  CHECK(has(v.output, "FAIL " + bad.string() + " (scenario.schema.json): /: "));
  CHECK(has(v.output, "'weather' was unexpected"));
  CHECK(has(v.output, "0 passed, 1 failed"));
}
