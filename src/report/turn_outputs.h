// What the pipeline writes for each post (game/posts.h) in its turn folder:
// report-<party>.txt and .html for every party, and mail-<party>.eml for
// every recipient. Each mail carries the log lines since the post before
// (log-*.jsonl), so the recipient's copy of the archive stays current; the
// invitation also carries the scenario.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/posts.h"
#include "report/eml.h"
#include "report/report_input.h"

namespace adjutant::report {

// The facts every report of `archive` shares (the archive must outlive them:
// they point at its scenario and ruleset).
GameFacts game_facts(const game::Archive& archive);

// The player page (docs/play-in-browser.md) each side's mail of a post
// carries: the game as of the post, for a side of a game the page plays
// (report/play_page.h), when the program carries the page's WebAssembly
// and the pages are `wanted`. The umpire's mail carries none.
class PlayerPages {
 public:
  PlayerPages(const game::Archive& archive, const game::Post& post, bool wanted);
  // NAME-SIDE.html for `recipient`, or nothing.
  std::optional<Attachment> page(const std::string& recipient) const;

 private:
  const game::Archive& archive_;
  ledger::Json data_;  // the first side's page data; null for no pages
};

// Writes every file atomically and returns their paths, in writing order.
// The maps (map-<side>.png) must already be in `folder`: reports show them.
// Each side's mail carries its player page unless `player_pages` is false.
std::vector<std::filesystem::path> write_post_outputs(const game::Archive& archive,
                                                      const game::Post& post,
                                                      const std::filesystem::path& folder,
                                                      bool player_pages = true);

// The reports and mails of one adjudication from its facts alone (what
// write_post_outputs writes for an adjudication; `extra` are further mail
// attachments, the log lines; `pages` the sides' player pages).
std::vector<std::filesystem::path> write_turn_outputs(const GameFacts& facts,
                                                      const game::Adjudication& adj,
                                                      const std::filesystem::path& folder,
                                                      const std::vector<Attachment>& extra = {},
                                                      const PlayerPages* pages = nullptr);

// The mail of `post` for `recipient`, as write_post_outputs writes it.
std::string post_mail(const game::Archive& archive, const GameFacts& facts, const game::Post& post,
                      const game::Party& recipient, const std::filesystem::path& folder,
                      bool player_pages = true);

}  // namespace adjutant::report
