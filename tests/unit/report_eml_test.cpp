#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "report/eml.h"
#include "report/mime_write.h"
#include "report/turn_outputs.h"
#include "report_fixture.h"
#include "util/error.h"
#include "util/files.h"

using namespace adjutant;
using namespace adjutant::report;
using adjutant::testing::fake_png;
using adjutant::testing::FakeGame;
using adjutant::testing::run;
using adjutant::testing::temp_folder;
using adjutant::testing::tool;
namespace fs = std::filesystem;

namespace {

std::string header_block(const std::string& eml) {
  return eml.substr(0, eml.find("\r\n\r\n"));
}

}  // namespace

TEST_CASE("MIME encodings keep to their line limits", "[report][mime]") {
  std::string b = base64_lines(std::string(200, 'x'));
  CHECK(b.substr(0, 78).find("\r\n") == 76);
  CHECK(b.size() == 268 + 4 * 2);

  std::string qp = quoted_printable("From here = there \nline two\t\n" + std::string(100, 'a') +
                                    "\n\xc3\xa9t\xc3\xa9\n");
  CHECK(qp.rfind("=46rom here =3D there=20\r\nline two=09\r\n", 0) == 0);
  CHECK(qp.find("=C3=A9t=C3=A9\r\n") != std::string::npos);
  std::size_t start = 0;
  while (start < qp.size()) {
    std::size_t end = qp.find("\r\n", start);
    REQUIRE(end != std::string::npos);
    CHECK(end - start <= 76);
    start = end + 2;
  }

  CHECK(header_text("Subject", "plain words") == "Subject: plain words\r\n");
  CHECK(header_address("To", "Robert E. Lee", "lee@example.org") ==
        "To: \"Robert E. Lee\" <lee@example.org>\r\n");
  CHECK(header_address("To", "", "lee@example.org") == "To: <lee@example.org>\r\n");
  std::string encoded = header_address("To", "Zo\u00eb", "z@example.org");
  CHECK(encoded == "To: =?utf-8?B?Wm/Dqw==?= <z@example.org>\r\n");
  for (const char* bad : {"", "no-at", "a@b\r\nBcc: x@y", "<a@b>", "a b@c", "a@b@c"}) {
    INFO(bad);
    CHECK_THROWS_AS(check_address(bad), Error);
  }
  CHECK(header_text("Subject", "a\r\nBcc: evil@example.org") ==
        "Subject: a Bcc: evil@example.org\r\n");
}

TEST_CASE("the same adjudication gives the same mail bytes", "[report][eml]") {
  FakeGame g;
  fs::path dir = temp_folder("eml-same");
  write_file_atomic(dir / "map-union.png", fake_png());
  ReportInput in{g.facts, g.adj, "union"};
  std::string a = build_eml(in, g.facts.parties[1], dir);
  std::string b = build_eml(in, g.facts.parties[1], dir);
  CHECK(a == b);
  // CRLF throughout, no line above 78 characters.
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] == '\n') REQUIRE((i > 0 && a[i - 1] == '\r'));
  std::size_t start = 0;
  while (start < a.size()) {
    std::size_t end = a.find("\r\n", start);
    CHECK(end - start <= 78);
    start = end + 2;
  }
  std::string head = header_block(a);
  CHECK(head.find("Date: Wed, 01 May 2024 12:00:00 +0000\r\n") != std::string::npos);
  // One Message-ID per post (the adjudication's log line) and recipient.
  CHECK(head.find("Message-ID: <2.confederate.union.3f2a9c00d1e2b3c4@adjutant.invalid>\r\n") !=
        std::string::npos);
  CHECK(head.find("From: Robert Lee") == std::string::npos);  // the adjudicator is union
  CHECK(head.find("<zoe@example.org>") != std::string::npos);
  CHECK(head.find("=?utf-8?B?") != std::string::npos);
  CHECK(head.find("\u00eb") == std::string::npos);

  // Another input changes the boundaries, which come from the content.
  g.adj.events[0]["mp"] = 3;
  std::string c = build_eml(in, g.facts.parties[1], dir);
  CHECK(c != a);
  auto boundary = [](const std::string& m) {
    std::size_t at = m.find("boundary=\"");
    return m.substr(at, m.find('"', at + 10) - at);
  };
  CHECK(boundary(c) != boundary(a));
  fs::remove_all(dir);
}

TEST_CASE("Python's email package reads every mail back", "[report][eml][python]") {
  REQUIRE(fs::exists("/usr/bin/python3"));
  FakeGame g;
  fs::path dir = temp_folder("eml-python");
  std::string png = fake_png();
  write_file_atomic(dir / "map-union.png", png);
  std::vector<fs::path> written = write_turn_outputs(g.facts, g.adj, dir);
  CHECK(written.size() == 6);
  for (const char* side : {"confederate", "union"}) {
    INFO(side);
    fs::path eml = dir / ("mail-" + std::string(side) + ".eml");
    REQUIRE(fs::exists(eml));
    REQUIRE(fs::exists(dir / ("report-" + std::string(side) + ".txt")));
    REQUIRE(fs::exists(dir / ("report-" + std::string(side) + ".html")));
    fs::path out = dir / ("py-" + std::string(side));
    std::string json;
    REQUIRE(
        run("/usr/bin/python3 " + tool("parse_eml.py") + " " + eml.string() + " " + out.string(),
            &json) == 0);
    auto r = nlohmann::json::parse(json);
    INFO(json);
    CHECK(r["defects"].empty());
    bool has_map = std::string(side) == "union";
    // The map, where there is one, is shown in the HTML: multipart/related.
    std::vector<std::string> head = {"multipart/mixed"};
    if (has_map) head.push_back("multipart/related");
    for (const char* t : {"multipart/alternative", "text/plain", "text/html"}) head.push_back(t);
    for (std::size_t i = 0; i < head.size(); ++i) CHECK(r["structure"][i] == head[i]);
    // From: the party that signed the adjudication, the union.
    CHECK(r["from_addresses"][0]["name"] == g.facts.parties[1].name);
    CHECK(r["from_addresses"][0]["address"] == "zoe@example.org");
    const game::Party& p = std::string(side) == "union" ? g.facts.parties[1] : g.facts.parties[0];
    CHECK(r["to_addresses"][0]["name"] == p.name);
    CHECK(r["to_addresses"][0]["address"] == p.email);
    CHECK(r["headers"]["subject"] ==
          "[Ely's Mill] turn 1, Confederate player-turn: report for " + g.facts.side_name(side));
    CHECK(r["headers"]["date"] == "Wed, 01 May 2024 12:00:00 +0000");
    std::string text = read_file(out / (std::string(has_map ? "part-3" : "part-2") + "-plain.txt"));
    text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
    CHECK(text.rfind(read_file(dir / ("report-" + std::string(side) + ".txt")).substr(0, 200), 0) ==
          0);
    CHECK(read_file(out / "state.json").find("\"units\"") != std::string::npos);
    if (has_map) {
      CHECK(r["structure"].size() == 7);  // mixed, related, alternative, text, html, png, state
      CHECK(read_file(out / "map-union.png") == png);
      // The HTML shows the map from the mail itself.
      CHECK(read_file(out / "part-4-html.txt").find("src=\"cid:map-union.png\"") !=
            std::string::npos);
    } else {
      CHECK(r["structure"].size() == 5);  // no map was drawn for this side
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("munpack extracts the map byte for byte", "[report][eml][munpack]") {
  REQUIRE(fs::exists("/usr/bin/munpack"));
  FakeGame g;
  fs::path dir = temp_folder("eml-munpack");
  std::string png = fake_png();
  write_file_atomic(dir / "map-confederate.png", png);
  write_turn_outputs(g.facts, g.adj, dir);
  fs::path out = dir / "munpack";
  fs::create_directories(out);
  std::string log;
  REQUIRE(run("cd " + out.string() + " && munpack -t " + (dir / "mail-confederate.eml").string() +
                  " 2>&1",
              &log) == 0);
  INFO(log);
  REQUIRE(fs::exists(out / "map-confederate.png"));
  CHECK(read_file(out / "map-confederate.png") == png);
  REQUIRE(fs::exists(out / "state.json"));
  CHECK(read_file(out / "state.json").rfind("{", 0) == 0);
  fs::remove_all(dir);
}
