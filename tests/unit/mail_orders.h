// Signed order files and the mails that carry them, for intake tests: a fake
// genesis (two sides with their keys), and messages holding orders as an
// attachment or armored in the body.
#pragma once

#include <string>

#include "ledger/armor.h"
#include "ledger/digest.h"
#include "ledger/envelope.h"
#include "ledger/keys.h"
#include "mail/mailbox.h"
#include "mail/order_intake.h"
#include "util/error.h"

namespace adjutant::testing {

using ledger::Json;

struct OrderKit {
  ledger::SigningKey union_key = ledger::SigningKey::from_seed(std::string(32, '\x01'));
  ledger::SigningKey confederate_key = ledger::SigningKey::from_seed(std::string(32, '\x02'));
  ledger::SigningKey stranger = ledger::SigningKey::from_seed(std::string(32, '\x03'));
  mail::IntakeContext ctx;

  explicit OrderKit(const std::filesystem::path& inbox) {
    ctx.game_id = ledger::sha256_hex("fake genesis");
    ctx.head = ledger::sha256_hex("log line 2");
    ctx.side_keys["union"] = union_key.public_raw();
    ctx.side_keys["confederate"] = confederate_key.public_raw();
    ctx.inbox = inbox;
  }

  Json body(const std::string& side, const std::string& unit) const {
    return {{"format", "adjutant-orders/1"},
            {"game", ctx.game_id},
            {"side", side},
            {"turn", 1},
            {"phase", side},
            {"after", ctx.head},
            {"reveal", {{"m", 1}, {"s", std::string(64, '0')}}},
            {"moves", Json::array({{{"unit", unit}, {"path", {"0606", "0605"}}}})}};
  }

  Json sign(const Json& body, const ledger::SigningKey& key) const {
    return ledger::sign_envelope(ledger::kOrdersType, body, key);
  }
};

// A mail with a short text part and `json` attached as a file.
inline std::string mail_with_attachment(const std::string& subject, const std::string& filename,
                                        const std::string& json) {
  return "From: Player <player@example.org>\r\nTo: host@example.org\r\nSubject: " + subject +
         "\r\nMessage-ID: <" + ledger::sha256_hex(json).substr(0, 12) +
         "@example.org>\r\nMIME-Version: 1.0\r\n"
         "Content-Type: multipart/mixed; boundary=\"XYZ\"\r\n\r\npreamble\r\n--XYZ\r\n"
         "Content-Type: text/plain; charset=us-ascii\r\n\r\nMy orders are attached.\r\n--XYZ\r\n"
         "Content-Type: application/json\r\nContent-Disposition: attachment; filename=\"" +
         filename + "\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + ledger::base64(json) +
         "\r\n--XYZ--\r\n";
}

// A reply whose quoted text ("> ") holds an armored order file.
inline std::string mail_with_quoted_armor(const std::string& subject, const Json& envelope) {
  std::string quoted;
  std::string armored = ledger::armor(envelope);
  std::size_t pos = 0;
  while (pos < armored.size()) {
    std::size_t end = armored.find('\n', pos);
    quoted += "> " + armored.substr(pos, end - pos) + "\r\n";
    pos = end + 1;
  }
  return "From: player@example.org\r\nTo: host@example.org\r\nSubject: " + subject +
         "\r\nMessage-ID: <" + ledger::sha256_hex(quoted).substr(0, 12) +
         "@example.org>\r\n\r\nOn Monday you wrote:\r\n" + quoted + "\r\nThanks!\r\n";
}

// Every message of `box`, one at a time, its order files filed (none set
// aside); a message that cannot be read gives one Intake with the error's id.
inline std::vector<mail::Intake> take_box(const mail::IntakeContext& ctx, mail::Mailbox& box) {
  std::vector<mail::Intake> out;
  for (const mail::MessageRef& m : box.list()) {
    try {
      std::vector<mail::Intake> found = mail::take_orders(ctx, box.read(m), m.source);
      out.insert(out.end(), found.begin(), found.end());
    } catch (const Error& e) {
      out.push_back({m.source, "message", e.id(), e.what(), "", ""});
    }
  }
  box.finish();
  return out;
}

}  // namespace adjutant::testing
