#include "game/dispute.h"

#include <map>

#include "game/entries.h"
#include "game/revisions.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/printable.h"

namespace adjutant::game {

namespace {

Dispute refused(const std::string& id, const std::string& message) {
  Dispute d;
  d.id = id;
  d.message = message;
  return d;
}

// The log lines a logged adjudication names as its orders.
std::vector<int> adjudicated_lines(const Json& body) {
  std::vector<int> out;
  const Json& o = body.contains("orders") ? body["orders"] : Json();
  if (o.is_number_integer()) out.push_back(int(o.get<long long>()));
  if (o.is_array())
    for (const auto& n : o)
      if (n.is_number_integer()) out.push_back(int(n.get<long long>()));
  return out;
}

}  // namespace

Dispute find_dispute(const Archive& archive, const Json& offered, const std::string& source) {
  const Json& envelope = offered.is_object() && offered.value("format", "") == kDisputeFormat &&
                                 offered.contains("later")
                             ? offered["later"]
                             : offered;
  ledger::Envelope env;
  std::string side;
  try {
    env = ledger::parse_envelope(envelope, source);
    if (env.payload_type != ledger::kOrdersType || env.signatures.size() != 1 ||
        !env.body.is_object() || !env.body.contains("side") || !env.body["side"].is_string())
      return refused("dispute.not_orders", source + ": not a signed order file");
    side = env.body["side"].get<std::string>();
    auto party = archive.party(side);
    if (!party || side == "umpire")
      return refused("dispute.not_orders", source + ": " + in_quotes(side) + " is not a side");
    if (env.body.value("game", "") != archive.game_id())
      return refused("dispute.other_game", source + ": written for another game");
    if (!ledger::verify_envelope(env, ledger::kOrdersType, party->public_key))
      return refused("dispute.bad_signature",
                     source + ": the signature does not verify with " + side + "'s key");
  } catch (const Error& e) {
    return refused("dispute.not_orders", e.what());
  }
  if (archive.protocol() < 2)
    return refused(
        "dispute.protocol",
        archive.name() + " is a game of protocol 1, whose order files carry no revision");
  const Json& b = env.body;
  Revision rev;
  try {
    rev = read_revision(b, 2, source);
  } catch (const Error& e) {
    return refused("dispute.not_orders", e.what());
  }
  long long turn = b.value("turn", -1LL);
  std::string phase = b.value("phase", ""), after = b.value("after", "");
  const auto& log = archive.log();
  int after_seq = -1;
  for (const auto& e : log)
    if (e.hash == after) after_seq = e.seq;
  if (after_seq < 0)
    return refused("dispute.no_phase", source + ": written after a line this log does not hold");
  // The phase's adjudication: the first after the line the file was written after.
  const LogEntry* adjudication = nullptr;
  for (std::size_t n = std::size_t(after_seq) + 1; n < log.size() && !adjudication; ++n)
    if (log[n].kind == "adjudication") adjudication = &log[n];
  if (!adjudication)
    return refused("dispute.pending", source +
                                          ": its phase is not adjudicated yet: the file "
                                          "can still be sent (adjutant check, adjudicate)");
  const Json& ab = adjudication->body;
  if (ab.value("turn", -1LL) != turn || ab.value("phase", "") != phase)
    return refused("dispute.no_phase", source + ": turn " + std::to_string(turn) + " phase " +
                                           printable(phase) + " is not the phase adjudicated at " +
                                           "line " + std::to_string(adjudication->seq));
  // What was adjudicated for the side in that phase: its last file, or an NMR.
  Dispute d;
  long long adjudicated_revision = -1;
  std::string adjudicated_hash;
  for (int n : adjudicated_lines(ab)) {
    if (n < 0 || std::size_t(n) >= log.size()) continue;
    const LogEntry& e = log[std::size_t(n)];
    if (e.kind == "orders" && e.body.contains("body") && e.body["body"].value("side", "") == side) {
      const Json& logged = e.body["body"];
      if (logged.value("after", "") != after)
        return refused("dispute.stale", source + ": written after line " +
                                            std::to_string(after_seq) +
                                            ", but the file adjudicated (line " +
                                            std::to_string(n) + ") was written after another");
      d.line = n;
      adjudicated_revision = logged.value("revision", 0LL);
      adjudicated_hash = body_hash(logged);
    } else if (e.kind == "ruling" && e.body.value("ruling", "") == "nmr" &&
               e.body.value("side", "") == side) {
      d.line = n;
      adjudicated_revision = 0;  // no moves received
    }
  }
  if (d.line < 0)
    return refused("dispute.no_phase", source + ": " + side + " sent no orders in the phase " +
                                           "adjudicated at line " +
                                           std::to_string(adjudication->seq));
  if (!adjudicated_hash.empty() && adjudicated_hash == body_hash(b))
    return refused("dispute.adjudicated", source + ": this is the very file adjudicated (line " +
                                              std::to_string(d.line) + ")");
  if (rev.number <= adjudicated_revision)
    return refused("dispute.earlier", source + ": revision " + std::to_string(rev.number) +
                                          ", and revision " + std::to_string(adjudicated_revision) +
                                          " (line " + std::to_string(d.line) +
                                          ") was adjudicated: a later one");
  bool replaces = !adjudicated_hash.empty() && rev.replaces == adjudicated_hash &&
                  rev.number == adjudicated_revision + 1;
  d.stands = true;
  d.id = "verify.superseded";
  d.message =
      adjudicated_revision == 0
          ? side + " signed orders (revision " + std::to_string(rev.number) + ") for turn " +
                std::to_string(turn) + " phase " + printable(phase) + ", but line " +
                std::to_string(d.line) + " rules that no moves were received"
          : "line " + std::to_string(d.line) + " logs revision " +
                std::to_string(adjudicated_revision) + " of " + side + "'s orders for turn " +
                std::to_string(turn) + " phase " + printable(phase) + ", and " + side +
                " signed revision " + std::to_string(rev.number) + " for the same position" +
                (replaces ? ", replacing that very file" : "");
  d.proof = {{"format", kDisputeFormat},
             {"game", archive.game_id()},
             {"side", side},
             {"turn", turn},
             {"phase", phase},
             {"after", after},
             {"adjudicated",
              {{"line", d.line},
               {"revision", adjudicated_revision},
               {"orders", adjudicated_hash.empty() ? Json() : Json(adjudicated_hash)}}},
             {"adjudication", adjudication->seq},
             {"later", envelope}};
  return d;
}

std::vector<Dispute> recorded_disputes(const Archive& archive, const fs::path& secrets) {
  std::vector<Dispute> out;
  if (archive.protocol() < 2) return out;
  for (const auto& envelope : signed_files(secrets, archive.game_id())) {
    Dispute d = find_dispute(archive, envelope, "the file you signed");
    if (d.stands) out.push_back(std::move(d));
  }
  return out;
}

}  // namespace adjutant::game
