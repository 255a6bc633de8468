// The player page (adjutant view --play, docs/play-in-browser.md): one
// self-contained HTML file per side and turn that does a player's whole job
// offline from the mail: verify the game, keep the player's copy, write and
// sign orders, adjudicate the opponent's, write the result mail and the
// next page. It carries the rules and the game layer in WebAssembly (the
// same module as the order page), and asks the browser's WebCrypto for
// every hash and signature; no key is ever in it. The join page is the same
// file before the game exists: it makes the player's key, dice chain and
// card. The page writes the next page from its own parts (the skeleton
// web/assets/player.html and what fills it) byte for byte as this does.
#pragma once

#include <string>

#include "game/archive.h"
#include "game/fog.h"
#include "report/order_page_wasm.h"

namespace adjutant::report {

// The program's release the pages name (the program sets it once as it
// starts; "" in a program that does not).
void set_play_release(const std::string& release);
const std::string& play_release();

// Why no player page can be made of `archive`'s game ("" when one can): a
// fog-of-war game (its log holds what a side may not see: the page is made
// from a side's sealed copy, sealed_play_data) or a map the page cannot draw.
std::string play_page_refusal(const game::Archive& archive);

// The page's data for `side` of the game (mode "turn"): the log up to line
// `last` (-1: all of it), the scenario, the base map and where its hexes
// are; `release` is the program's version. Errors view.bad_side, and
// view.no_player_page for a game play_page_refusal refuses.
ledger::Json play_data(const game::Archive& archive, const std::string& side,
                       const std::string& release, int last = -1);

// The same data for another side of the same game and log.
ledger::Json play_data_for(const ledger::Json& data, const game::Archive& archive,
                           const std::string& side);

// The join page's data (mode "join"): the game's name, the side asked for,
// who hosts and where the card goes, and the scenario (a hex scenario of a
// game without fog of war) with its map: the page hosts the game too when
// its player is the host (docs/play-in-browser.md).
struct JoinInvite {
  std::string game;
  std::string side;
  std::string host_name;
  std::string host_email;
  std::string scenario_title;
  ledger::Json scenario;
};
ledger::Json join_data(const JoinInvite& invite, const std::string& release);

// The page of a side's sealed copy of a fog-of-war game (mode "sealed",
// docs/play-in-browser.md "Fog of war"): the copy as one sealed post, the
// sides' names and, for a table game, the side's table as its latest view
// shows it. Nothing else: the page holds what the copy holds. `report` is
// the copy's check (game/fog.h check_sealed_copy); errors verify.* for a
// copy that did not check, sign.sealed_text for one without its part.
// True when a side's sealed copy of a game of `ruleset` has a player page:
// its part of the scenario reads orders and its table is drawn
// (rules::board_of, Board::kTable; the test-only rulesets give no such part).
bool sealed_page_rules(const rules::Ruleset& ruleset);
ledger::Json sealed_play_data(const game::SealedCopy& copy, const game::SealedReport& report,
                              const std::string& release);

// The page itself. Error view.no_order_page when the program carries no
// WebAssembly (built without emscripten).
std::string play_page(const ledger::Json& data, const OrderWasm& wasm = order_wasm());

}  // namespace adjutant::report
