// The player page's engine (docs/play-in-browser.md): a player's copy of a
// game held in memory, and every step of a player's job on it, over the
// same game layer the command line uses, so the page verifies, checks,
// signs and adjudicates exactly as `adjutant` does and writes the same
// bytes. It holds no key and no cryptography: signatures are the page's
// key in the browser and every hash is WebCrypto's, both asked through the
// CryptoOracle (ledger/crypto_oracle.h); a request whose answer needs what
// the oracle does not know answers {"need": ...} and changes nothing.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "game/archive.h"
#include "game/replay.h"
#include "ledger/jcs.h"

namespace adjutant::web {

using ledger::Json;

class PlayerGame {
 public:
  // The copy: its log (JSON lines) and the scenario the genesis pins.
  // Errors log.*, scenario.*, archive.*.
  PlayerGame(const std::string& log_text, const Json& scenario);

  // Verifies the lines not verified yet, in order, as `adjutant verify`
  // does: {"ok": true, "lines", "head"} or, at the first that fails, {"ok":
  // false, "error", "line", "message"} (the line and the rest unverified).
  Json verify();
  bool verified() const { return replay_ && replay_->lines() == int(archive_->log().size()); }

  // What the page shows and asks: the phase due, who is awaited, the
  // deadline, each party's next dice link, the `after` an order file names,
  // the parties, the state as `side` may see it.
  Json status(const std::string& side) const;

  // Lines of another copy (JSON lines text, from a mail): the ones this copy
  // lacks are appended once each verifies, as `adjutant sync` does (errors
  // sync.fork, sync.gap, sync.future, verify.*); nothing changes otherwise.
  Json offer(const std::string& lines_text, const std::string& source);

  // An order file received, held to the phase due as `adjutant check` does
  // (orders.*, envelope.*, the ruleset's refusal).
  Json check(const Json& envelope) const;
  // Orders of `side` written as JSON or text orders, read and checked
  // without a signature: {"ok", "body", "echo"} or the problems.
  Json read(const std::string& side, const std::string& text) const;

  // `body` completed and signed by `side` with `key` (its raw public key) as
  // `adjutant sign` signs it: the phase due, its `after`, the side's next
  // link `link` (hex s_m of index m), the revision after `previous` (the
  // latest file the player signed for this phase, or null). The rules'
  // check first (refused unless `force`). {"text": the file's bytes}.
  Json sign(const std::string& side, const Json& body, const Json& link, const Json& previous,
            bool force) const;

  // The writes of the party holding `key` (raw public key), each appended
  // once it verifies: the opponent's order file and its adjudication, an
  // extension, no moves received, a concession. `link` is the writer's next
  // dice link when it adjudicates; `at` the time to record.
  Json adjudicate(const Json& envelope, const Json& link, const std::string& at);
  Json rule(const std::string& kind, const Json& request, const Json& link, const std::string& at);
  Json concede(const std::string& side, const std::string& at);

  // The archive folder's files as `adjutant` writes them: game.json,
  // log.jsonl, scenario.json, state.json (texts), for the page's export.
  Json files() const;
  // Log lines [first, last] as a mail carries them: {"name", "text"}.
  Json lines(int first, int last) const;

  const game::Archive& archive() const { return *archive_; }

 private:
  Json append(const std::vector<std::string>& lines);
  void require_verified() const;

  std::unique_ptr<game::Archive> archive_;
  std::optional<game::Replay> replay_;
  bool genesis_checked_ = false;
};

// A signed player card, as `adjutant join` writes it: {"text"}.
Json make_card(const Json& request);
// A new game's genesis line, hosted by the party holding `key`, from the
// players' cards and the scenario, as `adjutant new` makes it: {"log": line
// 0 and its newline, "game_json"}. No fog of war here (an umpire hosts it).
Json make_genesis(const Json& request);

// The requests of the player page (what the WebAssembly build exports with
// web::answer), by their op: game.open (with the log and scenario), then
// game.verify, game.status, game.offer, game.check, game.read, game.sign,
// game.adjudicate, game.rule, game.concede, game.files, game.lines; and
// card and genesis. Never throws.
Json player_answer(const Json& request);

}  // namespace adjutant::web
