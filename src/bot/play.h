// The bot at the table: orders for one side of an archive, and whole games
// played through the real pipeline (sign, check, adjudicate, mail, verify)
// for every side whose key it holds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "bot/bot.h"
#include "game/caches.h"

namespace adjutant::bot {

namespace fs = std::filesystem;

// The bot's orders for `side` in the archive's current phase (Error
// bot.not_due when another side's orders are due, orders.game_over after
// the end).
Orders orders_for(const game::Archive& archive, const model::State& state, const std::string& side,
                  std::uint64_t seed);

struct PlayOptions {
  fs::path secrets;            // keys and chains (secrets/keys, secrets/chains)
  std::vector<fs::path> keys;  // --key files; a chain may sit beside each as KEY.chain
  std::uint64_t seed = 1;
  std::string at;              // the time of the first adjudication ("" = the clock)
  int step_minutes = 24 * 60;  // added for each adjudication after it
  fs::path maildir;            // where every post's mail is delivered ("" = nowhere)
  game::TurnWriter outputs;    // maps, reports and mail of each turn folder
  int max_phases = 0;          // 0: until the game ends
  std::function<void(const std::string&)> say;  // one line of progress
};

struct PlayResult {
  int phases = 0;   // adjudications made
  int dice = 0;     // dice they rolled
  int refused = 0;  // problems of orders the bot tried and dropped before the check accepted
  int mails = 0;    // mail files delivered
  bool over = false;
  std::string stopped;  // why play stopped
  std::string head;     // the log head after play, verified
};

// Plays phase after phase: for the side due, the bot's orders signed with
// its key and chain, checked (a refusal is a bug: Error bot.refused),
// adjudicated with the adjudicating party's key and chain, the new posts'
// mail copied into MAILDIR/new; until the game ends, max_phases are played
// or a key or chain is missing (then it stops and says whose). The whole
// archive is verified at the end (Error verify.*, exit 3).
PlayResult play(const fs::path& game, const PlayOptions& options);

// Copies the mail files of every post of the archive into maildir/new (by
// way of maildir/tmp), named <game id/16>-<turn folder>-<file>; files there
// already are left alone. Returns how many were delivered.
int deliver_mail(const game::Archive& archive, const fs::path& maildir);

}  // namespace adjutant::bot
