// docs/protocol.md 10b names, for each promise of the threat model, the
// tests that check it: a file, then the quoted names of its TEST_CASEs and
// SECTIONs in the last column of each table row. Each must exist, so a test
// renamed or removed is noticed where the promise is written.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;

namespace {

// The file's text with adjacent string literals ("a" "b", over lines)
// joined into one, as the compiler joins them; comments left out.
std::string joined_literals(const fs::path& file) {
  const std::string text = adjutant::read_file(file, 1u << 22);
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      i = std::min(text.find('\n', i), text.size()) - 1;
      continue;
    }
    if (c == '"' && i > 0 && text[i - 1] == 'R') {  // a raw string, R"(...)"
      std::size_t close = text.find(")\"", i);
      out += text.substr(i, close + 2 - i);
      i = close + 1;
      continue;
    }
    out += c;
    if (c != '"' && c != '\'') continue;
    // A literal: copied up to its closing quote, escapes and all.
    for (++i; i < text.size(); ++i) {
      out += text[i];
      if (text[i] == '\\') {
        out += text[++i];
      } else if (text[i] == c) {
        std::size_t j = i + 1;
        while (c == '"' && j < text.size() && (text[j] == ' ' || text[j] == '\n')) ++j;
        if (c != '"' || j == i + 1 || j >= text.size() || text[j] != '"') break;
        out.pop_back();  // "...a"  "b..." -> "...ab..."
        i = j;
      }
    }
  }
  return out;
}

// True when `name` is the name of a TEST_CASE or a SECTION of `text`.
bool names_a_test(const std::string& text, const std::string& name) {
  std::string quoted = "\"" + name + "\"";
  for (std::size_t at = text.find(quoted); at != std::string::npos;
       at = text.find(quoted, at + 1)) {
    std::size_t k = at;
    while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\n')) --k;
    for (const std::string head : {"TEST_CASE(", "SECTION("})
      if (k >= head.size() && text.compare(k - head.size(), head.size(), head) == 0) return true;
  }
  return false;
}

struct Reference {
  std::string file;
  std::string name;  // empty: the file alone
  std::string row;
};

// Every test named in the last cell of the rows of section 10b.
std::vector<Reference> references(const std::string& doc) {
  std::size_t from = doc.find("\n## 10b. Threat model");
  std::size_t to = doc.find("\n## 11.", from);
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  std::vector<Reference> out;
  std::size_t pos = from;
  while (pos < to) {
    std::size_t end = doc.find('\n', pos + 1);
    std::string row = doc.substr(pos + 1, end - pos - 1);
    pos = end;
    if (row.rfind("| ", 0) != 0 || row.find("---") != std::string::npos) continue;
    std::size_t last = row.rfind('|', row.size() - 2);
    std::string cell = row.substr(last + 1);
    std::string file;
    for (std::size_t i = 0; i < cell.size(); ++i) {
      if (cell[i] == '`') {
        std::size_t close = cell.find('`', i + 1);
        std::string path = cell.substr(i + 1, close - i - 1);
        if (path.rfind("tests/", 0) == 0) {
          file = path;
          out.push_back({file, "", row});
        }
        i = close;
      } else if (cell[i] == '"') {
        std::size_t close = cell.find('"', i + 1);
        out.push_back({file, cell.substr(i + 1, close - i - 1), row});
        i = close;
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("every test docs/protocol.md 10b names exists", "[ledger][protocol]") {
  std::string doc =
      adjutant::read_file(adjutant::testing::source_dir() / "docs" / "protocol.md", 1u << 22);
  auto refs = references(doc);
  std::set<std::string> files;
  int names = 0;
  for (const auto& r : refs) {
    INFO(r.row);
    REQUIRE_FALSE(r.file.empty());  // a name before any file
    CHECK(fs::exists(adjutant::testing::source_dir() / r.file));
    files.insert(r.file);
    if (r.name.empty()) continue;
    ++names;
    REQUIRE(r.file.size() > 4);
    CHECK(r.file.compare(r.file.size() - 4, 4, ".cpp") == 0);
    if (fs::exists(adjutant::testing::source_dir() / r.file))
      CHECK(names_a_test(joined_literals(adjutant::testing::source_dir() / r.file), r.name));
  }
  // The section names tests of each kind of promise, not a handful.
  CHECK(files.size() >= 20);
  CHECK(names >= 60);
  // The check itself: a name no test has is found missing.
  CHECK_FALSE(names_a_test(
      joined_literals(adjutant::testing::source_dir() / "tests/unit/game_tamper_test.cpp"),
      "tamper matrix: verify catches each change"));
  CHECK(names_a_test(
      joined_literals(adjutant::testing::source_dir() / "tests/unit/game_tamper_test.cpp"),
      "flip one byte in a log line"));
}
