#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ledger/armor.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "support/error_id.h"
#include "support/text_lines.h"
#include "util/error.h"

using namespace adjutant;
using namespace adjutant::ledger;

namespace {

using adjutant::testing::error_id;

Json sample_envelope(int turn) {
  static const SigningKey key = SigningKey::generate();
  Json body = {{"format", "adjutant-orders/1"},
               {"side", "union"},
               {"turn", turn},
               {"moves", {{{"unit", "1/V"}, {"path", {"1115", "1114", "1014"}}}}},
               {"note", "Hooker's flank, \xe2\x80\x94 rule 8.1"}};
  return sign_envelope(kOrdersType, body, key);
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

std::string quote(const std::string& text, const std::string& prefix) {
  std::string out;
  for (const std::string& line : adjutant::testing::text_lines(text)) out += prefix + line + "\n";
  return out;
}

// The block re-wrapped at `width` as a mail client might, with trailing
// spaces and a blank line thrown in.
std::string rewrap(const std::string& armored, std::size_t width) {
  std::vector<std::string> lines = adjutant::testing::text_lines(armored);
  std::string content;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) content += lines[i];
  std::string out = lines.front() + "  \n";
  for (std::size_t i = 0; i < content.size(); i += width) {
    out += content.substr(i, width) + (i == 0 ? "   \n\n" : "\n");
  }
  return out + lines.back() + " \n";
}

void check_one(const std::string& mail, const Json& expected) {
  std::vector<std::string> texts = dearmor(mail);
  REQUIRE(texts.size() == 1);
  CHECK(parse_strict(texts[0], "mail") == expected);
  CHECK(texts[0] == canonical(expected));
}

}  // namespace

TEST_CASE("armor wraps the canonical envelope at 64 columns", "[ledger][armor]") {
  Json env = sample_envelope(4);
  std::string armored = armor(env);
  std::vector<std::string> lines = adjutant::testing::text_lines(armored);
  REQUIRE(lines.size() >= 3);
  CHECK(lines.front() == "-----BEGIN-ADJUTANT-SIGNED-JSON-----");
  CHECK(lines.back() == "-----END-ADJUTANT-SIGNED-JSON-----");
  CHECK(armored.back() == '\n');
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    CHECK(lines[i].size() <= 64);
    if (i + 2 < lines.size()) CHECK(lines[i].size() == 64);
  }
  check_one(armored, env);
}

TEST_CASE("dearmor survives what mail does to text", "[ledger][armor]") {
  Json env = sample_envelope(4);
  std::string armored = armor(env);
  SECTION("CRLF") {
    check_one(replace_all(armored, "\n", "\r\n"), env);
  }
  SECTION("quoting") {
    check_one(quote(armored, "> "), env);
    check_one(quote(armored, ">> "), env);
    check_one(quote(armored, ">"), env);
    check_one(quote(quote(armored, "> "), "> "), env);
    check_one(replace_all(quote(armored, ">> "), "\n", "\r\n"), env);
  }
  SECTION("re-wrapping") {
    check_one(rewrap(armored, 40), env);
    check_one(rewrap(armored, 76), env);
    check_one(quote(rewrap(armored, 76), "> "), env);
  }
  SECTION("surrounding mail text and two blocks") {
    Json second = sample_envelope(5);
    std::string mail =
        "From: union@example.org\r\nSubject: turn 4\r\n\r\nMy orders, and the corrected "
        "ones:\r\n\r\n" +
        replace_all(armor(env), "\n", "\r\n") + "\r\nand again\r\n\r\n" +
        quote(rewrap(armor(second), 40), "> ") + "-- \r\nGeneral Meade\r\n";
    std::vector<std::string> texts = dearmor(mail);
    REQUIRE(texts.size() == 2);
    CHECK(parse_strict(texts[0], "mail") == env);
    CHECK(parse_strict(texts[1], "mail") == second);
  }
  SECTION("no block at all") {
    CHECK(dearmor("Dear General,\nno orders this turn.\n").empty());
  }
}

TEST_CASE("a damaged block is reported as armor.corrupt", "[ledger][armor]") {
  std::string armored = armor(sample_envelope(4));
  std::string begin = "-----BEGIN-ADJUTANT-SIGNED-JSON-----\n";
  std::string end = "-----END-ADJUTANT-SIGNED-JSON-----\n";
  CHECK(error_id([&] { dearmor(begin + "abcde\n" + end); }) == "armor.corrupt");
  CHECK(error_id([&] { dearmor(begin + "!!!\n" + end); }) == "armor.corrupt");
  CHECK(error_id([&] { dearmor(begin + "aGVsbG8\n" + end); }) == "armor.corrupt");
  // A block cut off by the end of the mail, or by the start of another block.
  CHECK(error_id([&] { dearmor(armored.substr(0, armored.size() - end.size())); }) ==
        "armor.corrupt");
  CHECK(error_id([&] { dearmor(begin + "eyJ9\n" + armored); }) == "armor.corrupt");
  // One lost character.
  std::string damaged = armored;
  damaged.erase(begin.size() + 10, 1);
  CHECK(error_id([&] { dearmor(damaged); }) == "armor.corrupt");
}
