#include <openssl/evp.h>
#include <openssl/pem.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <thread>

#include "ledger/digest.h"
#include "ledger/keys.h"
#include "support/error_id.h"
#include "util/error.h"

using namespace adjutant;
using namespace adjutant::ledger;
namespace fs = std::filesystem;

namespace {

fs::path temp_dir() {
  std::string pattern = (fs::temp_directory_path() / "adjutant-keys-XXXXXX").string();
  REQUIRE(mkdtemp(pattern.data()) != nullptr);
  return pattern;
}

using adjutant::testing::error_id;

std::string flip_bit(std::string s, std::size_t byte, int bit) {
  s[byte] = char(s[byte] ^ (1 << bit));
  return s;
}

}  // namespace

TEST_CASE("an Ed25519 signature verifies and a flipped bit breaks it", "[ledger][keys]") {
  SigningKey key = SigningKey::generate();
  std::string pub = key.public_raw();
  REQUIRE(pub.size() == 32);
  std::string message = "1/V moves 1115-1114-1014";
  std::string sig = key.sign(message);
  REQUIRE(sig.size() == 64);
  CHECK(verify_signature(pub, message, sig));
  CHECK_FALSE(verify_signature(pub, flip_bit(message, 3, 0), sig));
  CHECK_FALSE(verify_signature(pub, flip_bit(message, message.size() - 1, 7), sig));
  CHECK_FALSE(verify_signature(pub, message, flip_bit(sig, 0, 0)));
  CHECK_FALSE(verify_signature(pub, message, flip_bit(sig, 63, 5)));
  CHECK_FALSE(verify_signature(SigningKey::generate().public_raw(), message, sig));
  CHECK_FALSE(verify_signature(pub, message, sig.substr(0, 63)));
  CHECK_FALSE(verify_signature(pub.substr(1), message, sig));
}

TEST_CASE("a key from a raw seed matches RFC 8032 test 1", "[ledger][keys]") {
  SigningKey key = SigningKey::from_seed(
      from_hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
  CHECK(to_hex(key.public_raw()) ==
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  CHECK(to_hex(key.sign("")) ==
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
        "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  CHECK(error_id([] { SigningKey::from_seed("short"); }) == "key.seed");
}

TEST_CASE("warming OpenSSL up checks RFC 8032 test 1 on any thread", "[ledger][keys]") {
  // The vector warm_up() checks is the one above: a typo in it would make
  // the warm-up a failed check, and this false. It is checked once a
  // process; another thread gets the same answer.
  CHECK(adjutant::ledger::warm_up());
  bool on_another = false;
  std::thread([&] { on_another = adjutant::ledger::warm_up(); }).join();
  CHECK(on_another);
}

TEST_CASE("key ids are the first 16 hex digits of SHA-256 of the raw key", "[ledger][keys]") {
  std::string raw(32, '\x07');
  CHECK(key_id(raw) == to_hex(sha256(raw)).substr(0, 16));
  CHECK(key_id(raw).size() == 16);
}

TEST_CASE("a saved key is 0600 and signs identically when reloaded", "[ledger][keys]") {
  fs::path dir = temp_dir();
  fs::path file = dir / "umpire.pem";
  SigningKey key = SigningKey::generate();
  key.save_pem(file);

  struct stat st {};
  REQUIRE(::stat(file.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(fs::directory_iterator(dir) != fs::directory_iterator());
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);

  SigningKey again = SigningKey::load_pem(file);
  CHECK(again.public_raw() == key.public_raw());
  CHECK(again.sign("orders") == key.sign("orders"));
  CHECK(again.private_pem() == key.private_pem());

  SigningKey moved = std::move(again);
  CHECK(moved.public_raw() == key.public_raw());

  // Saving over an existing file replaces it atomically and keeps 0600.
  SigningKey other = SigningKey::generate();
  other.save_pem(file);
  REQUIRE(::stat(file.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(SigningKey::load_pem(file).public_raw() == other.public_raw());
  fs::remove_all(dir);
}

TEST_CASE("keys that are not Ed25519 or not keys are refused", "[ledger][keys]") {
  fs::path dir = temp_dir();
  EVP_PKEY* ec = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  REQUIRE(ec != nullptr);
  fs::path ec_file = dir / "ec.pem";
  FILE* out = std::fopen(ec_file.c_str(), "w");
  REQUIRE(out != nullptr);
  REQUIRE(PEM_write_PrivateKey(out, ec, nullptr, nullptr, 0, nullptr, nullptr) == 1);
  std::fclose(out);
  EVP_PKEY_free(ec);
  CHECK(error_id([&] { SigningKey::load_pem(ec_file); }) == "key.not_ed25519");

  fs::path junk = dir / "junk.pem";
  std::ofstream(junk) << "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n";
  CHECK(error_id([&] { SigningKey::load_pem(junk); }) == "key.read");

  try {
    SigningKey::load_pem(dir / "missing.pem");
    FAIL("a missing key file was loaded");
  } catch (const Error& e) {
    CHECK(e.id() == "key.read");
    CHECK(e.exit_code() == Exit::kBadInput);
    CHECK(std::string(e.what()).find("no such file") != std::string::npos);
  }
  CHECK(error_id([&] { SigningKey::generate().save_pem(dir / "no" / "such" / "dir.pem"); }) ==
        "key.write");
  fs::remove_all(dir);
}
