// `adjutant verify`: rebuild a game from its first log line and prove every
// signature, chain link, die, echo, event and state hash, naming the first
// bad line. Never throws: every problem is a report.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::game {

class Archive;

struct VerifyReport {
  bool ok = false;
  int lines = 0;
  int adjudications = 0;
  int dice = 0;
  std::string head;
  std::string state;     // hash of the replayed state after the last line
  int bad_line = -1;     // the first bad log line; -1 if none or not a line
  std::string where;     // "log.jsonl line 4 (adjudication)"
  std::string error_id;  // verify.*
  std::string message;
  int exit_code = 0;  // 0, 1 (no archive), 3 (verification failed) or 5 (newer ruleset)
  // Caches found stale or missing, and what became of them.
  std::vector<std::string> caches;

  ledger::Json to_json() const;
  std::string text() const;
};

struct VerifyOptions {
  // Rebuild a stale state.json when the archive's lock is free.
  bool repair_caches = true;
  // Read the log and check its signatures on a second thread while the
  // replay runs (game/read_ahead.h); the same verdicts, in less wall time. Off where
  // the threads are already busy (a batch verifies archives side by side).
  bool check_ahead = true;
};

// Whether a verify with `options` reads the log and checks its signatures
// on a second thread (game/read_ahead.h): when `options` asks for it and the
// machine has two cores or more.
bool read_ahead(const VerifyOptions& options);

VerifyReport verify_archive(const std::filesystem::path& dir, const VerifyOptions& options = {});

}  // namespace adjutant::game
