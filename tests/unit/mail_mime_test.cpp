#include <catch2/catch.hpp>

#include "mail/mime_parse.h"

using namespace adjutant::mail;

TEST_CASE("the MIME reader finds nested parts and undoes transfer encodings", "[mail][mime]") {
  std::string raw =
      "From: a@example.org\r\nSubject: folded\r\n  subject\r\n"
      "Content-Type: multipart/mixed;\r\n boundary=\"outer\"\r\n\r\n"
      "preamble\r\n--outer\r\nContent-Type: multipart/alternative; boundary=inner\r\n\r\n"
      "--inner\r\nContent-Type: text/plain; charset=utf-8\r\n"
      "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
      "caf=C3=A9 =3D soft=\r\nbreak\r\n--inner\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n"
      "--inner--\r\n\r\n--outer\r\nContent-Type: application/octet-stream; name=\"a.bin\"\r\n"
      "Content-Disposition: attachment;\r\n filename*=utf-8''%C3%A9t%C3%A9.bin\r\n"
      "Content-Transfer-Encoding: base64\r\n\r\nAAEC\r\n/w==\r\n--outer--\r\nepilogue\r\n";
  MimePart m = parse_message(raw);
  CHECK(m.header("subject") == "folded subject");
  CHECK(m.content_type == "multipart/mixed");
  auto parts = leaves(m);
  REQUIRE(parts.size() == 3);
  CHECK(parts[0]->content_type == "text/plain");
  CHECK(parts[0]->body == "caf\xc3\xa9 = softbreak");
  CHECK(parts[1]->content_type == "text/html");
  CHECK(parts[1]->body == "<p>x</p>");
  CHECK(parts[2]->attachment);
  CHECK(parts[2]->filename == "\xc3\xa9t\xc3\xa9.bin");
  CHECK(parts[2]->body == std::string("\x00\x01\x02\xff", 4));
}

TEST_CASE("the MIME reader survives broken mail", "[mail][mime]") {
  CHECK(parse_message("").body.empty());
  CHECK(parse_message("no headers at all").body.empty());
  MimePart lf = parse_message("Subject: x\n\nbody\n");
  CHECK(lf.body == "body\n");
  MimePart open = parse_message(
      "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\nfirst\r\n--b\r\n\r\nsecond");
  REQUIRE(open.parts.size() == 2);
  CHECK(open.parts[1].body == "second");
  // Deep nesting stops instead of recursing without end.
  std::string deep;
  for (int i = 0; i < 200; ++i)
    deep += "Content-Type: multipart/mixed; boundary=b" + std::to_string(i) + "\r\n\r\n--b" +
            std::to_string(i) + "\r\n";
  CHECK_NOTHROW(parse_message(deep));
  CHECK(decode_quoted_printable("a=ZZb=\n") == "a=ZZb");
  CHECK(decode_base64("aGV s\r\nbG8=") == "hello");
}

TEST_CASE("addresses come out of address headers", "[mail][mime]") {
  CHECK(addresses("\"Lee, Robert\" <lee@example.org>, zoe@example.org (Zo\xc3\xab)") ==
        std::vector<std::string>{"lee@example.org", "zoe@example.org"});
  CHECK(addresses("=?utf-8?B?Wm/Dqw==?= <z@example.org>") ==
        std::vector<std::string>{"z@example.org"});
  CHECK(addresses("undisclosed-recipients:;").empty());
}
