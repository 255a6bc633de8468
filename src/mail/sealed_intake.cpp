#include "mail/sealed_intake.h"

#include "game/fog.h"
#include "mail/mailbox.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::mail {

namespace fs = std::filesystem;

std::vector<ledger::Json> sealed_posts(const MimePart& message, const std::string& source) {
  std::vector<ledger::Json> out;
  for (const MimePart* part : leaves(message))
    if (part->content_type == game::kSealedPostType) {
      std::string where = source + ", " + printable(part->filename);
      try {
        out.push_back(ledger::parse_strict(part->body, where));
      } catch (const Error& e) {
        throw Error("sync.packet", where + ": not a sealed post: " + e.what());
      }
    }
  return out;
}

std::vector<ledger::Json> sealed_posts_in(const std::vector<fs::path>& paths) {
  std::vector<ledger::Json> out;
  auto take = [&](const std::string& raw, const std::string& source) {
    for (auto& p : sealed_posts(parse_message(raw), source)) out.push_back(std::move(p));
  };
  for (const fs::path& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      if (!fs::is_directory(path / "new", ec) && !fs::is_directory(path / "cur", ec)) continue;
      auto box = open_maildir(path);
      for (const MessageRef& m : box->list()) {
        try {
          take(box->read(m), path.string() + ": " + m.source);
        } catch (const Error& e) {
          if (e.id() != "mail.too_large") throw;
        }
      }
    } else if (fs::is_regular_file(path, ec) && path.extension() != ".jsonl") {
      take(read_file(path, kMaxMailFile), path.string());
    }
  }
  return out;
}

}  // namespace adjutant::mail
