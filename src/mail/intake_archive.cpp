// The archive side of order intake, apart from the rest so that code working
// on an IntakeContext does not need the archive reader.
#include "mail/order_intake.h"

namespace adjutant::mail {

IntakeContext intake_context(const game::Archive& archive, const std::string& after) {
  IntakeContext ctx;
  ctx.game_id = archive.game_id();
  ctx.head = after.empty() ? archive.head() : after;
  for (const game::Party& p : archive.parties())
    if (!p.public_key.empty()) ctx.side_keys[p.id] = p.public_key;
  ctx.inbox = archive.dir() / "inbox";
  return ctx;
}

}  // namespace adjutant::mail
