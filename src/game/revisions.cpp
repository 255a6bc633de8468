#include "game/revisions.h"

#include "game/entries.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "util/error.h"
#include "util/fields.h"
#include "util/files.h"

namespace adjutant::game {

namespace {

fs::path record_file(const fs::path& secrets, const std::string& game_id) {
  return secrets / "signed" / (game_id.substr(0, 16) + ".json");
}

// "SIDE/TURN/PHASE/AFTER": one phase of one side, as the record keys it.
std::string phase_key(const std::string& side, long long turn, const std::string& phase,
                      const std::string& after) {
  return side + "/" + std::to_string(turn) + "/" + phase + "/" + after;
}

Json read_record(const fs::path& file) {
  if (!fs::exists(file)) return {{"format", kSignedFormat}, {"phases", Json::object()}};
  Json j = ledger::parse_strict(read_file(file), file.string());
  if (!j.is_object() || j.value("format", "") != kSignedFormat || !j.contains("phases") ||
      !j["phases"].is_object())
    throw Error("secrets.signed", file.string() + ": not a record of signed orders (" +
                                      std::string(kSignedFormat) + ")");
  return j;
}

std::string key_of(const Json& body) {
  return phase_key(body.value("side", ""), body.value("turn", 0LL), body.value("phase", ""),
                   body.value("after", ""));
}

}  // namespace

const char* orders_format(int protocol) {
  return protocol >= 2 ? kOrdersFormat2 : "adjutant-orders/1";
}

std::string body_hash(const Json& body) {
  return ledger::sha256_hex(ledger::canonical(body));
}

Revision read_revision(const Json& body, int protocol, const std::string& source) {
  Revision r;
  bool has = body.contains("revision"), replaces = body.contains("replaces");
  if (protocol < 2) {
    if (has || replaces)
      throw Error("orders.revision", source + ": \"revision\" and \"replaces\" are of protocol 2 " +
                                         "order files; this game is of protocol 1");
    return r;
  }
  if (!has || !body["revision"].is_number_integer() || body["revision"].get<long long>() < 1 ||
      body["revision"].get<long long>() > kMaxCount)
    throw Error("orders.revision",
                source +
                    ": body needs \"revision\": 1 for the first file of a phase, then 2, 3, "
                    "... for each correction");
  r.number = body["revision"].get<long long>();
  if (r.number == 1 && replaces)
    throw Error("orders.revision",
                source + ": revision 1 replaces nothing; a correction is revision 2 or more");
  if (r.number > 1) {
    const Json& h = replaces ? body["replaces"] : Json();
    bool ok = h.is_string() && h.get_ref<const std::string&>().size() == 64;
    if (ok)
      for (char c : h.get_ref<const std::string&>())
        ok = ok && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    if (!ok)
      throw Error("orders.revision",
                  source + ": revision " + std::to_string(r.number) +
                      " needs \"replaces\": the SHA-256 (64 lowercase hex digits) of the "
                      "canonical body of the revision it corrects");
    r.replaces = h.get<std::string>();
  }
  return r;
}

std::optional<SignedPhase> signed_phase(const fs::path& secrets, const std::string& game_id,
                                        const std::string& side, long long turn,
                                        const std::string& phase, const std::string& after) {
  Json record = read_record(record_file(secrets, game_id));
  auto it = record["phases"].find(phase_key(side, turn, phase, after));
  if (it == record["phases"].end()) return std::nullopt;
  SignedPhase out;
  out.envelope = *it;
  const Json& body = out.envelope.value("body", Json::object());
  out.revision = read_revision(body, 2, record_file(secrets, game_id).string());
  return out;
}

std::vector<Json> signed_files(const fs::path& secrets, const std::string& game_id) {
  std::vector<Json> out;
  if (secrets.empty()) return out;
  Json record = read_record(record_file(secrets, game_id));
  for (const auto& [key, envelope] : record["phases"].items()) out.push_back(envelope);
  return out;
}

void set_revision(Json& body, const fs::path& secrets) {
  auto known =
      signed_phase(secrets, body.value("game", ""), body.value("side", ""), body.value("turn", 0LL),
                   body.value("phase", ""), body.value("after", ""));
  revise(body, known ? &known->envelope : nullptr);
}

void revise(Json& body, const Json* previous_envelope) {
  body.erase("replaces");
  body.erase("revision");
  if (!previous_envelope) {
    body["revision"] = 1;
    return;
  }
  const Json& previous = (*previous_envelope)["body"];
  Revision known = read_revision(previous, 2, "the file signed before");
  // The same orders signed again are the same revision, so the same file
  // (Ed25519 signatures are deterministic); other orders are the next one.
  Json before = previous;
  before.erase("revision");
  before.erase("replaces");
  if (ledger::same_canonical(before, body)) {
    body = previous;
    return;
  }
  body["revision"] = known.number + 1;
  body["replaces"] = body_hash(previous);
}

void remember_signed(const fs::path& secrets, const Json& envelope) {
  const Json& body = envelope["body"];
  if (!body.contains("revision")) return;
  fs::path file = record_file(secrets, body.value("game", ""));
  Json record = read_record(file);
  std::string key = key_of(body);
  auto it = record["phases"].find(key);
  if (it != record["phases"].end() &&
      (*it)["body"].value("revision", 0LL) >= body.value("revision", 0LL))
    return;
  record["phases"][key] = envelope;
  fs::create_directories(file.parent_path());
  write_file_atomic(file, record.dump(2) + "\n", 0600);
}

}  // namespace adjutant::game
