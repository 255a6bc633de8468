// The manual pages are the program's own --help: the build writes them with
// `adjutant help --man-dir` (packaging/install.cmake), and here each page is
// read back as text and must hold, word for word, the description and every
// option of `adjutant CMD --help`; there is one page per command, and man
// renders each without a warning.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_harness.h"
#include "util/files.h"

namespace {

namespace fs = std::filesystem;
using adjutant::testing::run_adjutant;

fs::path man_dir() {
  return fs::path(ADJUTANT_BINARY).parent_path() / "man";
}

// Words separated by single spaces.
std::string squeezed(const std::string& text) {
  std::istringstream in(text);
  std::string out, w;
  while (in >> w) out += (out.empty() ? "" : " ") + w;
  return out;
}

// A page's text: requests dropped (the words of .B, .BR, .TP, .SH lines
// kept), escapes undone.
std::string page_text(const std::string& roff) {
  std::istringstream in(roff);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(".\\\"", 0) == 0) continue;
    if (line.rfind(".", 0) == 0) {
      std::size_t space = line.find(' ');
      if (space == std::string::npos) continue;
      line = line.substr(space + 1);
    }
    line = std::regex_replace(line, std::regex(R"(\\f[BIR])"), "");
    line = std::regex_replace(line, std::regex(R"(\\-)"), "-");
    line = std::regex_replace(line, std::regex(R"(\\&)"), "");
    line = std::regex_replace(line, std::regex(R"(\\e)"), "\\");
    out += line + "\n";
  }
  return squeezed(out);
}

// The commands `adjutant --help` lists.
std::vector<std::string> commands() {
  auto r = run_adjutant("--help");
  std::vector<std::string> names;
  std::istringstream in(r.out.substr(r.out.find("commands:")));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line) && line.rfind("  ", 0) == 0) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.push_back(name);
  }
  return names;
}

// Checks that the page holds a --help text's description lines and every
// option with its description, in words.
void check_help_in_page(const std::string& help, const std::string& page) {
  std::size_t usage = help.find("\nUsage:\n");
  REQUIRE(usage != std::string::npos);
  CHECK(page.find(squeezed(help.substr(0, usage))) != std::string::npos);
  std::istringstream in(help.substr(usage));
  std::string line, option;
  auto flush = [&] {
    if (option.empty()) return;
    INFO("option: " << option);
    CHECK(page.find(squeezed(option)) != std::string::npos);
    option.clear();
  };
  for (int skip = 0; skip < 3 && std::getline(in, line); ++skip) {
  }
  while (std::getline(in, line)) {
    if (line.rfind("  -", 0) == 0 || line.rfind("      --", 0) == 0) flush();
    option += " " + line;
  }
  flush();
}

}  // namespace

TEST_CASE("each command's manual page holds its --help, word for word", "[cli][man]") {
  auto names = commands();
  REQUIRE(names.size() > 20);
  std::size_t pages = 0;
  for (const auto& e : fs::directory_iterator(man_dir()))
    if (e.path().extension() == ".1") ++pages;
  CHECK(pages == names.size() + 1);
  for (const auto& name : names) {
    INFO("adjutant " << name);
    fs::path file = man_dir() / ("adjutant-" + name + ".1");
    REQUIRE(fs::is_regular_file(file));
    CHECK(fs::is_regular_file(file.string() + ".gz"));
    std::string page = page_text(adjutant::read_file(file));
    auto help = run_adjutant(name + " --help");
    REQUIRE(help.exit == 0);
    if (help.out.find("\nUsage:\n") != std::string::npos) {
      check_help_in_page(help.out, page);
      continue;
    }
    // A command of subcommands (mail): each one's help is in the page.
    std::smatch m;
    std::string rest = help.out;
    int subcommands = 0;
    while (std::regex_search(rest, m, std::regex("adjutant " + name + " ([a-z]+) "))) {
      auto sub = run_adjutant(name + " " + m[1].str() + " --help");
      INFO("adjutant " << name << " " << m[1].str());
      check_help_in_page(sub.out, page);
      ++subcommands;
      rest = m.suffix();
    }
    CHECK(subcommands > 0);
  }
  // adjutant(1): every command with its summary, and the exit codes.
  std::string top = page_text(adjutant::read_file(man_dir() / "adjutant.1"));
  auto usage = run_adjutant("--help").out;
  for (const auto& name : names) {
    std::string line = usage.substr(usage.find("\n  " + name + " ") + 3);
    line = squeezed(line.substr(name.size(), line.find('\n') - name.size()));
    CHECK(top.find("adjutant-" + name + " (1) " + line) != std::string::npos);
  }
  CHECK(top.find(squeezed(usage.substr(usage.find("exit codes:") + 11))) != std::string::npos);
}

TEST_CASE("adjutant help --man prints the page the build wrote", "[cli][man]") {
  auto r = run_adjutant("help --man verify");
  REQUIRE(r.exit == 0);
  CHECK(r.out == adjutant::read_file(man_dir() / "adjutant-verify.1"));
  CHECK(run_adjutant("help verify").out == run_adjutant("verify --help").out);
  CHECK(run_adjutant("help --man nosuch").exit == 2);
}

TEST_CASE("man renders every page without a warning", "[cli][man]") {
  if (adjutant::testing::run_command("command -v man").exit != 0) {
    WARN("man is not installed (man-db): the pages are not rendered");
    return;
  }
  for (const auto& e : fs::directory_iterator(man_dir())) {
    if (e.path().extension() != ".1") continue;
    INFO(e.path());
    auto r = adjutant::testing::run_command("MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l '" +
                                            e.path().string() + "' 2>&1 >/dev/null");
    CHECK(r.exit == 0);
    CHECK(r.out.empty());
  }
}
