// An order file may arrive armored inside a mail body, quoted and re-wrapped
// by mail clients; check and adjudicate read it like the JSON file.
#include <catch2/catch.hpp>

#include <sstream>

#include "ledger/armor.h"
#include "ledger/jcs.h"
#include "support/cli_harness.h"
#include "util/files.h"

namespace fs = std::filesystem;
using adjutant::testing::run_adjutant;

TEST_CASE("an armored, quoted, CRLF order file in a mail body is accepted", "[game][armor]") {
  adjutant::testing::TempDir tmp("armor");
  fs::path game = tmp.path() / "game";
  adjutant::testing::make_sample_game(game, false);
  fs::path work = tmp.path();
  fs::path signed_file =
      adjutant::testing::sign_sample_orders(game, "03-t2-confederate.json", "confederate");
  auto envelope = adjutant::ledger::parse_strict(adjutant::read_file(signed_file), "c2");
  std::istringstream lines(adjutant::ledger::armor(envelope));
  std::string mail = "From: a@example.org\r\nSubject: turn 2\r\n\r\nMy orders:\r\n";
  for (std::string line; std::getline(lines, line);) mail += "> " + line + "\r\n";
  mail += "> \r\nRegards\r\n";
  adjutant::write_file_atomic(work / "mail.txt", mail);
  auto r = run_adjutant("check '" + game.string() + "' mail.txt", work);
  INFO(r.out << r.err);
  CHECK(r.exit == 0);
  CHECK(r.out.find("1/Heth moves 0402-0502-0602-0603") != std::string::npos);
}
