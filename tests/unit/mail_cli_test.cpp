#include <catch2/catch.hpp>

#include <cstdlib>

#include "mail_servers.h"
#include "report_fixture.h"
#include "util/files.h"

using namespace adjutant;
using adjutant::testing::run;
using adjutant::testing::ServerProcess;
using adjutant::testing::temp_folder;
using adjutant::testing::tool;
namespace fs = std::filesystem;

namespace {

std::size_t count_eml(const fs::path& dir) {
  std::size_t n = 0;
  if (fs::exists(dir))
    for (const auto& f : fs::directory_iterator(dir)) n += f.path().extension() == ".eml";
  return n;
}

}  // namespace

// The whole loop through the command line: orders arrive by mail, are
// fetched, adjudicated, and the reports go out over SMTP exactly once.
TEST_CASE("adjutant mail fetch, adjudicate and mail send work together", "[mail][cli][server]") {
  const std::string bin = ADJUTANT_BINARY;
  {
    INFO("build the adjutant target first: " << bin);
    REQUIRE(fs::exists(bin));
  }
  fs::path dir = temp_folder("mail-cli");
  const std::string d = dir.string();
  auto sh = [&](const std::string& command) {
    std::string out;
    int rc = run(
        "cd " + d + " && export ADJUTANT_SECRETS=" + d + "/secrets && " + command + " 2>&1", &out);
    UNSCOPED_INFO(command << "\n" << out);
    return rc;
  };
  REQUIRE(sh(bin + " keygen c.pem") == 0);
  REQUIRE(sh(bin + " keygen u.pem") == 0);
  REQUIRE(sh(bin + " join --game Mill --side confederate --name 'Robert Lee' "
                   "--email lee@example.org --key c.pem --length 10 -o c.card") == 0);
  REQUIRE(sh(bin + " join --game Mill --side union --name 'Zo\u00eb' --email zoe@example.org "
                   "--key u.pem --length 10 -o u.card") == 0);
  REQUIRE(sh(bin + " new mill --scenario " + ADJUTANT_SOURCE_DIR +
             "/scenarios/bluegray-skirmish.json --card c.card --card u.card --key c.pem "
             "--name Mill --created 2024-05-01T12:00:00Z") == 0);
  write_file_atomic(dir / "c1.json",
                    R"({"moves":[{"unit":"1/Heth","path":["0401","0402"]}],"attacks":[]})");
  REQUIRE(sh(bin + " sign c1.json --game mill --key c.pem -o c1.signed.json") == 0);

  fs::path maildir = dir / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir / sub);
  write_file_atomic(maildir / "new" / "1.msg",
                    "From: lee@example.org\r\nSubject: orders\r\n\r\n> " +
                        read_file(dir / "c1.signed.json") + "\r\n");
  // Not armored and not attached: no order file, so nothing is filed from it.
  REQUIRE(sh(bin + " mail fetch mill --maildir Maildir") == 0);
  CHECK((!fs::exists(dir / "mill" / "inbox") || fs::is_empty(dir / "mill" / "inbox")));

  std::string mail =
      "From: lee@example.org\r\nTo: zoe@example.org\r\nSubject: orders\r\n"
      "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n"
      "--b\r\nContent-Type: application/json\r\n"
      "Content-Disposition: attachment; filename=c1.json\r\n\r\n" +
      read_file(dir / "c1.signed.json") + "\r\n--b--\r\n";
  write_file_atomic(maildir / "new" / "2.msg", mail);
  std::string out;
  REQUIRE(run("cd " + d + " && " + bin + " mail fetch mill --maildir Maildir --json", &out) == 0);
  CHECK(out.find("\"filed\"") != std::string::npos);
  std::vector<fs::path> inbox;
  for (const auto& f : fs::directory_iterator(dir / "mill" / "inbox")) inbox.push_back(f.path());
  REQUIRE(inbox.size() == 1);
  REQUIRE(sh(bin + " adjudicate mill " + inbox[0].string() +
             " --key u.pem --at 2024-05-01T13:00:00Z") == 0);
  // Rewrites the turn's reports and mail from the log (adjudicate may have written them).
  REQUIRE(sh(bin + " report mill") == 0);
  REQUIRE(fs::exists(dir / "mill" / "turns" / "001-confederate" / "mail-union.eml"));

  int port = testing::free_port();
  // This copy sends what the union, the adjudicator, signed.
  const std::string send =
      bin + " mail send mill --as union --smtp smtp://127.0.0.1:" + std::to_string(port);
  CHECK(sh(send) == 4);  // no server yet: exit 4, all queued
  {
    ServerProcess smtp;
    smtp.start({"/usr/bin/python3", tool("smtp_sink.py"), std::to_string(port), d + "/sink"}, port);
    CHECK(sh(send) == 0);
    CHECK(count_eml(dir / "sink") == 2);
    CHECK(sh(send) == 0);
    CHECK(count_eml(dir / "sink") == 2);
  }
  CHECK(read_file(dir / "sink" / "0002.eml") ==
        read_file(dir / "mill" / "turns" / "001-confederate" / "mail-union.eml"));
  CHECK(sh(bin + " report mill --side union --format text") == 0);
  CHECK(sh(bin + " report mill --side nobody") == 2);
  fs::remove_all(dir);
}

namespace {

// The peak resident set of one command, in KiB, from /usr/bin/time -v.
// The program's memory is measured only in a build without
// AddressSanitizer (`make sanitize`), whose quarantine and shadow memory
// would be counted as the program's.
#if defined(__SANITIZE_ADDRESS__)
constexpr long kPeakLimitKib = 1L << 40;
#else
constexpr long kPeakLimitKib = 150 * 1024;
#endif

long peak_kib(const std::string& command, std::string* out) {
  std::string text;
  run("/usr/bin/time -v " + command + " 2>&1", &text);
  if (out) *out = text;
  std::size_t at = text.find("Maximum resident set size (kbytes): ");
  return at == std::string::npos ? -1 : std::atol(text.c_str() + at + 36);
}

// A mail of `megabytes` MiB: a text part and an attachment of base64 lines.
std::string big_mail(int n, std::size_t megabytes, const std::string& extra_part) {
  std::string line(76, 'Q');
  std::string body;
  body.reserve((megabytes << 20) + 4096);
  while (body.size() < (megabytes << 20)) body += line + "\r\n";
  return "From: lee@example.org\r\nTo: zoe@example.org\r\nSubject: big " + std::to_string(n) +
         "\r\nMessage-ID: <big" + std::to_string(n) +
         "@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n"
         "--b\r\nContent-Type: text/plain\r\n\r\nA large file.\r\n" +
         extra_part +
         "--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n"
         "Content-Disposition: attachment; filename=big.bin\r\n\r\n" +
         body + "--b--\r\n";
}

}  // namespace

TEST_CASE("mail fetch reads one message at a time, within its limit, and sets mail aside",
          "[mail][cli]") {
  const std::string bin = ADJUTANT_BINARY;
  REQUIRE(fs::exists("/usr/bin/time"));
  fs::path dir = temp_folder("mail-fetch-big");
  const std::string d = dir.string();
  auto sh = [&](const std::string& command) {
    std::string out;
    int rc = run(
        "cd " + d + " && export ADJUTANT_SECRETS=" + d + "/secrets && " + command + " 2>&1", &out);
    UNSCOPED_INFO(command << "\n" << out);
    return rc;
  };
  REQUIRE(sh(bin + " keygen c.pem") == 0);
  REQUIRE(sh(bin + " keygen u.pem") == 0);
  REQUIRE(sh(bin + " join --game Mill --side confederate --name Lee --email lee@example.org "
                   "--key c.pem --length 10 -o c.card") == 0);
  REQUIRE(sh(bin + " join --game Mill --side union --name Zoe --email zoe@example.org "
                   "--key u.pem --length 10 -o u.card") == 0);
  REQUIRE(sh(bin + " new mill --scenario " + ADJUTANT_SOURCE_DIR +
             "/scenarios/bluegray-skirmish.json --card c.card --card u.card --key c.pem "
             "--name Mill --created 2024-05-01T12:00:00Z --no-outputs") == 0);
  write_file_atomic(dir / "c1.json",
                    R"({"moves":[{"unit":"1/Heth","path":["0401","0402"]}],"attacks":[]})");
  REQUIRE(sh(bin + " sign c1.json --game mill --key c.pem -o c1.signed.json") == 0);
  std::string orders_part =
      "--b\r\nContent-Type: application/json\r\nContent-Disposition: attachment; "
      "filename=orders.json\r\n\r\n" +
      read_file(dir / "c1.signed.json") + "\r\n";

  // Five mails of 31 MiB, over the intake limit: none is read.
  fs::path big = dir / "Big";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(big / sub);
  for (int n = 0; n < 5; ++n)
    write_file_atomic(big / "new" / ("big" + std::to_string(n)), big_mail(n, 31, ""));
  std::string out;
  long peak = peak_kib("sh -c 'cd " + d + " && " + bin + " mail fetch mill --maildir Big'", &out);
  INFO(out);
  WARN("mail fetch of five mails of 31 MiB: peak " << peak / 1024 << " MiB");
  CHECK(peak > 0);
  CHECK(peak < kPeakLimitKib);
  CHECK(out.find("[mail.too_large]") != std::string::npos);
  CHECK(out.find("5 messages read") != std::string::npos);

  // Five mails of 15 MiB, under it, the last with orders: read one at a
  // time, so memory holds one; the orders are filed and that mail set aside.
  fs::path mid = dir / "Mid";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(mid / sub);
  for (int n = 0; n < 5; ++n)
    write_file_atomic(mid / "new" / ("mid" + std::to_string(n)),
                      big_mail(n, 15, n == 4 ? orders_part : ""));
  peak = peak_kib("sh -c 'cd " + d + " && " + bin + " mail fetch mill --maildir Mid'", &out);
  WARN("mail fetch of five mails of 15 MiB: peak " << peak / 1024 << " MiB");
  CHECK(peak > 0);
  CHECK(peak < kPeakLimitKib);
  CHECK(out.find("1 order file filed, 1 set aside") != std::string::npos);
  CHECK_FALSE(fs::exists(mid / "new" / "mid4"));
  CHECK(fs::exists(mid / "new" / "mid3"));  // nothing of this game: it stays
  std::size_t processed = 0;
  for (const auto& f : fs::directory_iterator(mid / ".adjutant-processed" / "cur")) {
    ++processed;
    CHECK(f.path().filename().string() == "mid4:2,S");
  }
  CHECK(processed == 1);
  // The next fetch does not read it again; --keep moves nothing.
  REQUIRE(sh(bin + " mail fetch mill --maildir Mid --keep") == 0);
  CHECK(fs::exists(mid / "new" / "mid3"));
  fs::remove_all(dir);
}
