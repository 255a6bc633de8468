#include "mail/log_intake.h"

#include "mail/mailbox.h"
#include "mail/mime_parse.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::mail {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// "log-<16 hex>-<first>-<last>.jsonl": the game the lines belong to, or "".
std::string game_of(const std::string& filename) {
  if (filename.rfind("log-", 0) != 0 || filename.size() < 4 + 16) return "";
  return filename.substr(4, 16);
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(s.begin());
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.pop_back();
  return s;
}

}  // namespace

std::set<std::string> carried_games(const MimePart& message) {
  std::set<std::string> out;
  std::string header = trimmed(message.header("x-adjutant-game"));
  if (!header.empty()) out.insert(header);
  for (const MimePart* part : leaves(message))
    if (ends_with(part->filename, ".jsonl") || part->content_type == "application/x-ndjson") {
      std::string game = game_of(part->filename);
      if (!game.empty()) out.insert(game);
    }
  return out;
}

void take_carried(CarriedFiles& out, std::string_view raw, const std::string& source,
                  const std::string& game_id) {
  take_carried(out, parse_message(raw), source, game_id);
}

void take_carried(CarriedFiles& out, const MimePart& message, const std::string& source,
                  const std::string& game_id) {
  ++out.messages;
  std::string header_game = trimmed(message.header("x-adjutant-game"));
  if (!game_id.empty() && !header_game.empty() && header_game != game_id) {
    out.lines.notes.push_back(source + ": a mail of another game, skipped");
    return;
  }
  for (const MimePart* part : leaves(message)) {
    const std::string& name = part->filename;
    if (ends_with(name, ".jsonl") || part->content_type == "application/x-ndjson") {
      std::string game = game_of(name);
      if (!game_id.empty() && !game.empty() && game_id.rfind(game, 0) != 0) {
        out.lines.notes.push_back(source + ": " + printable(name) + " is of another game, skipped");
        continue;
      }
      // A damaged attachment is reported; the rest of the mailbox is taken.
      try {
        game::OfferedLines one = out.lines;
        game::add_lines(one, part->body, source + ", " + printable(name));
        out.lines = std::move(one);
      } catch (const Error& e) {
        out.lines.notes.push_back(source + ": " + printable(name) + " skipped: " + e.what());
      }
    } else if (name == "scenario.json") {
      out.scenario = part->body;
    }
  }
}

CarriedFiles read_carried(const std::vector<fs::path>& paths, const std::string& game_id) {
  CarriedFiles out;
  for (const auto& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      if (!fs::is_directory(path / "new", ec) && !fs::is_directory(path / "cur", ec))
        throw Error("sync.source",
                    path.string() + ": a folder that is not a maildir (no new/ or cur/)");
      // One message at a time; none is moved.
      auto box = open_maildir(path);
      for (const MessageRef& m : box->list()) {
        std::string bytes;
        try {
          bytes = box->read(m);
        } catch (const Error& e) {
          out.lines.notes.push_back(m.source + ": [" + e.id() + "] skipped");
          continue;
        }
        take_carried(out, bytes, path.string() + ": " + m.source, game_id);
      }
    } else if (path.extension() == ".jsonl") {
      game::add_lines(out.lines, read_file(path, kMaxLogFile), path.string());
    } else {
      take_carried(out, read_file(path, kMaxMailFile), path.string(), game_id);
    }
  }
  return out;
}

}  // namespace adjutant::mail
