// The unattended host end to end: a whole umpired game of the training
// scenario with a real SMTP server (delivering into maildirs) and dovecot
// on loopback. Two player scripts (tests/tools/mail_player.py) answer by
// mail; `adjutant judge` does everything else: invitations, filing and
// adjudicating orders, results, a reminder, the no-moves-received policy
// (an extension, then a player-turn passed), a refusal notice, and the
// concession synced from the loser's mail. Then the properties a judge
// promises: a second pass does nothing, two judges at once do every action
// once, a mail left in doubt by a stopped run is neither lost nor sent twice.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>

#include <map>
#include <set>
#include <thread>

#include "game/archive.h"
#include "game/secrets.h"
#include "ledger/jcs.h"
#include "mail/mime_parse.h"
#include "mail_servers.h"
#include "report_fixture.h"
#include "support/cli_harness.h"
#include "util/files.h"

using namespace adjutant;
using adjutant::testing::ServerProcess;
using adjutant::testing::temp_folder;
using adjutant::testing::tool;
using ledger::Json;
namespace fs = std::filesystem;

namespace {

struct JudgeWorld {
  fs::path root;
  std::string bin = ADJUTANT_BINARY;
  int smtp_port = 0, imap_port = 0;

  int sh(const std::string& command, std::string* out = nullptr) const {
    std::string text;
    int rc = testing::run("cd " + root.string() + " && " + command + " 2>&1", &text);
    UNSCOPED_INFO("$ " << command << "\n" << text);
    if (out) *out = text;
    return rc;
  }
  // One judge pass at `now`.
  int judge(const std::string& now, std::string* out = nullptr) const {
    return sh("ADJUTANT_SECRETS=" + (root / "umpire-secrets").string() + " " + bin + " judge " +
                  (root / "judge").string() + " --now " + now,
              out);
  }
  // What a pass at `now` would do (--dry-run).
  int dry_run(const std::string& now, std::string* out = nullptr) const {
    return sh("ADJUTANT_SECRETS=" + (root / "umpire-secrets").string() + " " + bin + " judge " +
                  (root / "judge").string() + " --dry-run --now " + now,
              out);
  }
  int player(const std::string& side, const std::string& now) const {
    return sh("/usr/bin/python3 " + tool("mail_player.py") + " " + bin + " " +
              (root / side).string() + " " + side + " " + std::to_string(imap_port) + " " +
              std::to_string(smtp_port) + " " + (root / (side + ".plan.json")).string() + " " +
              now);
  }
  void players(const std::string& now) const {
    REQUIRE(player("confederate", now) == 0);
    REQUIRE(player("union", now) == 0);
  }
  std::vector<Json> journal() const {
    std::vector<Json> out;
    fs::path f = root / "judge" / "judge-journal.jsonl";
    if (!fs::exists(f)) return out;
    std::string text = read_file(f, kMaxLogFile);
    std::size_t pos = 0;
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      out.push_back(Json::parse(text.substr(pos, end - pos)));
      pos = end + 1;
    }
    return out;
  }
  // The actions journalled from line `from` on.
  std::vector<std::string> actions(std::size_t from) const {
    std::vector<std::string> out;
    auto j = journal();
    for (std::size_t i = from; i < j.size(); ++i) out.push_back(j[i]["action"]);
    return out;
  }
  // Every message the SMTP server accepted: (Message-ID, envelope recipient).
  std::vector<std::pair<std::string, std::string>> deliveries() const {
    std::vector<std::pair<std::string, std::string>> out;
    fs::path sink = root / "sink";
    if (!fs::exists(sink)) return out;
    std::vector<fs::path> files;
    for (const auto& f : fs::directory_iterator(sink))
      if (f.path().extension() == ".json") files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      Json env = Json::parse(read_file(f));
      fs::path eml = f;
      eml.replace_extension(".eml");
      std::string id;
      for (const auto& [name, value] : mail::parse_headers(read_file(eml, kMaxMailFile)))
        if (name == "message-id") id = value;
      while (!id.empty() && id.front() == ' ') id.erase(id.begin());
      for (const auto& r : env["rcpt_tos"]) out.push_back({id, r.get<std::string>()});
    }
    return out;
  }
};

std::size_t count(const std::vector<std::string>& v, const std::string& what) {
  return std::size_t(std::count(v.begin(), v.end(), what));
}

void check_no_duplicates(const JudgeWorld& w) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& d : w.deliveries()) {
    INFO(d.first << " to " << d.second);
    CHECK(seen.insert(d).second);
  }
}

}  // namespace

TEST_CASE("adjutant judge hosts a whole umpired game by mail", "[judge][server][slow]") {
  {
    INFO("dovecot is missing: run `make deps` (dovecot-imapd)");
    REQUIRE(fs::exists(testing::kDovecot));
  }
  JudgeWorld w;
  w.root = temp_folder("judge");
  fs::permissions(w.root, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  w.smtp_port = testing::free_port();
  w.imap_port = testing::free_port();
  while (w.imap_port == w.smtp_port) w.imap_port = testing::free_port();
  const fs::path& d = w.root;
  const std::string skirmish =
      std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  const std::string orders = std::string(ADJUTANT_SOURCE_DIR) + "/samples/orders/skirmish/";

  // Mail: dovecot serves one maildir per user; the SMTP server delivers into them.
  testing::MailUsers u = testing::mail_users();
  fs::path conf = testing::write_dovecot_config(d / "dovecot", w.imap_port, u, true);
  for (const char* who : {"umpire", "union", "confederate"})
    for (const char* sub : {"new", "cur", "tmp"})
      fs::create_directories(d / "dovecot" / "mail" / who / "Maildir" / sub);
  testing::chown_tree(d / "dovecot" / "mail", u.mail_uid, u.mail_gid);
  ServerProcess dovecot, smtp;
  try {
    dovecot.start({testing::kDovecot, "-F", "-c", conf.string()}, w.imap_port);
  } catch (const std::exception& e) {
    FAIL(e.what());
  }
  smtp.start({"/usr/bin/python3", tool("smtp_sink.py"), std::to_string(w.smtp_port),
              (d / "sink").string(), "--deliver", (d / "dovecot" / "mail").string(), "--owner",
              std::to_string(u.mail_uid) + ":" + std::to_string(u.mail_gid)},
             w.smtp_port);

  // Each party's key, card and chain, in a secrets folder of its own.
  for (const char* who : {"umpire", "union", "confederate"}) {
    std::string s = who;
    fs::create_directories(d / s);
    std::string secrets = (s == "umpire" ? d / "umpire-secrets" : d / s / "secrets").string();
    REQUIRE(w.sh("export ADJUTANT_SECRETS=" + secrets + " && " + w.bin + " keygen && " + w.bin +
                 " join --game ely --side " + s + " --name 'Sample " + s + "' --email " + s +
                 "@example.org --length 40 --out " + s + ".card.json") == 0);
  }
  fs::create_directories(d / "judge");
  REQUIRE(w.sh("ADJUTANT_SECRETS=" + (d / "umpire-secrets").string() + " " + w.bin +
               " new judge/ely --scenario " + skirmish +
               " --card confederate.card.json --card union.card.json --card umpire.card.json"
               " --created 2024-05-01T00:00:00Z --deadline-hours 24") == 0);
  write_file_atomic(
      d / "judge" / "judge.json",
      ledger::canonical(Json{
          {"format", "adjutant-judge/1"},
          {"imap",
           {{"url", "imap://127.0.0.1:" + std::to_string(w.imap_port) + "/INBOX"},
            {"user", "umpire"},
            {"timeout_seconds", 20}}},
          {"smtp",
           {{"url", "smtp://127.0.0.1:" + std::to_string(w.smtp_port)}, {"timeout_seconds", 20}}},
          {"credentials", "credentials.json"},
          {"reminder_hours", 6},
          {"nmr", {{"extensions", 1}, {"extend_hours", 12}}},
          {"resend_after_minutes", 60}}));
  write_file_atomic(d / "judge" / "credentials.json", R"({"imap":{"password":"secret"}})", 0600);
  // Both play turn 1 from the samples. In turn 2 the confederate falls
  // silent; the union then mails an impossible move and, once told it was
  // refused, concedes.
  write_file_atomic(d / "bad.json", R"({"moves":[{"unit":"1/I","to":"0499"}],"attacks":[]})");
  write_file_atomic(d / "confederate.plan.json",
                    ledger::canonical(Json{{"1", {"file:" + orders + "01-t1-confederate.json"}},
                                           {"2", {"silent"}}}));
  write_file_atomic(
      d / "union.plan.json",
      ledger::canonical(Json{{"1", {"file:" + orders + "02-t1-union.json"}},
                             {"2", {"file:" + (d / "bad.json").string(), "concede"}}}));

  auto t0 = std::chrono::steady_clock::now();
  // 1. The invitations go out (to each player, and the umpire's own).
  REQUIRE(w.judge("2024-05-01T00:05:00Z") == 0);
  CHECK(w.actions(0) == std::vector<std::string>{"sent", "sent", "sent"});
  w.players("2024-05-01T00:06:00Z");
  REQUIRE(fs::exists(d / "union" / "game" / "log.jsonl"));
  REQUIRE(fs::exists(d / "confederate" / "game" / "log.jsonl"));

  // 2. The confederate's orders arrive; two judges run at once: each action happens once.
  std::size_t mark = w.journal().size();
  {
    std::string a, b;
    std::thread other([&] { w.judge("2024-05-01T00:10:00Z", &b); });
    int rc = w.judge("2024-05-01T00:10:00Z", &a);
    other.join();
    CHECK(rc == 0);
  }
  REQUIRE(w.judge("2024-05-01T00:10:00Z") == 0);  // whatever one skipped, this one finishes
  {
    auto acts = w.actions(mark);
    CHECK(count(acts, "filed") == 1);
    CHECK(count(acts, "adjudicated") == 1);
    CHECK(count(acts, "sent") == 3);
  }
  w.players("2024-05-01T00:11:00Z");

  // 3. The union's orders; three passes are killed (SIGKILL) 0.15, 0.4 and
  // 0.65 s in, each taking up where the one before stopped, then one runs
  // to its end: the work is done once, nothing is lost.
  std::size_t delivered_before = w.deliveries().size();
  for (const char* delay : {"0.15", "0.4", "0.65"})
    w.sh("(ADJUTANT_SECRETS=" + (d / "umpire-secrets").string() + " " + w.bin + " judge " +
         (d / "judge").string() + " --now 2024-05-01T00:15:00Z & pid=$!; sleep " + delay +
         "; kill -9 $pid; wait $pid) >/dev/null 2>&1");
  REQUIRE(w.judge("2024-05-01T00:15:00Z") == 0);
  // A kill between a mail's marker and the server's answer leaves it in
  // doubt: held for resend_after_minutes unless its copy is found delivered.
  REQUIRE(w.judge("2024-05-01T01:30:00Z") == 0);
  {
    std::string out;
    REQUIRE(w.sh(w.bin + " status judge/ely --json", &out) == 0);
    CHECK(Json::parse(out)["adjudications"] == 2);
    // The three results: to each player with the umpire's copy, and the umpire's own.
    CHECK(w.deliveries().size() == delivered_before + 5);
    check_no_duplicates(w);
  }
  w.players("2024-05-01T00:16:00Z");  // the confederate stays silent

  // 4. Six hours before its deadline (2024-05-02T00:15): a reminder, once.
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-01T18:00:00Z") == 0);
  CHECK(w.actions(mark).empty());
  REQUIRE(w.judge("2024-05-01T18:30:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"reminder", "sent"});
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-01T19:00:00Z") == 0);
  CHECK(w.actions(mark).empty());
  w.players("2024-05-01T19:01:00Z");
  // 5. The deadline passes: the policy extends it by 12 hours from the
  // ruling, once: ruled a minute late, that is 13 whole hours from the
  // deadline, to 13:15...
  REQUIRE(w.judge("2024-05-02T00:16:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"extended", "sent", "sent", "sent"});
  {
    std::string out;
    REQUIRE(w.sh(w.bin + " status judge/ely --json", &out) == 0);
    CHECK(Json::parse(out)["due_by"] == "2024-05-02T13:15:00Z");
  }
  // 6. ... with a reminder six hours before it, then, past it, plays the
  // turn with no moves.
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-02T12:16:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"reminder", "sent"});
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-02T13:16:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"nmr", "sent", "sent", "sent"});
  w.players("2024-05-02T13:25:00Z");

  // 7. The union's impossible order is refused, and it is told so. A dry
  // run first says so and changes nothing: the judge's folder keeps its
  // bytes, and the mail stays in the IMAP mailbox, unread.
  mark = w.journal().size();
  {
    std::string judge_before = testing::folder_hash(d / "judge"), said;
    std::size_t delivered_now = w.deliveries().size();
    REQUIRE(w.dry_run("2024-05-02T13:30:00Z", &said) == 0);
    CHECK(said.find("ely: filed: inbox/union-") != std::string::npos);
    CHECK(said.find("ely: refused: inbox/union-") != std::string::npos);
    CHECK(said.find("ely: send: mail/outbox/refused-") != std::string::npos);
    CHECK(testing::folder_hash(d / "judge") == judge_before);
    CHECK(w.deliveries().size() == delivered_now);
    std::size_t waiting = 0;
    for (const char* sub : {"new", "cur"})
      for (const auto& f :
           fs::directory_iterator(d / "dovecot" / "mail" / "umpire" / "Maildir" / sub)) {
        std::string name = f.path().filename().string();
        std::size_t flags = name.find(":2,");
        CHECK((flags == std::string::npos || name.find('S', flags) == std::string::npos));
        ++waiting;
      }
    CHECK(waiting > 0);
  }
  REQUIRE(w.judge("2024-05-02T13:30:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"filed", "refused", "sent"});
  // 8. It concedes by mail; the judge syncs the end of the game.
  w.players("2024-05-02T13:35:00Z");
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-02T13:40:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"synced"});
  w.players("2024-05-02T13:41:00Z");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  WARN("the game by mail took " << seconds << " s");

  // Every copy holds the same log, and it verifies.
  std::string log = read_file(d / "judge" / "ely" / "log.jsonl", kMaxLogFile);
  CHECK(read_file(d / "union" / "game" / "log.jsonl", kMaxLogFile) == log);
  CHECK(read_file(d / "confederate" / "game" / "log.jsonl", kMaxLogFile) == log);
  std::string status;
  CHECK(w.sh(w.bin + " verify judge/ely") == 0);
  CHECK(w.sh(w.bin + " status judge/ely --json", &status) == 0);
  Json st = Json::parse(status);
  CHECK(st["orders_due_from"] == "");
  CHECK(st["adjudications"] == 3);
  CHECK(st["result"].get<std::string>().find("concedes") != std::string::npos);
  // The confederate got its reminder and the union its refusal, by mail.
  auto subjects_of = [&](const std::string& who) {
    std::string all;
    for (const auto& f : fs::directory_iterator(d / who / "Maildir" / "new"))
      all += mail::parse_message(read_file(f.path(), kMaxMailFile)).header("subject") + "\n";
    return all;
  };
  CHECK(subjects_of("confederate").find("reminder") != std::string::npos);
  CHECK(subjects_of("union").find("refused") != std::string::npos);
  CHECK(subjects_of("union").find("reminder") == std::string::npos);

  // A pass over a finished game does nothing, and sends nothing.
  std::size_t delivered = w.deliveries().size();
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-03T00:00:00Z") == 0);
  CHECK(w.actions(mark).empty());
  CHECK(w.deliveries().size() == delivered);
  check_no_duplicates(w);

  // A run stopped after the server accepted a mail but before sent.jsonl
  // said so leaves its marker, and the mail's copy arrives in the umpire's
  // mailbox after it (here: the copy the judge set aside, put back as new
  // mail): the copy settles it, and nothing goes twice.
  // The mail is the last result sent (a notice about a phase now over
  // would be withheld, not sent again: docs/mail.md).
  fs::path sent = d / "judge" / "ely" / "mail" / "sent.jsonl";
  std::string sent_text = read_file(sent);
  std::vector<std::string> records;
  for (std::size_t at = 0; at < sent_text.size();) {
    std::size_t end = sent_text.find('\n', at);
    records.push_back(sent_text.substr(at, end - at));
    at = end + 1;
  }
  Json last;
  std::string without;
  for (std::size_t i = records.size(); i-- > 0;)
    if (last.is_null() &&
        Json::parse(records[i])["file"].get<std::string>().rfind("turns/", 0) == 0)
      last = Json::parse(records[i]);
    else
      without = records[i] + "\n" + without;
  REQUIRE(!last.is_null());
  write_file_atomic(sent, without);
  fs::create_directories(d / "judge" / "ely" / "mail" / "sending");
  write_file_atomic(d / "judge" / "ely" / "mail" / "sending" / "a.json",
                    ledger::canonical(Json{{"file", last["file"]},
                                           {"message_id", last["message_id"]},
                                           {"started", "2024-05-03T00:00:00Z"}}));
  fs::path umpire_box = d / "dovecot" / "mail" / "umpire" / "Maildir";
  {
    bool put_back = false;
    for (const auto& f : fs::directory_iterator(umpire_box / ".adjutant-processed" / "cur"))
      if (!put_back &&
          read_file(f.path(), kMaxMailFile).find(last["message_id"].get<std::string>()) !=
              std::string::npos) {
        std::string name = f.path().filename().string();
        fs::rename(f.path(), umpire_box / "new" / name.substr(0, name.find(":2,")));
        put_back = true;
      }
    REQUIRE(put_back);
    testing::chown_tree(umpire_box, u.mail_uid, u.mail_gid);
  }
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-03T00:01:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"confirmed"});
  CHECK(w.deliveries().size() == delivered);
  CHECK(read_file(sent).find(last["message_id"].get<std::string>()) != std::string::npos);
  CHECK(!fs::exists(d / "judge" / "ely" / "mail" / "sending" / "a.json"));

  // A run stopped before the server took it: no copy arrives, so the mail
  // is held, then sent once the wait is over.
  write_file_atomic(sent, without);
  for (const auto& f :
       fs::directory_iterator(d / "dovecot" / "mail" / "umpire" / "Maildir" / "cur"))
    if (read_file(f.path(), kMaxMailFile).find(last["message_id"].get<std::string>()) !=
        std::string::npos)
      fs::remove(f.path());
  for (const auto& f :
       fs::directory_iterator(d / "dovecot" / "mail" / "umpire" / "Maildir" / "new"))
    if (read_file(f.path(), kMaxMailFile).find(last["message_id"].get<std::string>()) !=
        std::string::npos)
      fs::remove(f.path());
  write_file_atomic(d / "judge" / "ely" / "mail" / "sending" / "a.json",
                    ledger::canonical(Json{{"file", last["file"]},
                                           {"message_id", last["message_id"]},
                                           {"started", "2024-05-03T00:00:00Z"}}));
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-03T00:30:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"held"});
  CHECK(w.deliveries().size() == delivered);
  REQUIRE(w.judge("2024-05-03T01:01:00Z") == 0);
  CHECK(w.actions(mark) == std::vector<std::string>{"held", "requeued", "sent"});
  CHECK(w.deliveries().size() > delivered);

  smtp.stop();
  dovecot.stop();
  fs::remove_all(d);
}

TEST_CASE("adjutant judge refuses a bad configuration and changes nothing", "[judge]") {
  fs::path d = temp_folder("judge-config");
  const std::string bin = ADJUTANT_BINARY;
  auto judge = [&](std::string* out) {
    return testing::run("cd " + d.string() + " && " + bin + " judge . 2>&1", out);
  };
  std::string out;
  CHECK(judge(&out) == 1);
  CHECK(out.find("[judge.config]") != std::string::npos);
  auto config = [&](const Json& j) { write_file_atomic(d / "judge.json", j.dump()); };
  Json good = {{"format", "adjutant-judge/1"},
               {"imap", {{"url", "imap://127.0.0.1:1/INBOX"}}},
               {"smtp", {{"url", "smtp://127.0.0.1:1"}}}};
  struct Case {
    std::string path;
    Json value;
    std::string id;
  };
  for (const Case& c : std::vector<Case>{
           {"/format", "adjutant-judge/2", "judge.config"},
           {"/imap/url", "http://example.org/", "judge.url"},
           {"/smtp/url", "imap://127.0.0.1/", "judge.url"},
           {"/reminder_hours", -1, "judge.out_of_range"},
           {"/reminder_hours", "12", "judge.wrong_type"},
           {"/nmr", Json{{"extensions", 1}, {"extend", 3}}, "judge.unknown_field"},
           {"/smtp/user", "umpire", "judge.credentials"},
           {"/credentials", "missing.json", "judge.credentials"},
       }) {
    Json j = good;
    j[Json::json_pointer(c.path)] = c.value;
    config(j);
    INFO(c.path << " = " << c.value.dump());
    CHECK(judge(&out) == 1);
    CHECK(out.find("[" + c.id + "]") != std::string::npos);
  }
  Json no_smtp = good;
  no_smtp.erase("smtp");
  config(no_smtp);
  CHECK(judge(&out) == 1);
  CHECK(out.find("[judge.missing_field]") != std::string::npos);
  // A credentials file others may read is refused.
  Json with_file = good;
  with_file["credentials"] = "credentials.json";
  config(with_file);
  write_file_atomic(d / "credentials.json", R"({"smtp":{"user":"u","password":"p"}})", 0644);
  CHECK(judge(&out) == 1);
  CHECK(out.find("[judge.credentials_mode]") != std::string::npos);
  fs::permissions(d / "credentials.json", fs::perms::owner_read | fs::perms::owner_write);
  std::string before = testing::run("ls -A " + d.string(), &out) == 0 ? out : "";
  CHECK(judge(&out) == 0);  // no game under it: a pass that does nothing
  CHECK(out.find("0 games") != std::string::npos);
  CHECK(testing::run(bin + " judge " + d.string() + " --every 5x 2>&1", &out) == 2);
  CHECK(out.find("[judge.every]") != std::string::npos);
  fs::remove_all(d);
}

TEST_CASE("adjutant judge rules on deadlines with its mail servers down", "[judge][slow]") {
  testing::TempDir tmp("judge-offline");
  fs::path work = tmp.path() / "work";
  fs::path game = work / "game";
  fs::create_directories(work);
  testing::make_sample_game(game, true);  // turn 2, the confederate's orders are due
  // The confederate attacks the union's 1/I at 0604 and is thrown back.
  write_file_atomic(work / "c2.json",
                    R"({"moves":[{"unit":"1/Heth","path":["0402","0502","0602","0603"]},)"
                    R"({"unit":"2/Heth","to":"0603"}],"attacks":[{"attackers":["1/Heth","2/Heth",)"
                    R"("Pegram"],"defenders":["0604"]}]})");
  fs::path c2 = work / "c2.signed.json";
  REQUIRE(testing::run_adjutant(
              "sign c2.json --game game --key confederate.key --out " + c2.string(), work)
              .exit == 0);
  auto adjudicated = testing::run_adjutant("adjudicate game '" + c2.string() +
                                               "' --key umpire.key --chain umpire.key.chain"
                                               " --at 2026-11-04T09:00:00Z --no-outputs",
                                           work);
  INFO(adjudicated.out << adjudicated.err);
  REQUIRE(adjudicated.exit == 0);
  fs::path dir = tmp.path() / "games";
  fs::create_directories(dir);
  fs::rename(game, dir / "game");
  fs::path secrets = tmp.path() / "secrets";
  fs::create_directories(secrets / "keys");
  fs::create_directories(secrets / "chains");
  fs::copy_file(work / "umpire.key", secrets / "keys" / "umpire.key");
  auto umpire = game::Archive::open(dir / "game").party("umpire");
  REQUIRE(umpire);
  fs::copy_file(work / "umpire.key.chain", game::chain_file(secrets, umpire->anchor));
  // Nothing listens on these ports.
  int port = testing::free_port();
  write_file_atomic(dir / "judge.json",
                    ledger::canonical(Json{
                        {"format", "adjutant-judge/1"},
                        {"imap", {{"url", "imap://127.0.0.1:" + std::to_string(port) + "/INBOX"}}},
                        {"smtp", {{"url", "smtp://127.0.0.1:" + std::to_string(port)}}},
                        {"secrets", secrets.string()},
                        {"nmr", {{"extensions", 0}}}}));
  std::string log = read_file(dir / "game" / "log.jsonl", kMaxLogFile);
  auto judge = [&](const std::string& now, std::string* out) {
    return testing::run(
        std::string(ADJUTANT_BINARY) + " judge " + dir.string() + " --now " + now + " 2>&1", out);
  };
  auto actions = [&]() {
    std::vector<std::string> out;
    std::string text = read_file(dir / "judge-journal.jsonl", kMaxLogFile);
    std::size_t pos = 0;
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      out.push_back(Json::parse(text.substr(pos, end - pos))["action"]);
      pos = end + 1;
    }
    return out;
  };
  std::string out;
  // Past the union's deadline: the mailbox cannot be read and nothing can
  // be sent (every post stays queued), but the deadline is still ruled on:
  // with no extensions in the policy, the player-turn passes with no moves.
  CHECK(judge("2026-12-01T00:00:00Z", &out) == 4);
  INFO(out);
  CHECK(actions() == std::vector<std::string>{"fetch-failed", "nmr", "send-failed"});
  std::string after = read_file(dir / "game" / "log.jsonl", kMaxLogFile);
  CHECK(after.substr(0, log.size()) == log);
  CHECK(std::count(after.begin(), after.end(), '\n') ==
        std::count(log.begin(), log.end(), '\n') + 2);  // the ruling and its adjudication
  CHECK(testing::run_adjutant("verify '" + (dir / "game").string() + "'").exit == 0);
  // The next pass has no deadline to rule on and retries the rest.
  CHECK(judge("2026-12-01T00:05:00Z", &out) == 4);
  CHECK(actions() == std::vector<std::string>{"fetch-failed", "nmr", "send-failed", "fetch-failed",
                                              "send-failed"});
  CHECK(read_file(dir / "game" / "log.jsonl", kMaxLogFile) == after);
  CHECK(out.find("1 umpired here") != std::string::npos);

  // Without the umpire's key the game is not judged here, and nothing is done.
  fs::remove(secrets / "keys" / "umpire.key");
  CHECK(judge("2026-12-01T00:10:00Z", &out) == 0);
  CHECK(out.find("not judged here") != std::string::npos);
  CHECK(out.find("0 umpired here") != std::string::npos);
  CHECK(actions().size() == 5);

  // --every runs pass after pass until it is told to stop: stopped once
  // its second pass has said its summary (waited for, however slow the
  // machine; a minute at most), it ends cleanly.
  fs::path every = dir.parent_path() / "every.out";
  CHECK(testing::run("bash -c '" + std::string(ADJUTANT_BINARY) + " judge \"" + dir.string() +
                         "\" --every 1s > \"" + every.string() +
                         "\" 2>&1 & p=$!; for i in $(seq 600); do [ \"$(grep -c \"umpired "
                         "here\" \"" +
                         every.string() +
                         "\")\" -ge 2 ] && break; sleep 0.1; done; kill -TERM $p; wait $p'",
                     &out) == 0);
  out = read_file(every);
  std::size_t passes = 0;
  for (std::size_t at = out.find("umpired here"); at != std::string::npos;
       at = out.find("umpired here", at + 1))
    ++passes;
  CHECK(passes >= 2);
}

TEST_CASE("adjutant judge reads each message once for every game and sets it aside",
          "[judge][server][slow]") {
  {
    INFO("dovecot is missing: run `make deps` (dovecot-imapd)");
    REQUIRE(fs::exists(testing::kDovecot));
  }
  JudgeWorld w;
  w.root = temp_folder("judge-once");
  fs::permissions(w.root, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  w.smtp_port = testing::free_port();
  w.imap_port = testing::free_port();
  while (w.imap_port == w.smtp_port) w.imap_port = testing::free_port();
  const fs::path& d = w.root;
  testing::MailUsers u = testing::mail_users();
  fs::path conf = testing::write_dovecot_config(d / "dovecot", w.imap_port, u, true);
  fs::path inbox = d / "dovecot" / "mail" / "umpire" / "Maildir";
  for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(inbox / sub);
  testing::chown_tree(d / "dovecot" / "mail", u.mail_uid, u.mail_gid);
  ServerProcess dovecot, smtp;
  dovecot.start({testing::kDovecot, "-F", "-c", conf.string()}, w.imap_port);
  smtp.start({"/usr/bin/python3", tool("smtp_sink.py"), std::to_string(w.smtp_port),
              (d / "sink").string(), "--deliver", (d / "dovecot" / "mail").string(), "--owner",
              std::to_string(u.mail_uid) + ":" + std::to_string(u.mail_gid)},
             w.smtp_port);

  // Two umpired games of one judge; the players' keys sign for both.
  const std::string skirmish =
      std::string(ADJUTANT_SOURCE_DIR) + "/scenarios/bluegray-skirmish.json";
  const std::string secrets = "ADJUTANT_SECRETS=" + (d / "umpire-secrets").string() + " ";
  REQUIRE(w.sh(secrets + w.bin + " keygen") == 0);
  for (const char* side : {"union", "confederate"})
    REQUIRE(w.sh(w.bin + " keygen --out " + side + ".key") == 0);
  fs::create_directories(d / "judge");
  for (const char* game : {"ely", "fox"}) {
    std::string g = game, cards;
    for (const char* side : {"union", "confederate", "umpire"}) {
      std::string s = side;
      std::string key = s == "umpire" ? "" : " --key " + s + ".key";
      REQUIRE(w.sh(secrets + w.bin + " join --game " + g + " --side " + s + " --name " + s +
                   " --email " + s + "@example.org --length 20" + key + " --out " + g + "-" + s +
                   ".card") == 0);
      cards += " --card " + g + "-" + s + ".card";
    }
    REQUIRE(w.sh(secrets + w.bin + " new judge/" + g + " --scenario " + skirmish + cards +
                 " --created 2024-05-01T00:00:00Z --deadline-hours 24") == 0);
  }
  write_file_atomic(
      d / "judge" / "judge.json",
      ledger::canonical(Json{
          {"format", "adjutant-judge/1"},
          {"imap",
           {{"url", "imap://127.0.0.1:" + std::to_string(w.imap_port) + "/INBOX"},
            {"user", "umpire"},
            {"timeout_seconds", 20}}},
          {"smtp",
           {{"url", "smtp://127.0.0.1:" + std::to_string(w.smtp_port)}, {"timeout_seconds", 20}}},
          {"credentials", "credentials.json"}}));
  write_file_atomic(d / "judge" / "credentials.json", R"({"imap":{"password":"secret"}})", 0600);

  // The invitations go out; their blind copies come back to the judge.
  REQUIRE(w.judge("2024-05-01T00:05:00Z") == 0);
  CHECK(count(w.actions(0), "sent") == 6);

  // In the mailbox: the confederate's orders for ely, a mail with a
  // damaged JSON attachment, and a mail with nothing for any game.
  const std::string orders = std::string(ADJUTANT_SOURCE_DIR) + "/samples/orders/skirmish/";
  REQUIRE(w.sh(secrets + w.bin + " sign " + orders +
               "01-t1-confederate.json --game judge/ely --key confederate.key --out c1.json") == 0);
  auto mail = [&](const std::string& name, const std::string& body) {
    write_file_atomic(inbox / "new" / name, body);
  };
  mail("1700000100.M1P1.test",
       "From: confederate@example.org\r\nTo: umpire@example.org\r\nSubject: orders\r\n"
       "Message-ID: <c1@example.org>\r\nMIME-Version: 1.0\r\n"
       "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: application/json\r\n"
       "Content-Disposition: attachment; filename=orders.json\r\n\r\n" +
           read_file(d / "c1.json") + "\r\n--b--\r\n");
  mail("1700000101.M2P1.test",
       "From: someone@example.org\r\nTo: umpire@example.org\r\nSubject: broken\r\n"
       "Message-ID: <x1@example.org>\r\nMIME-Version: 1.0\r\n"
       "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: application/json\r\n"
       "Content-Disposition: attachment; filename=orders.json\r\n\r\n[1, 2\r\n--b--\r\n");
  mail("1700000102.M3P1.test",
       "From: someone@example.org\r\nTo: umpire@example.org\r\nSubject: hello\r\n"
       "Message-ID: <x2@example.org>\r\n\r\nNothing for a game here.\r\n");
  testing::chown_tree(inbox, u.mail_uid, u.mail_gid);

  std::size_t mark = w.journal().size();
  std::string out;
  REQUIRE(w.judge("2024-05-01T00:10:00Z", &out) == 0);
  {
    auto acts = w.actions(mark);
    CHECK(count(acts, "filed") == 1);
    CHECK(count(acts, "adjudicated") == 1);
    // Each refusal once, for the message: not once per game.
    CHECK(count(acts, "refused") == 2);
    std::size_t unreadable = 0;
    for (const Json& line : w.journal())
      unreadable +=
          line["detail"].get<std::string>().find("[mail.unreadable]") != std::string::npos;
    CHECK(unreadable == 1);
  }
  // Passes with nothing new: the copies of what was sent are read to their
  // headers and set aside, then nothing at all is read; no game is looked at.
  REQUIRE(w.judge("2024-05-01T00:15:00Z", &out) == 0);
  CHECK(out.find(" 0 looked at") != std::string::npos);
  mark = w.journal().size();
  REQUIRE(w.judge("2024-05-01T00:20:00Z", &out) == 0);
  CHECK(out.find(" 0 looked at, 0 messages, 0 actions") != std::string::npos);
  CHECK(w.actions(mark).empty());
  // Every message was moved to adjutant-processed; the mailbox is empty.
  std::size_t left = 0, processed = 0;
  for (const char* sub : {"new", "cur"}) {
    for (const auto& f : fs::directory_iterator(inbox / sub)) left += f.is_regular_file();
    for (const auto& f : fs::directory_iterator(inbox / ".adjutant-processed" / sub))
      processed += f.is_regular_file();
  }
  CHECK(left == 0);
  CHECK(processed >= 3 + 6 + 3);  // the three above, the copies of the invitations and results
  Json state = Json::parse(read_file(d / "judge" / "judge-state.json"));
  CHECK(state["imap"]["last_uid"].get<long>() >= 12);
  CHECK(state["imap"]["retry"].empty());
  CHECK(state["games"].size() == 2);

  // A game whose log no longer parses is journalled and the pass exits 4,
  // as for a bad signature; the journal says it once.
  {
    std::string log = read_file(d / "judge" / "fox" / "log.jsonl", kMaxLogFile);
    write_file_atomic(d / "judge" / "fox" / "log.jsonl", log + "{not json\n");
    mark = w.journal().size();
    CHECK(w.judge("2024-05-01T00:25:00Z", &out) == 4);
    auto acts = w.actions(mark);
    CHECK(acts == std::vector<std::string>{"error"});
    CHECK(w.journal().back()["game"] == "fox");
    CHECK(w.judge("2024-05-01T00:30:00Z", &out) == 4);
    CHECK(w.actions(mark).size() == 1);
    write_file_atomic(d / "judge" / "fox" / "log.jsonl", log);
    CHECK(w.judge("2024-05-01T00:35:00Z", &out) == 0);
  }
  smtp.stop();
  dovecot.stop();
  fs::remove_all(d);
}

TEST_CASE("after the judge was down past a deadline, an extension counts from its ruling",
          "[judge]") {
  testing::TempDir tmp("judge-outage");
  fs::path dir = tmp.path() / "games";
  fs::path work = tmp.path() / "work";
  fs::create_directories(work);
  testing::make_sample_game(work / "game", true);  // turn 2: the confederate's orders due
  fs::create_directories(dir);
  fs::rename(work / "game", dir / "game");
  fs::path secrets = tmp.path() / "secrets";
  fs::create_directories(secrets / "keys");
  fs::create_directories(secrets / "chains");
  fs::copy_file(work / "umpire.key", secrets / "keys" / "umpire.key");
  auto umpire = game::Archive::open(dir / "game").party("umpire");
  REQUIRE(umpire);
  fs::copy_file(work / "umpire.key.chain", game::chain_file(secrets, umpire->anchor));
  int port = testing::free_port();  // nothing listens: no mail either way
  write_file_atomic(dir / "judge.json",
                    ledger::canonical(Json{
                        {"format", "adjutant-judge/1"},
                        {"imap", {{"url", "imap://127.0.0.1:" + std::to_string(port) + "/INBOX"}}},
                        {"smtp", {{"url", "smtp://127.0.0.1:" + std::to_string(port)}}},
                        {"secrets", secrets.string()},
                        {"reminder_hours", 0},
                        {"nmr", {{"extensions", 1}, {"extend_hours", 24}}}}));
  auto judge = [&](const std::string& now) {
    std::string out;
    testing::run(
        std::string(ADJUTANT_BINARY) + " judge " + dir.string() + " --now " + now + " 2>&1", &out);
    UNSCOPED_INFO(out);
    return out;
  };
  auto due_by = [&] {
    auto r = testing::run_adjutant("status --json '" + (dir / "game").string() + "'");
    return Json::parse(r.out)["due_by"].get<std::string>();
  };
  CHECK(due_by() == "2026-11-06T18:00:00Z");
  // Down for ten days past the deadline: the extension runs 24 hours from
  // the ruling, not from the old deadline (which would have it over already).
  std::string out = judge("2026-11-16T18:00:00Z");
  CHECK(out.find("extended") != std::string::npos);
  CHECK(due_by() == "2026-11-17T18:00:00Z");
  // A pass within the extension rules nothing; one after it passes the turn.
  judge("2026-11-17T12:00:00Z");
  CHECK(due_by() == "2026-11-17T18:00:00Z");
  out = judge("2026-11-17T18:05:00Z");
  CHECK(out.find("nmr") != std::string::npos);
  CHECK(due_by() != "2026-11-17T18:00:00Z");
  CHECK(testing::run_adjutant("verify '" + (dir / "game").string() + "'").exit == 0);
}
