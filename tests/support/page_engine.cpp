#include "support/page_engine.h"

#include <stdexcept>

#include "ledger/digest.h"
#include "web/answer.h"

namespace adjutant::testing {

using ledger::Json;

void PageEngine::hold(const std::filesystem::path& pem) {
  auto key = std::make_shared<ledger::SigningKey>(ledger::SigningKey::load_pem(pem));
  keys_[key->public_raw()] = key;
}

// No oracle is in force between requests: these are the program's own.
Json PageEngine::meet(const Json& need) const {
  Json out = {{"sha256", Json::array()},
              {"hmac", Json::array()},
              {"verify", Json::array()},
              {"sign", Json::array()}};
  for (const auto& d : need["sha256"])
    out["sha256"].push_back(
        {d, ledger::base64(ledger::sha256(ledger::from_base64(d.get<std::string>())))});
  for (const auto& kd : need["hmac"])
    out["hmac"].push_back(
        {kd[0], kd[1],
         ledger::base64(ledger::hmac_sha256(ledger::from_base64(kd[0].get<std::string>()),
                                            ledger::from_base64(kd[1].get<std::string>())))});
  for (const auto& v : need["verify"])
    out["verify"].push_back(
        {v[0], v[1], v[2],
         ledger::verify_signature_now(ledger::from_base64(v[0].get<std::string>()),
                                      ledger::from_base64(v[1].get<std::string>()),
                                      ledger::from_base64(v[2].get<std::string>()))});
  for (const auto& s : need["sign"]) {
    auto key = keys_.find(ledger::from_base64(s[0].get<std::string>()));
    if (key == keys_.end()) throw std::runtime_error("the page holds no such key");
    out["sign"].push_back(
        {s[0], s[1],
         ledger::base64(key->second->sign(ledger::from_base64(s[1].get<std::string>())))});
  }
  return out;
}

Json PageEngine::ask(const Json& request) {
  for (int round = 0; round < 10000; ++round) {
    Json a = Json::parse(web::answer(request.dump()));
    if (!a.contains("need")) return a;
    ++rounds_;
    Json learned =
        Json::parse(web::answer(Json{{"op", "learn"}, {"answers", meet(a["need"])}}.dump()));
    if (!learned.value("ok", false)) throw std::runtime_error("learn: " + learned.dump());
  }
  throw std::runtime_error("the engine keeps needing answers");
}

}  // namespace adjutant::testing
