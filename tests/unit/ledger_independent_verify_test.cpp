// The sample archives verify with tests/tools/independent_verify.py, a
// verifier written from docs/protocol.md alone (it shares no code with
// src/): the protocol document is enough to check a game.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = ADJUTANT_SOURCE_DIR;

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fresh, empty scratch folder, removed by the destructor.
struct ScratchDir {
  fs::path path;
  ScratchDir() {
    auto tick = std::chrono::steady_clock::now().time_since_epoch().count();
    path = fs::temp_directory_path() /
           ("adjutant-indep-" + std::to_string(::getpid()) + "-" + std::to_string(tick));
    fs::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

struct RunResult {
  int exit_code;
  std::string output;
};

// Runs the independent verifier on the given archive folders.
RunResult run_verifier(const std::vector<fs::path>& games, const fs::path& scratch) {
  std::string cmd =
      "/usr/bin/python3 " + shell_quote((kSource / "tests/tools/independent_verify.py").string());
  for (const auto& g : games) cmd += " " + shell_quote(g.string());
  fs::path out = scratch / "verifier.out";
  cmd += " > " + shell_quote(out.string()) + " 2>&1";
  int status = std::system(cmd.c_str());
  int code = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  return {code, slurp(out)};
}

}  // namespace

TEST_CASE("the sample archives pass the independent verifier", "[independent][ledger]") {
  std::vector<fs::path> games;
  for (const auto& e : fs::directory_iterator(kSource / "samples/games"))
    if (e.is_directory()) games.push_back(e.path());
  // The frozen archives of past ruleset versions too (samples/frozen/*/*).
  for (const auto& e : fs::recursive_directory_iterator(kSource / "samples/frozen"))
    if (e.is_directory() && fs::exists(e.path() / "log.jsonl")) games.push_back(e.path());
  std::sort(games.begin(), games.end());
  REQUIRE(!games.empty());

  ScratchDir scratch;
  RunResult r = run_verifier(games, scratch.path);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find(" test vectors: ") != std::string::npos);
  CHECK(r.output.find(std::to_string(games.size()) + " passed, 0 failed") != std::string::npos);
  for (const auto& g : games) CHECK(r.output.find("OK " + g.string() + ": ") != std::string::npos);
}

TEST_CASE("the independent verifier rejects a changed die", "[independent][ledger]") {
  ScratchDir scratch;
  fs::path game = scratch.path / "skirmish-noumpire";
  fs::copy(kSource / "samples/games/skirmish-noumpire", game, fs::copy_options::recursive);

  // Change the value "v" of the first logged die, and nothing else.
  fs::path log = game / "log.jsonl";
  std::string text = slurp(log);
  std::size_t pos = 0;
  bool changed = false;
  while (!changed && pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    REQUIRE(end != std::string::npos);
    std::string line = text.substr(pos, end - pos);
    std::size_t rolls = line.find("\"rolls\":[{");
    if (line.find("\"kind\":\"adjudication\"") != std::string::npos && rolls != std::string::npos) {
      std::size_t v = line.find("\"v\":", rolls);
      REQUIRE(v != std::string::npos);
      std::size_t digits = v + 4;
      std::size_t stop = line.find_first_not_of("0123456789", digits);
      REQUIRE(stop > digits);
      int old_value = std::stoi(line.substr(digits, stop - digits));
      int new_value = old_value == 1 ? 2 : old_value - 1;
      line.replace(digits, stop - digits, std::to_string(new_value));
      text.replace(pos, end - pos, line);
      changed = true;
    }
    pos = text.find('\n', pos) + 1;
  }
  REQUIRE(changed);
  {
    std::ofstream out(log, std::ios::binary | std::ios::trunc);
    out << text;
  }

  RunResult r = run_verifier({game}, scratch.path);
  INFO(r.output);
  CHECK(r.exit_code == 1);
  CHECK(r.output.find("FAIL " + game.string() + ": line ") != std::string::npos);
  CHECK(r.output.find("0 passed, 1 failed") != std::string::npos);
}
