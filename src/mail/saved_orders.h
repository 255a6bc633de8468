// An order file as a player or an umpire happens to hold it: the signed JSON
// file itself, a pasted armored block, a saved mail (.eml, a maildir
// message) carrying it as an attachment or an armored block, or an mbox
// file holding such a mail. `check` and `adjudicate` read order files here.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::mail {

struct SavedOrders {
  ledger::Json envelope;
  std::string where;  // "" for a JSON file, else "attachment orders.signed.json of the mail"
};

// The one order file `file` holds. Errors those of game::read_order_file
// for a JSON or armored file; for a mail: orders.none (it carries no order
// file), orders.armor (several different ones: save each apart),
// orders.too_large, json.*.
SavedOrders read_saved_orders(const std::filesystem::path& file);

// The order files a mail, an mbox or a maildir message carries (none for a
// file that is none of these): for `sync`, which takes log lines and says
// what to do with orders.
std::vector<std::string> order_files_in_mail(const std::filesystem::path& file);

}  // namespace adjutant::mail
