#include "ledger/crypto_oracle.h"

#include "ledger/digest.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

thread_local CryptoOracle* g_current = nullptr;

// The provisional answer to a miss. Nothing computed from it is kept; a
// request fed with it (the HMAC keyed by a provisional seed, the next step
// of a chain hashed from a provisional link) is not recorded, since its
// real question is not known yet.
const std::string kProvisional(32, '\0');

bool fed_provisional(std::string_view data) {
  return data.size() >= kProvisional.size() &&
         data.substr(data.size() - kProvisional.size()) == kProvisional;
}

std::string bytes_of(const Json& j, const char* what) {
  if (!j.is_string()) throw Error("web.learn", std::string("an answer's ") + what + " is no text");
  return from_base64(j.get<std::string>());
}

}  // namespace

CryptoOracle::InForce::InForce(CryptoOracle& oracle) : outer_(g_current) {
  g_current = &oracle;
}

CryptoOracle::InForce::~InForce() {
  g_current = outer_;
}

CryptoOracle* CryptoOracle::current() {
  return g_current;
}

std::string CryptoOracle::sha256(std::string_view data) {
  auto it = sha_.find(data);
  if (it != sha_.end()) return it->second;
  if (!fed_provisional(data)) need_sha_.emplace(std::string(data), true);
  return kProvisional;
}

std::string CryptoOracle::hmac_sha256(std::string_view key, std::string_view data) {
  auto k = std::make_pair(std::string(key), std::string(data));
  auto it = hmac_.find(k);
  if (it != hmac_.end()) return it->second;
  if (key != kProvisional) need_hmac_.emplace(std::move(k), true);
  return kProvisional;
}

bool CryptoOracle::verify(std::string_view public_raw, std::string_view message,
                          std::string_view signature) {
  auto k = std::make_tuple(std::string(public_raw), std::string(message), std::string(signature));
  auto it = sig_.find(k);
  if (it != sig_.end()) return it->second;
  need_sig_.emplace(std::move(k), true);
  return true;  // provisional: so the run goes on and finds the rest it needs
}

std::string CryptoOracle::sign(std::string_view public_raw, std::string_view message) {
  auto k = std::make_pair(std::string(public_raw), std::string(message));
  auto it = signed_.find(k);
  if (it != signed_.end()) return it->second;
  // Only what follows from known answers alone is signed: while anything
  // else is missed this run, the message may hold a provisional value, and
  // the page never signs one. So one signature is asked at a time.
  if (!missed()) need_sign_.emplace(std::move(k), true);
  return std::string(64, '\0');
}

std::string OracleSigner::sign(std::string_view message) const {
  CryptoOracle* oracle = CryptoOracle::current();
  if (!oracle) throw Error("crypto.oracle", "the page's key signs through its oracle only");
  return oracle->sign(public_raw_, message);
}

Json CryptoOracle::misses() const {
  Json sha = Json::array(), hmac = Json::array(), sig = Json::array();
  for (const auto& [data, unused] : need_sha_) sha.push_back(base64(data));
  for (const auto& [k, unused] : need_hmac_) hmac.push_back({base64(k.first), base64(k.second)});
  for (const auto& [k, unused] : need_sig_)
    sig.push_back({base64(std::get<0>(k)), base64(std::get<1>(k)), base64(std::get<2>(k))});
  Json sign = Json::array();
  for (const auto& [k, unused] : need_sign_) sign.push_back({base64(k.first), base64(k.second)});
  return {{"sha256", sha}, {"hmac", hmac}, {"verify", sig}, {"sign", sign}};
}

void CryptoOracle::clear_misses() {
  need_sha_.clear();
  need_hmac_.clear();
  need_sig_.clear();
  need_sign_.clear();
}

void CryptoOracle::learn(const Json& answers) {
  if (!answers.is_object()) throw Error("web.learn", "answers are an object");
  auto list = [&](const char* name) -> const Json& {
    static const Json none = Json::array();
    if (!answers.contains(name)) return none;
    if (!answers[name].is_array()) throw Error("web.learn", std::string(name) + " is a list");
    return answers[name];
  };
  for (const auto& a : list("sha256")) {
    if (!a.is_array() || a.size() != 2)
      throw Error("web.learn", "a sha256 answer is [DATA, DIGEST]");
    std::string digest = bytes_of(a[1], "digest");
    if (digest.size() != 32) throw Error("web.learn", "a SHA-256 digest is 32 bytes");
    sha_[bytes_of(a[0], "data")] = digest;
  }
  for (const auto& a : list("hmac")) {
    if (!a.is_array() || a.size() != 3)
      throw Error("web.learn", "an hmac answer is [KEY, DATA, MAC]");
    std::string mac = bytes_of(a[2], "mac");
    if (mac.size() != 32) throw Error("web.learn", "an HMAC-SHA256 is 32 bytes");
    hmac_[{bytes_of(a[0], "key"), bytes_of(a[1], "data")}] = mac;
  }
  for (const auto& a : list("verify")) {
    if (!a.is_array() || a.size() != 4 || !a[3].is_boolean())
      throw Error("web.learn", "a verify answer is [PUB, MSG, SIG, true|false]");
    sig_[{bytes_of(a[0], "key"), bytes_of(a[1], "message"), bytes_of(a[2], "signature")}] =
        a[3].get<bool>();
  }
  for (const auto& a : list("sign")) {
    if (!a.is_array() || a.size() != 3)
      throw Error("web.learn", "a sign answer is [PUB, MSG, SIG]");
    std::string sig = bytes_of(a[2], "signature");
    if (sig.size() != 64) throw Error("web.learn", "an Ed25519 signature is 64 bytes");
    signed_[{bytes_of(a[0], "key"), bytes_of(a[1], "message")}] = sig;
  }
}

void CryptoOracle::forget() {
  sha_.clear();
  hmac_.clear();
  sig_.clear();
  signed_.clear();
}

}  // namespace adjutant::ledger
