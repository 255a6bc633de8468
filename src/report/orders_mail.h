// The mail that carries a player's signed order file to the party who
// adjudicates it, written by `adjutant sign --mail` into GAME/mail/outbox/.
#pragma once

#include <string>

#include "ledger/jcs.h"
#include "report/report_input.h"

namespace adjutant::report {

// `envelope` is the signed order file; `at` the time of signing (the Date).
std::string orders_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                        const ledger::Json& envelope, const std::string& at);

// "orders-t<turn>-<side>-<first 12 hex of the file's hash>.eml"
std::string orders_mail_name(const ledger::Json& envelope);

}  // namespace adjutant::report
