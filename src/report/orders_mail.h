// The mail that carries a player's signed order file to the party who
// adjudicates it, written by `adjutant sign --mail` into GAME/mail/outbox/.
#pragma once

#include <string>

#include "ledger/jcs.h"
#include "report/report_input.h"

namespace adjutant::report {

// `envelope` is the signed order file; `at` the time of signing (the Date);
// `text`, when the orders were written as text, that text, attached as
// orders.txt (kOrdersTextName), so that a refusal can name its lines.
std::string orders_mail(const GameFacts& game, const game::Party& from, const game::Party& to,
                        const ledger::Json& envelope, const std::string& at,
                        const std::string& text = "");

inline constexpr const char* kOrdersTextName = "orders.txt";

// "orders-t<turn>-<side>-<first 12 hex of the file's hash>.eml"
std::string orders_mail_name(const ledger::Json& envelope);

}  // namespace adjutant::report
