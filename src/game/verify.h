// `adjutant verify`: rebuild a game from its first log line and prove every
// signature, chain link, die, event and state hash, naming the first bad line.
#pragma once

#include <filesystem>
#include <string>

#include "ledger/jcs.h"

namespace adjutant::game {

struct VerifyReport {
  bool ok = false;
  int lines = 0;
  int adjudications = 0;
  int dice = 0;
  std::string head;
  int bad_line = -1;     // the first bad log line; -1 if none or not a line (state.json)
  std::string where;     // "log.jsonl line 4 (adjudication)" or "state.json"
  std::string error_id;  // verify.*
  std::string message;
  int exit_code = 0;  // 0, 3 (verification failed) or 5 (ruleset version)

  ledger::Json to_json() const;
  std::string text() const;
};

VerifyReport verify_archive(const std::filesystem::path& dir);

}  // namespace adjutant::game
