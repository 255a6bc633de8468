#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "ledger/chain.h"
#include "ledger/dice.h"
#include "ledger/digest.h"
#include "ledger/keys.h"
#include "ledger/vectors.h"
#include "support/error_id.h"
#include "support/openssl_digest.h"
#include "util/error.h"

using namespace adjutant;
using namespace adjutant::ledger;
namespace fs = std::filesystem;

using adjutant::testing::openssl_sha256;

namespace {

using adjutant::testing::error_id;

// Independent of digest.cpp: OpenSSL called directly, integers by hand.
std::string be(std::uint64_t n, int bytes) {
  std::string out;
  for (int i = bytes - 1; i >= 0; --i) out += char((n >> (8 * i)) & 0xff);
  return out;
}
std::string field(const std::string& x) {
  return be(x.size(), 4) + x;
}

std::string openssl_hmac(const std::string& key, const std::string& data) {
  unsigned char md[32];
  unsigned int len = 0;
  REQUIRE(HMAC(EVP_sha256(), key.data(), int(key.size()),
               reinterpret_cast<const unsigned char*>(data.data()), data.size(), md, &len));
  return std::string(reinterpret_cast<char*>(md), len);
}

std::string roll_block(const std::string& seed, std::uint64_t k, std::uint32_t a) {
  return openssl_hmac(
      seed, std::string("\x00\x00\x00\x15", 4) + "adjutant-dice-v1/roll" + be(k, 8) + be(a, 4));
}

// DESIGN "Dice" step 4 read literally, for comparison.
int reference_die(const std::string& seed, std::uint64_t k, int n) {
  int limit = 256 - 256 % n;
  for (std::uint32_t a = 0;; ++a) {
    for (unsigned char b : roll_block(seed, k, a))
      if (b < limit) return 1 + b % n;
  }
}

std::string bytes32(char c) {
  return std::string(32, c);
}

fs::path temp_dir() {
  std::string pattern = (fs::temp_directory_path() / "adjutant-chain-XXXXXX").string();
  REQUIRE(mkdtemp(pattern.data()) != nullptr);
  return pattern;
}

}  // namespace

TEST_CASE("chain links hash down to the anchor", "[ledger][chain]") {
  ChainSecret c = new_chain(5);
  REQUIRE(c.top.size() == 32);
  CHECK(link(c, 5) == c.top);
  for (std::uint32_t i = 1; i <= 5; ++i) {
    CHECK(chain_step(i, link(c, i)) == link(c, i - 1));
    CHECK(chain_step(i, link(c, i)) ==
          openssl_sha256(field("adjutant-dice-v1/chain") + be(i, 4) + link(c, i)));
  }
  CHECK(anchor(c) == link(c, 0));
  CHECK(anchor(c) != anchor(new_chain(5)));
  CHECK(error_id([&] { link(c, 6); }) == "chain.exhausted");
  CHECK(error_id([] { new_chain(0); }) == "chain.length");
}

TEST_CASE("check_link accepts a true link only at its index", "[ledger][chain]") {
  ChainSecret c = new_chain(10);
  CHECK(check_link(1, link(c, 1), 0, anchor(c)));
  CHECK(check_link(3, link(c, 3), 0, anchor(c)));
  CHECK(check_link(4, link(c, 4), 3, link(c, 3)));
  CHECK(check_link(3, link(c, 3), 3, link(c, 3)));  // a corrected order file repeats its reveal
  CHECK_FALSE(check_link(4, link(c, 3), 0, anchor(c)));   // wrong index
  CHECK_FALSE(check_link(2, link(c, 3), 0, anchor(c)));   // wrong index
  CHECK_FALSE(check_link(4, link(c, 4), 2, link(c, 3)));  // wrong known index
  CHECK_FALSE(check_link(3, bytes32('x'), 0, anchor(c)));
  CHECK_FALSE(check_link(3, link(new_chain(10), 3), 0, anchor(c)));
  CHECK_FALSE(check_link(2, link(c, 2), 3, link(c, 3)));
  CHECK_FALSE(check_link(1, link(c, 1).substr(1), 0, anchor(c)));
}

TEST_CASE("a chain secret is saved 0600 and loads back", "[ledger][chain]") {
  fs::path dir = temp_dir();
  ChainSecret c = new_chain(40);
  save_chain(dir / "chain.json", c);
  struct stat st {};
  REQUIRE(::stat((dir / "chain.json").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  ChainSecret back = load_chain(dir / "chain.json");
  CHECK(back.length == 40);
  CHECK(back.top == c.top);

  auto write = [&](const std::string& text) {
    std::ofstream(dir / "bad.json") << text;
    return error_id([&] { load_chain(dir / "bad.json"); });
  };
  std::string top = "\"" + std::string(64, 'a') + "\"";
  CHECK(write(R"({"format":"adjutant-chain/1","length":4,"top":)" + top + "}").empty());
  CHECK(write(R"({"format":"adjutant-chain/2","length":4,"top":)" + top + "}") == "chain.format");
  CHECK(write(R"({"format":"adjutant-chain/1","length":0,"top":)" + top + "}") == "chain.format");
  CHECK(write(R"({"format":"adjutant-chain/1","length":-1,"top":)" + top + "}") == "chain.format");
  CHECK(write(R"({"format":"adjutant-chain/1","length":4.5,"top":)" + top + "}") == "chain.format");
  CHECK(write(R"({"format":"adjutant-chain/1","length":4,"top":"abcd"})") == "chain.format");
  CHECK(write(R"({"format":"adjutant-chain/1","length":4,"top":")" + std::string(64, 'g') +
              "\"}") == "chain.format");
  CHECK(write(R"({"format":"adjutant-chain/1","length":4,"top":)" + top + R"(,"x":1})") ==
        "chain.format");
  CHECK(error_id([&] { load_chain(dir / "missing.json"); }) == "chain.read");
  fs::remove_all(dir);
}

TEST_CASE("die() agrees with HMAC computed directly", "[ledger][dice]") {
  std::string seed = openssl_sha256("a fixed seed");
  for (int n : {2, 3, 6, 10, 20, 100, 200, 256}) {
    for (std::uint64_t k = 0; k < 50; ++k) {
      INFO("n " << n << " k " << k);
      CHECK(die(seed, k, n) == reference_die(seed, k, n));
    }
  }
  // The first roll of this seed, spelled out.
  unsigned char b = std::uint8_t(roll_block(seed, 0, 0)[0]);
  if (b < 252) CHECK(die(seed, 0, 6) == 1 + b % 6);
  CHECK(die(seed, std::uint64_t(1) << 40, 6) == reference_die(seed, std::uint64_t(1) << 40, 6));
  CHECK(error_id([&] { die(seed, 0, 1); }) == "dice.sides");
  CHECK(error_id([&] { die(seed, 0, 257); }) == "dice.sides");
  CHECK(error_id([&] { die(seed, 0, 0); }) == "dice.sides");
}

TEST_CASE("a rejected byte passes the roll to the next byte", "[ledger][dice]") {
  std::string seed;
  std::string block;
  for (std::uint32_t j = 0;; ++j) {
    seed = openssl_sha256(be(j, 4));
    block = roll_block(seed, 7, 0);
    if (std::uint8_t(block[0]) >= 252) break;
  }
  std::size_t i = 1;
  while (std::uint8_t(block[i]) >= 252) ++i;
  CHECK(die(seed, 7, 6) == 1 + std::uint8_t(block[i]) % 6);
  // Without rejection a d4 takes the first byte as it is.
  CHECK(die(seed, 7, 4) == 1 + std::uint8_t(block[0]) % 4);
}

TEST_CASE("a d6 is fair over 60000 rolls", "[ledger][dice]") {
  SeededDice dice(openssl_sha256("distribution"));
  std::array<int, 7> count{};
  for (int i = 0; i < 60000; ++i) ++count[dice.roll(6, "test")];
  CHECK(count[0] == 0);
  double chi2 = 0;
  for (int f = 1; f <= 6; ++f) {
    INFO("face " << f << " came " << count[f] << " times");
    CHECK(count[f] > 9600);
    CHECK(count[f] < 10400);
    chi2 += (count[f] - 10000.0) * (count[f] - 10000.0) / 10000.0;
  }
  CHECK(chi2 < 20.5);  // p = 0.001 for 5 degrees of freedom
  REQUIRE(dice.rolls().size() == 60000);
  CHECK(dice.rolls()[59999].k == 59999);
}

TEST_CASE("seed() hashes the DESIGN byte string", "[ledger][dice]") {
  std::string game_id = openssl_sha256("game");
  Reveal umpire{"umpire", 3, bytes32('u')};
  std::vector<Reveal> players = {
      {"union", 2, bytes32('n')}, {"confederate", 0, bytes32('c')}, {"a-side_2", 7, bytes32('a')}};
  // label, game id, t = 9, the umpire's reveal, then the players sorted by id.
  std::string expected =
      std::string("\x00\x00\x00\x15", 4) + "adjutant-dice-v1/seed" + game_id +
      std::string("\x00\x00\x00\x09", 4) + std::string("\x00\x00\x00\x06", 4) + "umpire" +
      std::string("\x00\x00\x00\x03", 4) + bytes32('u') + std::string("\x00\x00\x00\x08", 4) +
      "a-side_2" + std::string("\x00\x00\x00\x07", 4) + bytes32('a') +
      std::string("\x00\x00\x00\x0b", 4) + "confederate" + std::string("\x00\x00\x00\x00", 4) +
      bytes32('c') + std::string("\x00\x00\x00\x05", 4) + "union" +
      std::string("\x00\x00\x00\x02", 4) + bytes32('n');
  CHECK(seed_preimage(game_id, 9, umpire, players) == expected);
  CHECK(seed(game_id, 9, umpire, players) == openssl_sha256(expected));
  CHECK(seed(game_id, 10, umpire, players) != seed(game_id, 9, umpire, players));

  CHECK(error_id([&] { seed(game_id.substr(1), 9, umpire, players); }) == "dice.input");
  CHECK(error_id([&] { seed(game_id, 9, {"Umpire", 3, bytes32('u')}, players); }) == "dice.input");
  CHECK(error_id([&] { seed(game_id, 9, {"umpire", 3, "short"}, players); }) == "dice.input");
  players.push_back({"union", 2, bytes32('n')});
  CHECK(error_id([&] { seed(game_id, 9, umpire, players); }) == "dice.input");
}

TEST_CASE("dice sources record every roll", "[ledger][dice]") {
  std::string seed = openssl_sha256("record");
  SeededDice seeded(seed);
  CHECK(seeded.roll(6, "combat 1 (rule 8.1)") == die(seed, 0, 6));
  CHECK(seeded.roll(10, "morale") == die(seed, 1, 10));
  REQUIRE(seeded.rolls().size() == 2);
  CHECK(seeded.rolls()[1].k == 1);
  CHECK(seeded.rolls()[1].n == 10);
  CHECK(seeded.rolls()[0].purpose == "combat 1 (rule 8.1)");

  Json j = to_json(seeded.rolls()[0]);
  CHECK(j == Json{{"k", 0}, {"n", 6}, {"v", die(seed, 0, 6)}, {"for", "combat 1 (rule 8.1)"}});
  Roll back = roll_from_json(j);
  CHECK(back.k == 0);
  CHECK(back.n == 6);
  CHECK(back.v == die(seed, 0, 6));
  CHECK(back.purpose == "combat 1 (rule 8.1)");
  CHECK(error_id([] {
          roll_from_json({{"k", 0}, {"n", 6}, {"v", 7}, {"for", ""}});
        }) == "dice.roll_format");
  CHECK(error_id([] {
          roll_from_json({{"k", 0}, {"n", 1}, {"v", 1}, {"for", ""}});
        }) == "dice.roll_format");
  CHECK(error_id([] {
          roll_from_json({{"k", -1}, {"n", 6}, {"v", 1}, {"for", ""}});
        }) == "dice.roll_format");
  CHECK(error_id([] { roll_from_json({{"k", 0}, {"n", 6}, {"v", 1}}); }) == "dice.roll_format");
  CHECK(error_id([] {
          roll_from_json({{"k", 0}, {"n", 6}, {"v", 1}, {"for", ""}, {"x", 1}});
        }) == "dice.roll_format");

  FixedDice fixed({3, 6});
  CHECK(fixed.roll(6, "a") == 3);
  CHECK(error_id([&] { fixed.roll(4, "b"); }) == "dice.out_of_range");
  CHECK(fixed.roll(6, "b") == 6);
  CHECK(error_id([&] { fixed.roll(6, "c"); }) == "dice.exhausted");
  CHECK(fixed.rolls().size() == 2);
  CHECK(fixed.rolls()[1].k == 1);

  NoDice none;
  CHECK(error_id([&] { none.roll(6, "odds preview"); }) == "dice.forbidden");
  CHECK(none.rolls().empty());
}

TEST_CASE("protocol vectors are stable and agree with die()", "[ledger][vectors]") {
  Json v = protocol_vectors();
  CHECK(v == protocol_vectors());
  std::string r = from_hex(v["seed"]["R"].get<std::string>());
  REQUIRE(r.size() == 32);
  CHECK(openssl_sha256(from_hex(v["seed"]["preimage"].get<std::string>())) == r);
  const Json& rolls = v["rolls"];
  REQUIRE(rolls.size() == 16);
  for (std::size_t k = 0; k < rolls.size(); ++k) {
    CHECK(rolls[k]["k"] == k);
    CHECK(rolls[k]["n"] == (k < 12 ? 6 : 10));
    CHECK(rolls[k]["v"] == die(r, k, k < 12 ? 6 : 10));
    CHECK(rolls[k]["hmac_a0"] == to_hex(roll_block(r, k, 0)));
  }
  const Json& links = v["chains"]["umpire"]["links"];
  REQUIRE(links.size() == 5);
  std::string top;
  for (int i = 0; i < 32; ++i) top += char(i);
  CHECK(links[4] == to_hex(top));
  for (std::uint32_t i = 1; i <= 4; ++i)
    CHECK(to_hex(chain_step(i, from_hex(links[i].get<std::string>()))) == links[i - 1]);
  CHECK(v["game_id"]["hex"] == to_hex(openssl_sha256("adjutant test game")));

  const Json& s = v["signature"];
  CHECK(verify_signature(from_hex(s["public_key"].get<std::string>()),
                         from_hex(s["pae_hex"].get<std::string>()),
                         from_hex(s["sig"].get<std::string>())));
  CHECK(s["pae"] ==
        "DSSEv1 39 application/vnd.adjutant.orders.v1+json 54 "
        "{\"format\":\"adjutant-orders/1\",\"side\":\"union\",\"turn\":1}");
}
