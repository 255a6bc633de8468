// `adjutant status DIR` and `adjutant view DIR` over a folder of games (a
// judge's, docs/judge.md): one line per game, and a standings page linking
// each game's replay page.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "game/adjudicate.h"
#include "game/line_checks.h"
#include "game/tournament.h"
#include "report/replay_page.h"
#include "report/report_input.h"
#include "report/standings_page.h"
#include "util/error.h"
#include "util/files.h"
#include "util/local_time.h"
#include "util/printable.h"
#include "util/time_format.h"
#include "util/words.h"

namespace adjutant::cli {

namespace fs = std::filesystem;
using ledger::Json;

int folder_status(const fs::path& dir, bool json, bool csv, const std::string& zone,
                  const std::string& now) {
  std::string at = game::record_time(now);
  std::vector<game::GameRow> rows = game::tournament(dir, at);
  if (json) {
    Json games = Json::array();
    for (const auto& r : rows) games.push_back(r.to_json());
    print_json({{"folder", dir.string()}, {"now", at}, {"games", games}});
    return 0;
  }
  if (csv) {
    std::cout << game::tournament_csv(rows);
    return 0;
  }
  if (rows.empty()) {
    std::cout << "no game archive under " << dir.string() << "\n";
    return 0;
  }
  int late = 0, waiting = 0, over = 0;
  for (const auto& r : rows) {
    std::cout << printable(r.folder);
    if (!r.error.empty()) {
      std::cout << ": cannot be read: " << printable(r.error) << "\n";
      continue;
    }
    std::cout << ": " << printable(r.scenario) << " (" << r.ruleset << ")\n";
    if (!r.result.empty()) {
      ++over;
      std::cout << "  game over: " << printable(r.result) << "\n";
    } else {
      std::string due;
      for (const auto& s : r.due) due += (due.empty() ? "" : " and ") + s;
      std::cout << "  " << r.phase << ": orders from " << due << " to " << r.adjudicator << ", due "
                << deadline_text(r.due_by, zone) << (r.late ? ", LATE" : "") << "\n";
    }
    if (r.late) ++late;
    if (!r.waiting.empty()) {
      ++waiting;
      std::cout << "  waiting on " << r.adjudicator << ": " << printable(r.waiting) << "\n";
    }
    if (!r.vp.empty()) {
      std::cout << "  vp";
      for (const auto& [side, n] : r.vp) std::cout << " " << side << " " << n;
      std::cout << "\n";
    }
  }
  std::cout << counted(long(rows.size()), "game") << ": " << over << " over, " << late << " late, "
            << waiting << " waiting on the adjudicator (as of " << format_utc(parse_rfc3339(at))
            << ")\n";
  return 0;
}

int folder_view(const fs::path& dir, const fs::path& out, bool json) {
  std::string at = game::now_utc();
  std::vector<game::GameRow> rows = game::tournament(dir, at);
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    throw Error("view.write", out.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  // Each game's replay page in a folder of its own, beside the standings.
  std::vector<std::string> links;
  int failed = 0;
  for (const auto& r : rows) {
    fs::path game = dir / r.folder;
    int bad_line = -1;
    std::string problem;
    try {
      game::Archive archive = game::Archive::open_partial(game, bad_line, problem);
      game::LineChecks checks = game::check_lines(archive, bad_line, problem);
      fs::path page = out / "games" / r.folder / "index.html";
      fs::create_directories(page.parent_path());
      write_file_atomic(page, report::replay_page(archive, checks, report::kUmpire));
      links.push_back("games/" + r.folder + "/index.html");
      if (checks.first_bad >= 0) ++failed;
    } catch (const Error& e) {
      links.push_back("");
      ++failed;
      std::cerr << printable(r.folder) << ": no replay page: " << printable(e.what()) << "\n";
    }
  }
  fs::path named = fs::absolute(dir).lexically_normal();
  if (named.filename().empty()) named = named.parent_path();
  std::string title = "Standings: " + named.filename().string();
  write_file_atomic(out / "index.html", report::standings_page(title, at, rows, links));
  if (json) {
    Json pages = Json::array();
    for (std::size_t i = 0; i < rows.size(); ++i)
      pages.push_back({{"game", rows[i].folder},
                       {"page", links[i].empty() ? Json() : Json((out / links[i]).string())}});
    print_json({{"file", (out / "index.html").string()}, {"games", pages}});
  } else {
    std::cout << "wrote " << (out / "index.html").string() << " (standings of "
              << counted(long(rows.size()), "game") << ", each linking its replay page)\n";
  }
  return failed ? int(Exit::kVerifyFailed) : 0;
}

}  // namespace adjutant::cli
