#include <catch2/catch.hpp>

#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/jcs.h"
#include "support/error_id.h"
#include "util/error.h"

using namespace adjutant;
using namespace adjutant::ledger;

namespace {

using adjutant::testing::error_id;

Json orders_body() {
  return Json::parse(R"({"format":"adjutant-orders/1","side":"union","turn":4,
    "moves":[{"unit":"1/V","path":["1115","1114","1014"]}],"note":"caf\u00e9 \u20ac"})");
}

}  // namespace

TEST_CASE("PAE matches hand-derived bytes", "[ledger][envelope]") {
  // The DSSE specification's own example.
  CHECK(pae("http://example.com/HelloWorld", "hello world") ==
        "DSSEv1 29 http://example.com/HelloWorld 11 hello world");
  // Lengths count bytes: "\xc3\xa9" is one character, two bytes.
  CHECK(pae(kOrdersType, "{\"a\":\"\xc3\xa9\"}") ==
        std::string("DSSEv1 39 application/vnd.adjutant.orders.v1+json 10 {\"a\":\"\xc3\xa9\"}"));
  // "DSSEv1 1 t 0 " byte by byte.
  CHECK(to_hex(pae("t", "")) == "44535345763120312074203020");
  CHECK(pae("", "") == "DSSEv1 0  0 ");
}

TEST_CASE("a signed envelope verifies only with its key, body and type", "[ledger][envelope]") {
  SigningKey key = SigningKey::generate();
  SigningKey other = SigningKey::generate();
  Json signed_json = sign_envelope(kOrdersType, orders_body(), key);
  CHECK(signed_json["payloadType"] == kOrdersType);
  CHECK(signed_json["body"] == orders_body());
  REQUIRE(signed_json["signatures"].size() == 1);
  CHECK(signed_json["signatures"][0]["keyid"] == key_id(key.public_raw()));

  Envelope e = parse_envelope(signed_json, "orders.json");
  CHECK(e.payload_type == kOrdersType);
  REQUIRE(e.signatures.size() == 1);
  CHECK(e.signatures[0].second.size() == 64);
  CHECK(verify_envelope(e, kOrdersType, key.public_raw()));
  CHECK_FALSE(verify_envelope(e, kOrdersType, other.public_raw()));

  Envelope changed = e;
  changed.body["turn"] = 5;
  CHECK_FALSE(verify_envelope(changed, kOrdersType, key.public_raw()));

  CHECK(error_id([&] { verify_envelope(e, kCardType, key.public_raw()); }) == "envelope.type");
  // Relabelling the envelope does not help: the type is inside the signed bytes.
  Envelope relabelled = e;
  relabelled.payload_type = kCardType;
  CHECK_FALSE(verify_envelope(relabelled, kCardType, key.public_raw()));
}

TEST_CASE("a re-ordered, re-spaced body still verifies", "[ledger][envelope]") {
  SigningKey key = SigningKey::generate();
  Json signed_json = sign_envelope(kOrdersType, orders_body(), key);
  std::string text = std::string("{\n  \"signatures\" : ") + signed_json["signatures"].dump(2) +
                     ",\n  \"body\": {\"turn\" : 4, \"side\":\"union\",\n"
                     "    \"note\": \"caf\\u00e9 \xe2\x82\xac\",\n"
                     "    \"moves\": [ { \"path\": [\"1115\", \"1114\", \"1014\"], \"unit\": "
                     "\"1/V\" } ],\n    \"format\": \"adjutant-orders/1\" },\n"
                     "  \"payloadType\": \"" +
                     kOrdersType + "\"\n}\n";
  Envelope e = parse_envelope(parse_strict(text, "mail.txt"), "mail.txt");
  CHECK(verify_envelope(e, kOrdersType, key.public_raw()));
}

TEST_CASE("any one good signature among several is enough", "[ledger][envelope]") {
  SigningKey key = SigningKey::generate();
  SigningKey other = SigningKey::generate();
  Json a = sign_envelope(kLogEntryType, orders_body(), other);
  Json b = sign_envelope(kLogEntryType, orders_body(), key);
  a["signatures"].push_back(b["signatures"][0]);
  Envelope e = parse_envelope(a, "log.jsonl");
  CHECK(verify_envelope(e, kLogEntryType, key.public_raw()));
  CHECK(verify_envelope(e, kLogEntryType, other.public_raw()));
  CHECK_FALSE(verify_envelope(e, kLogEntryType, SigningKey::generate().public_raw()));
}

TEST_CASE("malformed envelopes are refused naming the field", "[ledger][envelope]") {
  SigningKey key = SigningKey::generate();
  const Json good = sign_envelope(kOrdersType, orders_body(), key);
  auto message = [](const Json& j) -> std::string {
    try {
      parse_envelope(j, "orders.json");
    } catch (const Error& e) {
      CHECK(e.id() == "envelope.format");
      CHECK(e.detail().rfind("orders.json: ", 0) == 0);
      return e.detail();
    }
    FAIL("accepted a malformed envelope");
    return "";
  };
  Json j = good;
  j["extra"] = 1;
  CHECK_THAT(message(j), Catch::Contains("extra"));
  j = good;
  j.erase("signatures");
  CHECK_THAT(message(j), Catch::Contains("signatures"));
  j = good;
  j["signatures"] = Json::array();
  CHECK_THAT(message(j), Catch::Contains("signatures"));
  j = good;
  j["payloadType"] = 7;
  CHECK_THAT(message(j), Catch::Contains("payloadType"));
  j = good;
  j["body"] = "text";
  CHECK_THAT(message(j), Catch::Contains("body"));
  j = good;
  j["signatures"][0]["sig"] = "AA==";
  CHECK_THAT(message(j), Catch::Contains("signatures[0].sig"));
  j = good;
  j["signatures"][0]["sig"] = base64url(std::string(63, 'x'));
  CHECK_THAT(message(j), Catch::Contains("64 bytes"));
  j = good;
  j["signatures"][0]["cert"] = "x";
  CHECK_THAT(message(j), Catch::Contains("signatures[0].cert"));
  j = good;
  j["signatures"][0].erase("keyid");
  CHECK_THAT(message(j), Catch::Contains("signatures[0].keyid"));
  CHECK_THAT(message(Json::array()), Catch::Contains("object"));
}
