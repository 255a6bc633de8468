#include "game/verify.h"

#include <thread>

#include "game/archive.h"
#include "game/caches.h"
#include "game/read_ahead.h"
#include "game/replay.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::game {

namespace {

const std::string kStaleStateNote =
    "state.json is stale (a cache); adjutant rebuilds it from the log";

}  // namespace

Json VerifyReport::to_json() const {
  Json j = {{"ok", ok},     {"lines", lines}, {"adjudications", adjudications},
            {"dice", dice}, {"head", head},   {"exit", exit_code}};
  if (!ok || !error_id.empty()) {
    j["error"] = {{"id", error_id}, {"where", where}, {"message", message}};
    if (bad_line >= 0) j["error"]["line"] = bad_line;
  }
  j["caches"] = caches;
  return j;
}

std::string VerifyReport::text() const {
  std::string out;
  for (const auto& c : caches) out += "note: " + printable(c) + "\n";
  if (ok) {
    out += "verified: " + std::to_string(lines) + " log line" + (lines == 1 ? "" : "s") + ", " +
           std::to_string(adjudications) + " adjudication" + (adjudications == 1 ? "" : "s") +
           ", " + std::to_string(dice) + (dice == 1 ? " die" : " dice") + "; head " + head + "\n";
    // The log holds; a cache could not be rebuilt (exit 4).
    if (!error_id.empty())
      out += "error: " + printable(where) + ": [" + error_id + "] " + printable(message) + "\n";
    return out;
  }
  // One line whatever the message holds: input never forges a line of output.
  // An archive that cannot be read is no verdict on it (exit 4).
  return out +
         (exit_code == int(Exit::kEnvironment) ? "CANNOT VERIFY (input/output) at "
                                               : "VERIFICATION FAILED at ") +
         printable(where) + ": [" + error_id + "] " + printable(message) + "\n";
}

namespace {

void failed(VerifyReport& report, const std::string& id, const std::string& where, int line,
            const std::string& message, Exit exit) {
  report.ok = false;
  report.error_id = id;
  report.where = where;
  report.bad_line = line;
  report.message = message;
  report.exit_code = int(exit);
}

}  // namespace

bool read_ahead(const VerifyOptions& options) {
  return options.check_ahead && std::thread::hardware_concurrency() >= 2;
}

VerifyReport verify_archive(const fs::path& dir, const VerifyOptions& options) {
  VerifyReport report;
  std::optional<ReadAhead> read;
  try {
    read.emplace(dir, read_ahead(options), true);
  } catch (const Error& e) {
    // A version newer than this build is not tampering (exit 5).
    bool newer = e.exit_code() == Exit::kRulesetVersion;
    bool missing = e.id() == "archive.not_found" || e.id() == "io.not_found";
    if (e.exit_code() == Exit::kEnvironment)
      failed(report, e.id(), dir.string(), -1, e.what(), Exit::kEnvironment);
    else if (newer)
      failed(report, e.id(), "log.jsonl line 0 (genesis)", 0, e.detail(), Exit::kRulesetVersion);
    else if (missing)
      failed(report, "verify.not_found", dir.string(), -1, e.what(), Exit::kBadInput);
    else
      failed(report, e.id() == "log.malformed" ? "verify.malformed" : "verify.archive",
             dir.string(), e.id() == "log.malformed" ? 0 : -1, e.what(), Exit::kVerifyFailed);
    return report;
  } catch (const std::exception& e) {
    failed(report, "verify.malformed", dir.string(), -1, e.what(), Exit::kVerifyFailed);
    return report;
  }
  Archive& a = read->archive();
  int current = 0;
  std::string kind = "genesis";
  try {
    check_genesis(a);
    Replay replay(a);
    for (std::size_t n = 1;; ++n) {
      const LogEntry* e = read->line(n);
      if (!e) break;
      current = int(n);
      kind = e->kind;
      replay.step(*e);
      report.adjudications = replay.adjudications();
      report.dice = replay.dice();
    }
    read->finish();
    if (read->bad_line() >= 0) {
      current = read->bad_line();
      kind = "damaged";
      throw Error("verify.malformed", read->problem(), Exit::kVerifyFailed);
    }
    if (replay.awaiting_adjudication())
      throw Error("verify.sequence", "the last order entry has no adjudication",
                  Exit::kVerifyFailed);
    report.ok = true;
    report.exit_code = 0;
    report.lines = int(read->log_lines());
    report.head = read->head();
    report.state = replay.state().hash();
    // state.json is a cache: stale (a run stopped after its log append) or
    // edited, it is named and rebuilt from the log, never called forged.
    if (options.repair_caches) {
      // A cache that cannot be rebuilt (the lock file or state.json cannot
      // be written) is an input/output problem (exit 4), never a forgery:
      // the log verified.
      try {
        report.caches = repair_state_cache(a, replay.state());
      } catch (const Error& e) {
        report.caches.push_back(
            "state.json is stale (a cache) and was not rebuilt; `adjutant verify --read-only` "
            "leaves it as it is");
        report.error_id = e.id();
        report.where = "state.json";
        report.message = e.what();
        report.exit_code = int(Exit::kEnvironment);
      }
    } else if (!state_cache_fresh(a, replay.state())) {
      report.caches.emplace_back(kStaleStateNote);
    }
  } catch (const Error& e) {
    // A file that cannot be read is no verdict on the archive (exit 4).
    bool io = e.exit_code() == Exit::kEnvironment;
    std::string id = io || e.id().rfind("verify.", 0) == 0 ? e.id() : "verify.malformed";
    failed(report, id, "log.jsonl line " + std::to_string(current) + " (" + kind + ")", current,
           e.detail(), io ? Exit::kEnvironment : Exit::kVerifyFailed);
  } catch (const std::exception& e) {
    // Never expected: every entry is read through typed fields. Still a
    // verification failure at this line, never a crash.
    failed(report, "verify.malformed", "log.jsonl line " + std::to_string(current), current,
           e.what(), Exit::kVerifyFailed);
  }
  return report;
}

}  // namespace adjutant::game
