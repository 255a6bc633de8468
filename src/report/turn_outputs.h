// What the pipeline writes for each post (game/posts.h) in its turn folder:
// report-<party>.txt and .html for every party, and mail-<party>.eml for
// every recipient. Each mail carries the log lines since the post before
// (log-*.jsonl), so the recipient's copy of the archive stays current; the
// invitation also carries the scenario.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/posts.h"
#include "ledger/keys.h"
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

// What each side's mail of a post of a fog-of-war game carries, when the
// umpire's key is at hand: the side's sealed post (game/fog.h sealed_post),
// the new lines and openings of its sealed copy, as
// sealed-GAME-SIDE-FIRST-LAST.json. Without the key (or in a game that
// hides nothing) there are none, and the mail says the sealed copy travels
// apart (`adjutant seal`).
class SealedPosts {
 public:
  // With `pages`, each side's player page too, made from its sealed copy
  // as of the post (report/play_page.h sealed_play_data).
  SealedPosts(const game::Archive& archive, const game::Post& post,
              const ledger::SigningKey* umpire, bool pages = false);
  std::optional<Attachment> post(const std::string& recipient) const;
  std::optional<Attachment> page(const std::string& recipient) const;
  bool any() const { return !by_side_.empty(); }

 private:
  std::map<std::string, Attachment> by_side_;
  std::map<std::string, Attachment> pages_;
};

// Writes every file atomically and returns their paths, in writing order.
// The maps (map-<side>.png) must already be in `folder`: reports show them.
// Each side's mail carries its player page unless `player_pages` is false,
// and in a fog-of-war game its sealed post when `umpire` is given.
std::vector<std::filesystem::path> write_post_outputs(const game::Archive& archive,
                                                      const game::Post& post,
                                                      const std::filesystem::path& folder,
                                                      bool player_pages = true,
                                                      const ledger::SigningKey* umpire = nullptr);

// The reports and mails of one adjudication from its facts alone (what
// write_post_outputs writes for an adjudication; `extra` are further mail
// attachments, the log lines; `pages` the sides' player pages, `sealed`
// their sealed posts).
std::vector<std::filesystem::path> write_turn_outputs(const GameFacts& facts,
                                                      const game::Adjudication& adj,
                                                      const std::filesystem::path& folder,
                                                      const std::vector<Attachment>& extra = {},
                                                      const PlayerPages* pages = nullptr,
                                                      const SealedPosts* sealed = nullptr);

// The mail of `post` for `recipient`, as write_post_outputs writes it.
std::string post_mail(const game::Archive& archive, const GameFacts& facts, const game::Post& post,
                      const game::Party& recipient, const std::filesystem::path& folder,
                      bool player_pages = true, const ledger::SigningKey* umpire = nullptr);

}  // namespace adjutant::report
