// The player page of a side's sealed copy of a fog-of-war game
// (docs/play-in-browser.md "Fog of war"): the copy held in memory, and the
// side's job on it over the game layer `adjutant` uses on a sealed copy
// (game/fog.h), so the page verifies, reads, checks and signs as `verify`,
// `orders`, `check` and `sign` do on the copy, and takes the umpire's
// sealed posts as `sync` does. The page holds nothing the copy does not:
// no line of the umpire's log, no scenario but the side's part. As the
// player page (web/player.h), it holds no cryptography: every hash and
// verdict is asked of the page through the CryptoOracle.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "game/fog.h"
#include "ledger/jcs.h"

namespace adjutant::web {

using ledger::Json;

class SealedPlayer {
 public:
  // The copy a sealed post of its lines from 0 carries (game/fog.h
  // sealed_copy_post), verified as `sync` verifies a new copy. Errors
  // sync.*, verify.*.
  explicit SealedPlayer(const Json& post);

  // {"ok": true, "lines", "head", "opened", "commitments", "revealed"}, or
  // {"ok": false, "error", "where", "message"}: the copy as verify_sealed
  // reports it.
  Json verify() const;

  // The side, the phase due (or none), its `after`, the side's next link,
  // the parties, the side's latest view (the state it may see) and the
  // events in clear of the latest adjudication.
  Json status() const;

  // Text orders or a JSON body read and checked on the side's view, as
  // `adjutant orders COPY` does: {"ok", "body", "echo"} or the problems.
  Json read(const std::string& text) const;

  // `body` completed as `adjutant sign ORDERS --game COPY` completes it, with
  // the side's next link (`link`: {"m", "s"}) and the revision after
  // `previous` (the latest file signed for the phase, or null), and signed
  // with the side's key (raw public key from genesis) through the oracle.
  // The check first, refused unless `force`. {"text", "envelope", "check"}.
  Json sign(const Json& body, const Json& link, const Json& previous, bool force) const;

  // The sealed posts of a mail (or a page) taken into the copy, in the order
  // of their first line, as `adjutant sync COPY MAIL` takes them: nothing
  // changes unless every one verifies. Errors sync.*, verify.*.
  Json offer(const Json& posts);

  // The copy's folder as `adjutant sync` writes it: game.json, log.jsonl,
  // packet.json; and the whole copy as one sealed post ("post").
  Json files() const;

 private:
  game::SealedCopy copy_;
  game::SealedReport report_;
};

// The requests of a sealed copy's page: sealed.open (with "post"), then
// sealed.verify, sealed.status, sealed.read, sealed.sign, sealed.offer,
// sealed.files. Never throws.
Json sealed_answer(const Json& request);

}  // namespace adjutant::web
