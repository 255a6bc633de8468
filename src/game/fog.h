// Fog of war (docs/protocol.md 10a): the umpire's archive holds every line
// in clear; each side holds a sealed copy, where every order file and every
// adjudication is replaced by a sealed line that carries in clear only what
// hides nothing, and commitments (salted hashes) of the rest. Each side
// receives a packet of the openings it may see; at the end of the game the
// umpire publishes every opening in one `openings` entry, and verify on a
// sealed copy then opens everything, replays the game and holds each side's
// view to the ruleset's.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"
#include "game/sync.h"
#include "ledger/keys.h"

namespace adjutant::game {

inline constexpr const char* kFogSaltsFile = "fog-salts.json";
inline constexpr const char* kFogSaltsFormat = "adjutant-fog-salts/1";
inline constexpr const char* kPacketFile = "packet.json";
inline constexpr const char* kPacketFormat = "adjutant-fog-packet/1";
// A commitment the umpire signs outside the log (a side's part of the
// scenario, protocol 10a): a DSSE envelope of this type whose body is
// {"format", "game", "side", "line", "kind", "commit"}.
inline constexpr const char* kFogCommitmentType = "application/vnd.adjutant.fog-commitment.v1+json";
inline constexpr const char* kFogCommitmentFormat = "adjutant-fog-commitment/1";

// The umpire's salts, one per committed item ("LINE/KIND" -> 32 raw bytes),
// kept in fog-salts.json beside the umpire's log: sealing again gives the
// same bytes. `revealed` is set by `adjutant reveal`.
struct FogSalts {
  std::map<std::string, std::string> salts;
  bool revealed = false;
  bool changed = false;  // a salt was drawn since load
  // When set, a new salt is derived from the umpire's key (docs/protocol.md
  // 10a): SHA-256 of its Ed25519 signature of the context and LINE/KIND.
  // Nobody without that key can compute it, and the umpire's copy made
  // again from the same inputs has the same bytes. Else RAND_bytes.
  const ledger::SigningKey* signer = nullptr;
  std::string context;

  // The salt of (line, kind), drawn when there is none yet.
  const std::string& get(int line, const std::string& kind);
  std::optional<std::string> find(int line, const std::string& kind) const;

  // An empty set when the archive has no salts file. Error "fog.salts" for
  // a file that is not one.
  static FogSalts load(const fs::path& archive_dir);
  void save(const fs::path& archive_dir) const;  // atomic
};

// The hex commitment C of protocol 10a.
std::string commit_hex(const std::string& kind, const std::string& salt, const Json& content);

// What a side's sealed copy shows of the state and of the scenario: the
// ruleset's view and part, and from protocol 2 with the scenario's id and
// title replaced (kSealedScenario, ""): they would name the scenario file,
// whose set-up a side could then read (docs/protocol.md 10a).
inline constexpr const char* kSealedScenario = "sealed";
Json side_view(const rules::Ruleset& ruleset, const model::State& state, const std::string& side,
               int protocol);
Json side_part(const rules::Ruleset& ruleset, const Json& scenario, const std::string& side,
               int protocol);

// Genesis's "fog" member of a fog-of-war game: the commitments of the
// scenario ("scenario") and of each side's view of the initial state
// ("view:SIDE"), which stand where other games pin the scenario's plain
// SHA-256 (a plain hash of a small hidden fact can be found by trying).
Json fog_genesis(const rules::Ruleset& ruleset, const Json& scenario, FogSalts& salts,
                 int protocol);

// True when a genesis body is of a fog-of-war game.
bool is_fog_genesis(const Json& genesis);

// The umpire's copy: genesis's commitments open with the salts beside the
// log to scenario.json and the initial views. Throws Error verify.scenario.
void check_fog_genesis(const Archive& archive);

// --- The umpire ---

struct SealOptions {
  fs::path key;      // the umpire's private key (default: found in the secrets folder)
  fs::path secrets;  // the secrets folder
};

struct SealResult {
  int lines = 0;          // lines of the sealed log
  int openings = 0;       // openings in the side's packet
  bool revealed = false;  // the sealed log ends with the openings entry
  std::string head;
};

// Writes `side`'s sealed copy of the umpire's archive `game` into `out`
// (game.json, log.jsonl, packet.json). Errors "seal.not_fog" (not a
// fog-of-war game), "seal.side" (not a side), "seal.out" (the archive
// itself); the archive is verified first (verify.*).
SealResult seal_copy(const fs::path& game, const std::string& side, const fs::path& out,
                     const SealOptions& options);

// Marks a game over so that every sealed copy made from now on ends with
// the openings entry. Errors "reveal.not_over", "seal.not_fog".
int reveal_game(const fs::path& game);

// --- A sealed copy by mail (docs/protocol.md 10a, item 4b) ---

inline constexpr const char* kSealedPostFormat = "adjutant-sealed-post/1";
// The MIME type of the attachment that carries one (no order file, no log lines).
inline constexpr const char* kSealedPostType = "application/vnd.adjutant.sealed-post+json";

// What the umpire's mail of the post of lines [first, last] carries to
// `side`: what `seal` would add to the side's sealed copy since the post
// before, signed with `umpire`:
//   {"format","game","side","first","last","lines":[the side's sealed lines
//    first..last, each its exact bytes],"openings":[the side's openings of
//    those lines (line 0's too at genesis)],["commitments": the umpire's
//    signed commitment of the side's part, at genesis],["due": the phase
//    due after `last`, when it waits on the side]}
// `state` is the state after line `last`. Salts it draws are kept in the
// umpire's fog-salts.json. Error seal.not_fog, seal.side.
Json sealed_post(const Archive& archive, const std::string& side, int first, int last,
                 const model::State& state, const ledger::SigningKey& umpire);

// "sealed-<first 16 hex of the game id>-<side>-<first>-<last>.json"
std::string sealed_post_name(const Archive& archive, const std::string& side, int first, int last);

// --- A side's sealed copy ---

// A sealed copy in memory: game.json, the lines of log.jsonl, packet.json.
struct SealedCopy {
  Json game_json;
  std::vector<LogEntry> log;
  Json packet;
};

struct SealedReport {
  bool ok = false;
  std::string side;
  int lines = 0;
  int adjudications = 0;
  int dice = 0;         // known once everything is opened
  int commitments = 0;  // in the whole copy
  int opened = 0;       // of them, opened and checked
  bool revealed = false;
  std::string head;  // the hash of the umpire's log line the copy reached
  int turn = 0;
  std::string phase;
  std::uint32_t next_link = 0;  // the link the copy's side reveals in its next order file
  // The side's link before it (m and raw s; the anchor at 0), or, when its
  // file of the phase is in (`same_link`), the link a corrected file
  // reveals again.
  std::uint32_t link_m = 0;
  std::string link_s;
  bool same_link = false;
  bool part = false;  // the packet holds the side's part of the scenario, checked
  int protocol = 1;   // of the game (protocol 2 commits the dice until the end)
  std::string error_id;
  std::string where;
  std::string message;
  int exit_code = 0;

  Json to_json() const;
  std::string text() const;
};

// A folder holding a side's sealed copy (its packet.json).
bool is_sealed_copy(const fs::path& dir);

// Checks a sealed copy in memory (never throws), as verify_sealed does.
SealedReport check_sealed_copy(const SealedCopy& copy);

// The sealed copy in the folder `dir`, read. Errors verify.malformed.
SealedCopy read_sealed_copy(const fs::path& dir);

// Checks a sealed copy (never throws): before the openings entry every
// signature, the chain, every reveal and seed, and every opening of the
// packet; after it, everything, by a full replay of the opened game.
SealedReport verify_sealed(const fs::path& dir);

// The merge of sync_sealed in memory: `offered` taken into `held` (a new
// copy when null), verified; nothing is written. Errors those of sync_sealed.
struct MergedCopy {
  SealedCopy copy;
  SyncResult result;
  SealedReport check;
  int new_openings = 0;
};
MergedCopy merge_sealed_copy(const SealedCopy* held, const SealedCopy& offered,
                             const std::string& source);

// A sealed post (sealed_post) as the part of a sealed copy it carries: its
// lines, and a packet of its openings. Error sync.packet.
SealedCopy sealed_post_copy(const Json& post, const std::string& source);

// A whole sealed copy as one sealed post of its lines 0 to its head (what a
// player page carries: docs/play-in-browser.md).
Json sealed_copy_post(const SealedCopy& copy);

// Appends to the sealed copy `copy` (made when missing) the lines of the
// sealed copy written by `seal` in `from`, and takes its packet; the result
// is verified before anything is written (verify.*, exit 3). Errors
// sync.fork, sync.gap, sync.packet.
SyncResult sync_sealed(const fs::path& copy, const fs::path& from);

// The same from sealed posts (sealed_post, as the umpire's mails carry
// them), taken in the order of their first line: each one's lines and
// openings, and its phase due when it reaches the copy's head. Errors
// sync.packet (a post that is none, or of another game or side), and
// those of sync_sealed.
SyncResult sync_sealed_posts(const fs::path& copy, std::vector<Json> posts,
                             const std::string& source);

// Signs the order body `body` for the copy's side from its sealed copy: the
// phase due and its `after` come from the packet (`due`, written by seal),
// the reveal is the side's next link. The rules are not checked (the copy
// holds no scenario until the end); the umpire's intake checks them.
// Errors "sign.not_due" (no phase of this side is due), adjudicate.wrong_key /
// adjudicate.wrong_chain, key.not_found, chain.not_found, verify.*.
Json sign_sealed(const fs::path& copy, Json body, const fs::path& key, const fs::path& chain,
                 const fs::path& secrets);

// A side's sealed copy opened to read and check its orders (docs/protocol.md
// 10a, "A side's part of the scenario"): the ruleset built from the side's
// part of the scenario, and the side's view of the phase due (the opening of
// its latest view). The copy is verified first (verify.*). Errors
// "sign.not_due" (no phase of the side is due), "sign.sealed_text" (the copy
// holds no part: a ruleset that gives none, or a copy sealed before parts
// were sealed; sync the umpire's latest sealed copy).
struct SealedOrdersGame {
  std::string side;
  int turn = 0;
  std::string phase;
  std::unique_ptr<rules::Ruleset> ruleset;  // of the side's part
  model::State view;                        // the side's view of the phase due
  Json part;                                // the side's part of the scenario
  int version = 0;                          // the ruleset version genesis pins
  std::string name;                         // the game's name (genesis)
  std::string game_id;                      // hex SHA-256 of genesis
  std::string after;                        // the log entry the phase due follows
  bool due = true;                          // a phase of the side is due
};
SealedOrdersGame open_sealed_orders(const fs::path& copy);
// The same of a copy in memory, checked (`report`); `where` names it in
// errors. Unless `due_only`, a copy with no phase of its side due opens too
// (`due` false; turn and phase those of the copy's head).
SealedOrdersGame sealed_orders_game(const SealedCopy& copy, const SealedReport& report,
                                    const std::string& where, bool due_only = true);

// The party `side` of the copy's genesis (empty when there is none: a
// checked copy's own side always is one).
Party sealed_party(const SealedCopy& copy, const std::string& side);

// The order body `body` completed for the copy's side as sign_sealed
// completes it, with `link` (raw s of the side's next link), without the
// revision (sign_sealed's comes from the secrets, the player page's from
// the file it signed before: revisions.h revise). Errors sign.not_due,
// chain.exhausted, orders.format, verify.* (a copy that did not check).
Json sealed_order_body(const SealedCopy& copy, const SealedReport& report, Json body,
                       const std::string& link);

// `check` of a signed order file on a side's sealed copy, as the umpire's
// intake takes it: signed by the copy's side, of this game, for the phase
// due (turn, phase, after), revealing the side's next link; then the
// ruleset's check on the side's view. Errors those of open_sealed_orders,
// orders.* (intake's ids) and rules::OrdersRefused.
rules::Checked check_sealed(const fs::path& copy, const Json& envelope, const std::string& source);
rules::Checked check_sealed_envelope(const SealedCopy& copy, const SealedReport& report,
                                     const Json& envelope, const std::string& source);

}  // namespace adjutant::game
