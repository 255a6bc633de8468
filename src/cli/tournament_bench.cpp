#include "cli/tournament_bench.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>

#include "bot/play.h"
#include "game/adjudicate.h"
#include "game/genesis.h"
#include "game/secrets.h"
#include "game/sign_orders.h"
#include "ledger/chain.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "ledger/keys.h"
#include "mail/smtp_sink.h"
#include "report/orders_mail.h"
#include "report/turn_outputs.h"
#include "util/error.h"
#include "util/files.h"
#include "util/time_format.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

namespace {

constexpr const char* kStart = "2026-01-05T09:00:00Z";
constexpr const char* kUmpireEmail = "judge@example.org";
const char* const kSides[] = {"confederate", "union"};

struct PassFigures {
  int exit = -1;
  double wall_s = 0;
  double cpu_s = 0;
  long peak_kib = 0;
  std::string summary;  // the pass's last line
};

// One `adjutant judge DIR --now NOW` in a process of its own, its output in `log`.
PassFigures judge_pass(const TournamentOptions& o, const fs::path& dir, const std::string& now,
                       const fs::path& log) {
  PassFigures f;
  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
    }
    std::string program = o.adjutant.string(), folder = dir.string();
    const char* argv[] = {program.c_str(), "judge", folder.c_str(), "--now", now.c_str(), nullptr};
    ::execv(argv[0], const_cast<char* const*>(argv));
    ::_exit(127);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  f.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  f.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  f.cpu_s = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
            double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  f.peak_kib = usage.ru_maxrss;
  std::string text = read_file(log, kMaxLogFile);
  std::size_t end = text.find_last_not_of('\n');
  std::size_t begin = end == std::string::npos ? 0 : text.rfind('\n', end);
  f.summary = end == std::string::npos
                  ? ""
                  : text.substr(begin == std::string::npos ? 0 : begin + 1, end - begin);
  return f;
}

std::string figures(const PassFigures& f) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%.2f s wall, %.2f s CPU, peak %ld MiB", f.wall_s, f.cpu_s,
                f.peak_kib / 1024);
  return buf;
}

// The message counts and action counts of a summary line ("... 3 messages, 4 actions, ...").
std::string counts(const PassFigures& f) {
  std::size_t at = f.summary.find("umpired here, ");
  return at == std::string::npos ? f.summary : f.summary.substr(at + 14);
}

class Tournament {
 public:
  explicit Tournament(const TournamentOptions& o)
      : o_(o),
        judge_(o.work / "judge"),
        secrets_(o.work / "secrets"),
        maildir_(o.work / "mail"),
        umpire_(ledger::SigningKey::generate()),
        sink_([this](const std::vector<std::string>& to, const std::string& message) {
          deliver(to, message);
        }) {
    for (const char* sub : {"new", "cur", "tmp"}) fs::create_directories(maildir_ / sub);
    fs::create_directories(game::keys_dir(secrets_));
    fs::create_directories(secrets_ / "chains");
    umpire_.save_pem(game::keys_dir(secrets_) / "umpire.key");
    // The players' keys and chains are kept beside it too (players/), so a
    // tournament kept with --work can be played on by hand.
    fs::create_directories(o.work / "players" / "chains");
    for (const char* side : kSides) {
      players_.emplace(side, ledger::SigningKey::generate());
      players_.at(side).save_pem(o.work / "players" / (std::string(side) + ".key"));
    }
    fs::create_directories(judge_);
    write_file_atomic(judge_ / "judge.json",
                      ledger::canonical(Json{
                          {"format", "adjutant-judge/1"},
                          {"maildir", maildir_.string()},
                          {"smtp", {{"url", "smtp://127.0.0.1:" + std::to_string(sink_.port())}}},
                          {"secrets", secrets_.string()}}) +
                          "\n");
  }

  void create(const fs::path& scenario_file) {
    game::NewGame ng;
    ng.created = kStart;
    ng.deadline_hours = 72;
    ng.scenario_text = read_file(scenario_file, kMaxJsonFile);
    ng.scenario = ledger::parse_strict(ng.scenario_text, scenario_file.string());
    ng.host = "umpire";
    for (int n = 1; n <= o_.games; ++n) {
      char name[16];
      std::snprintf(name, sizeof name, "g%03d", n);
      ng.name = name;
      ng.cards.clear();
      for (const std::string side : {"confederate", "union", "umpire"}) {
        const ledger::SigningKey& key = side == "umpire" ? umpire_ : players_.at(side);
        ledger::ChainSecret chain = ledger::new_chain(64);
        chain.game = name;
        chain.party = side;
        if (side == "umpire") {
          ledger::save_chain(game::chain_file(secrets_, ledger::anchor(chain)), chain);
        } else {
          chains_[{name, side}] = chain;
          ledger::save_chain(o_.work / "players" / "chains" / (std::string(name) + "-" + side),
                             chain);
        }
        std::string email = side == "umpire" ? kUmpireEmail : side + "@example.org";
        ng.cards.push_back(ledger::sign_envelope(
            ledger::kCardType, game::card_body(name, side, side, email, key, chain), key));
      }
      game::create_archive(judge_ / name, ng, umpire_, o_.outputs);
      games_.push_back(name);
    }
  }

  // Every game's bot orders mailed to the judge, and `junk` mails besides.
  int mail_orders(const std::string& at, int round, int junk) {
    int mailed = 0;
    for (std::size_t n = 0; n < games_.size(); ++n) {
      game::ReadGame g(judge_ / games_[n]);
      std::string side = g.replay.side_due();
      if (side.empty()) continue;
      bot::Orders orders = bot::orders_for(g.archive, g.replay.state(), side,
                                           std::uint64_t(n * 1000 + std::size_t(round)));
      Json envelope = game::sign_orders(g.archive, g.replay, side, players_.at(side),
                                        chains_.at({games_[n], side}), orders.body);
      auto umpire = g.archive.party("umpire");
      drop(report::orders_mail(report::game_facts(g.archive), *g.archive.party(side), *umpire,
                               envelope, at));
      ++mailed;
    }
    for (int j = 0; j < junk; ++j)
      drop(j % 2 ? "From: spam@example.net\r\nTo: " + std::string(kUmpireEmail) +
                       "\r\nSubject: offer " + std::to_string(j) + "\r\nMessage-ID: <junk" +
                       std::to_string(round) + "." + std::to_string(j) +
                       "@example.net>\r\n\r\nNothing for a game.\r\n"
                 : "From: confederate@example.org\r\nTo: " + std::string(kUmpireEmail) +
                       "\r\nSubject: orders?\r\nMessage-ID: <torn" + std::to_string(round) + "." +
                       std::to_string(j) +
                       "@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; "
                       "boundary=b\r\n\r\n--b\r\nContent-Type: application/json\r\n"
                       "Content-Disposition: attachment; filename=orders.json\r\n\r\n"
                       "{\"payloadType\": \"application/vnd.adjutant.orders.v1+json\", \"bo\r\n"
                       "--b--\r\n");
    return mailed;
  }

  PassFigures pass(const std::string& now) {
    ++passes_;
    return judge_pass(o_, judge_, now, o_.work / ("pass-" + std::to_string(passes_) + ".log"));
  }

  std::size_t copies() const { return copies_; }
  std::size_t processed() const {
    std::size_t n = 0;
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(maildir_ / ".adjutant-processed" / "cur", ec)) {
      (void)f;
      ++n;
    }
    return n;
  }
  long log_lines() const {
    long n = 0;
    for (const auto& g : games_) {
      std::string text = read_file(judge_ / g / "log.jsonl", kMaxLogFile);
      n += long(std::count(text.begin(), text.end(), '\n'));
    }
    return n;
  }

 private:
  // A message into the judge's maildir, as a mail server delivers it.
  void drop(const std::string& message) {
    std::lock_guard<std::mutex> lock(drop_mutex_);
    std::string name = std::to_string(1700000000 + dropped_) + ".M" + std::to_string(dropped_) +
                       "P" + std::to_string(::getpid()) + ".bench";
    ++dropped_;
    write_file_atomic(maildir_ / "tmp" / name, message);
    fs::rename(maildir_ / "tmp" / name, maildir_ / "new" / name);
  }

  void deliver(const std::vector<std::string>& to, const std::string& message) {
    for (const auto& t : to)
      if (t == kUmpireEmail) {
        drop(message);
        ++copies_;
        return;
      }
  }

  const TournamentOptions& o_;
  fs::path judge_, secrets_, maildir_;
  ledger::SigningKey umpire_;
  std::map<std::string, ledger::SigningKey> players_;
  std::map<std::pair<std::string, std::string>, ledger::ChainSecret> chains_;
  std::vector<std::string> games_;
  std::mutex drop_mutex_;
  std::size_t dropped_ = 0;
  std::size_t copies_ = 0;
  int passes_ = 0;
  mail::SmtpSink sink_;
};

}  // namespace

bool run_tournament(const TournamentOptions& o) {
  std::ostream& out = *o.out;
  Tournament t(o);
  auto t0 = std::chrono::steady_clock::now();
  t.create(o.scenario);
  out << "judge   made " << o.games << " umpired games in "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s\n";
  std::int64_t start = parse_rfc3339(kStart);
  auto at = [&](int minutes) { return format_rfc3339(start + std::int64_t(minutes) * 60); };
  bool ok = true;
  auto check = [&](const PassFigures& f) {
    if (f.exit != 0) {
      ok = false;
      out << "judge   a pass exited " << f.exit << ": " << f.summary << "\n";
    }
  };
  PassFigures invite = t.pass(at(5));
  check(invite);
  PassFigures settle = t.pass(at(10));
  check(settle);
  out << "judge   invitations: " << figures(invite) << " (" << counts(invite) << ")\n"
      << "        their copies: " << figures(settle) << " (" << counts(settle) << ")\n";
  PassFigures busy_worst, idle_worst;
  long peak = invite.peak_kib;
  for (int round = 1; round <= o.rounds; ++round) {
    int minutes = round * 60;
    int junk = (o.games * 6 + 99) / 100;  // 6% junk, as in a tournament's mail
    int mailed = t.mail_orders(at(minutes), round, junk);
    PassFigures busy = t.pass(at(minutes + 5));
    check(busy);
    // The next pass finds the judge's copies of what it sent; the one after,
    // nothing at all.
    PassFigures copies = t.pass(at(minutes + 10));
    check(copies);
    PassFigures idle = t.pass(at(minutes + 15));
    check(idle);
    out << "judge   round " << round << ": " << mailed << " orders and " << junk
        << " junk mails: " << figures(busy) << " (" << counts(busy) << ")\n"
        << "        the copies it sent: " << figures(copies) << " (" << counts(copies) << ")\n"
        << "        nothing new: " << figures(idle) << " (" << counts(idle) << "); history "
        << t.processed() << " messages, " << t.log_lines() << " log lines\n";
    if (busy.cpu_s > busy_worst.cpu_s) busy_worst = busy;
    if (idle.wall_s > idle_worst.wall_s) idle_worst = idle;
    peak = std::max({peak, busy.peak_kib, copies.peak_kib, idle.peak_kib});
  }
  char line[256];
  std::snprintf(line, sizeof line,
                "judge   %d games: nothing new %.2f s (target 1), %d new orders %.2f s CPU "
                "(target 15), peak %ld MiB (target 150)\n",
                o.games, idle_worst.wall_s, o.games, busy_worst.cpu_s, peak / 1024);
  out << line;
  return ok;
}

}  // namespace adjutant::cli
