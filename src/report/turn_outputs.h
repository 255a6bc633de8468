// What the pipeline writes for each post (game/posts.h) in its turn folder:
// report-<party>.txt and .html for every party, and mail-<party>.eml for
// every recipient. Each mail carries the log lines since the post before
// (log-*.jsonl), so the recipient's copy of the archive stays current; the
// invitation also carries the scenario.
#pragma once

#include <filesystem>
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

// Writes every file atomically and returns their paths, in writing order.
// The maps (map-<side>.png) must already be in `folder`: reports show them.
std::vector<std::filesystem::path> write_post_outputs(const game::Archive& archive,
                                                      const game::Post& post,
                                                      const std::filesystem::path& folder);

// The reports and mails of one adjudication from its facts alone (what
// write_post_outputs writes for an adjudication; `extra` are further mail
// attachments, the log lines).
std::vector<std::filesystem::path> write_turn_outputs(const GameFacts& facts,
                                                      const game::Adjudication& adj,
                                                      const std::filesystem::path& folder,
                                                      const std::vector<Attachment>& extra = {});

// The mail of `post` for `recipient`, as write_post_outputs writes it.
std::string post_mail(const game::Archive& archive, const GameFacts& facts, const game::Post& post,
                      const game::Party& recipient, const std::filesystem::path& folder);

}  // namespace adjutant::report
