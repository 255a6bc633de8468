#include <catch2/catch.hpp>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "mail/smtp_send.h"
#include "mail_servers.h"
#include "report/turn_outputs.h"
#include "report_fixture.h"
#include "util/error.h"
#include "util/files.h"

using namespace adjutant;
using namespace adjutant::mail;
using adjutant::testing::FakeGame;
using adjutant::testing::ServerProcess;
using adjutant::testing::temp_folder;
using adjutant::testing::tool;
namespace fs = std::filesystem;

namespace {

// Writes the outputs of adjudication t into GAME/turns/00t-<phase>/.
void adjudicate(FakeGame& g, const fs::path& game, int t, const std::string& phase) {
  g.adj.t = t;
  g.adj.seq = 2 * t;
  g.adj.phase = phase;
  char folder[32];
  std::snprintf(folder, sizeof folder, "%03d-%s", t, phase.c_str());
  fs::path turn = game / "turns" / folder;
  fs::create_directories(turn);
  write_file_atomic(turn / "map-union.png", testing::fake_png());
  report::write_turn_outputs(g.facts, g.adj, turn);
}

std::vector<fs::path> received(const fs::path& sink) {
  std::vector<fs::path> out;
  if (fs::exists(sink))
    for (const auto& f : fs::directory_iterator(sink))
      if (f.path().extension() == ".eml") out.push_back(f.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("mail send delivers each mail once and keeps it queued while the server is down",
          "[mail][smtp][server]") {
  REQUIRE(fs::exists("/usr/bin/python3"));
  {
    INFO("python3-aiosmtpd is missing: run `make deps`");
    REQUIRE(testing::run("/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null") == 0);
  }

  fs::path dir = temp_folder("smtp");
  fs::path game = dir / "game";
  fs::path sink = dir / "sink";
  FakeGame g;
  g.facts.host_email = "host@example.org";
  g.facts.host_name = "The Moderator";
  adjudicate(g, game, 1, "confederate");
  adjudicate(g, game, 2, "union");
  CHECK(queued_mail(game).size() == 4);

  int port = testing::free_port();
  SmtpOptions options;
  options.url = "smtp://127.0.0.1:" + std::to_string(port);
  options.timeout_seconds = 20;
  const std::vector<std::string> server = {"/usr/bin/python3", tool("smtp_sink.py"),
                                           std::to_string(port), sink.string()};
  {
    ServerProcess smtp;
    smtp.start(server, port);
    SendResult r = send_queued(game, options);
    CHECK(r.error_id == "");
    REQUIRE(r.sent.size() == 4);
    CHECK(r.queued.empty());
    CHECK(r.sent[0].relative == "turns/001-confederate/mail-confederate.eml");
    CHECK(r.sent[3].relative == "turns/002-union/mail-union.eml");

    // Oldest first, byte for byte, to the right envelope addresses.
    std::vector<fs::path> got = received(sink);
    REQUIRE(got.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
      INFO(r.sent[i].relative);
      CHECK(read_file(got[i]) == read_file(r.sent[i].file));
      auto envelope = nlohmann::json::parse(read_file(fs::path(got[i]).replace_extension(".json")));
      // From the party that signed the adjudication: the union (Zoe).
      CHECK(envelope["mail_from"] == "zoe@example.org");
      CHECK(envelope["rcpt_tos"] == nlohmann::json::array({r.sent[i].to[0]}));
    }
    std::string log = read_file(game / "mail" / "sent.jsonl");
    CHECK(std::count(log.begin(), log.end(), '\n') == 4);
    CHECK(log.find("<2.confederate.union.3f2a9c00d1e2b3c4@adjutant.invalid>") != std::string::npos);

    // A rerun sends nothing.
    SendResult again = send_queued(game, options);
    CHECK(again.sent.empty());
    CHECK(again.error_id == "");
    CHECK(received(sink).size() == 4);
  }

  // The server is down: nothing is lost, the run ends in exit 4.
  adjudicate(g, game, 3, "confederate");
  SendResult down = send_queued(game, options);
  CHECK(down.sent.empty());
  CHECK(down.queued.size() == 2);
  CHECK(down.error_id == "mail.smtp_unreachable");
  try {
    require_sent(down);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.id() == "mail.smtp_unreachable");
    CHECK(e.exit_code() == Exit::kEnvironment);
  }
  CHECK(queued_mail(game).size() == 2);

  // Back up: the queued mail goes, and only it.
  {
    ServerProcess smtp;
    smtp.start(server, port);
    SendResult r = send_queued(game, options);
    CHECK(r.error_id == "");
    REQUIRE(r.sent.size() == 2);
    CHECK(r.sent[0].relative == "turns/003-confederate/mail-confederate.eml");
    CHECK(received(sink).size() == 6);
    CHECK(queued_mail(game).empty());
  }
  fs::remove_all(dir);
}

TEST_CASE("a dry run lists the queue and sends nothing", "[mail][smtp]") {
  fs::path dir = temp_folder("smtp-dry");
  FakeGame g;
  adjudicate(g, dir, 1, "confederate");
  SmtpOptions options;
  options.url = "smtp://127.0.0.1:1";
  options.dry_run = true;
  SendResult r = send_queued(dir, options);
  CHECK(r.sent.empty());
  CHECK(r.queued.size() == 2);
  CHECK(r.error_id == "");
  CHECK_FALSE(fs::exists(dir / "mail" / "sent.jsonl"));
  fs::remove_all(dir);
}
