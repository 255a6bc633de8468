#include "game/signature_jobs.h"

#include "game/log.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "util/error.h"

namespace adjutant::game {

void entry_signature_jobs(const Archive& a, const LogEntry& e,
                          std::vector<ledger::SignatureJob>& jobs) {
  auto key_of = [&](const std::string& key_id) -> const Party* {
    for (const auto& p : a.parties())
      if (p.key_id == key_id) return &p;
    return nullptr;
  };
  try {
    ledger::SignatureJob job;
    const Party* p = e.sig.is_object() && e.sig.contains("keyid") && e.sig["keyid"].is_string()
                         ? key_of(e.sig["keyid"].get<std::string>())
                         : nullptr;
    if (p && entry_signed_parts(e, job.message, job.signature)) {
      job.public_raw = p->public_key;
      jobs.push_back(std::move(job));
    }
    if (e.kind != "orders") return;
    auto env = ledger::parse_envelope(e.body, "orders");
    const Json& side =
        env.body.is_object() && env.body.contains("side") ? env.body["side"] : Json();
    auto q = side.is_string() ? a.party(side.get<std::string>()) : std::nullopt;
    if (!q || env.signatures.empty()) return;
    std::string message = ledger::pae(env.payload_type, ledger::canonical(env.body));
    for (const auto& [key_id, sig] : env.signatures) jobs.push_back({q->public_key, message, sig});
  } catch (const std::exception&) {
    // Malformed: the replay names it at this line.
  }
}

std::vector<ledger::SignatureJob> genesis_signature_jobs(const LogEntry& entry) {
  std::vector<ledger::SignatureJob> jobs;
  const Json& genesis = entry.body;
  if (!genesis.is_object() || !genesis.contains("cards") || !genesis["cards"].is_array())
    return jobs;
  for (const auto& card : genesis["cards"]) {
    try {
      auto env = ledger::parse_envelope(card, "card");
      const Json& key = env.body.is_object() && env.body.contains("key") ? env.body["key"] : Json();
      if (!key.is_string()) continue;
      std::string public_raw = ledger::from_base64url(key.get<std::string>());
      if (public_raw.size() != 32) continue;
      // The bytes verify_envelope checks a card's signature over.
      std::string message = ledger::pae(env.payload_type, ledger::canonical(env.body));
      for (const auto& [key_id, sig] : env.signatures) jobs.push_back({public_raw, message, sig});
    } catch (const std::exception&) {
      // Malformed: opening the archive names it.
    }
  }
  // The entry's own signature, by the card key its keyid names.
  try {
    const Json& s = entry.sig;
    ledger::SignatureJob job;
    if (s.is_object() && s.contains("keyid") && s["keyid"].is_string() &&
        entry_signed_parts(entry, job.message, job.signature)) {
      std::string key_id = s["keyid"].get<std::string>();
      for (std::size_t i = 0, cards = jobs.size(); i < cards; ++i)
        if (ledger::key_id(jobs[i].public_raw) == key_id) {
          job.public_raw = jobs[i].public_raw;
          jobs.push_back(std::move(job));
          break;
        }
    }
  } catch (const std::exception&) {
    // Malformed: check_genesis names it.
  }
  return jobs;
}

std::vector<ledger::SignatureJob> signature_jobs(const Archive& a) {
  std::vector<ledger::SignatureJob> jobs;
  for (const LogEntry& e : a.log()) entry_signature_jobs(a, e, jobs);
  return jobs;
}

}  // namespace adjutant::game
