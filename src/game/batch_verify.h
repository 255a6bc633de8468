// Verifying many archives at once, for tournament umpires and CI
// (docs/ci.md): every archive under the paths given, on every core.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "game/verify.h"

namespace adjutant::game {

// The archives among `paths`: a folder holding log.jsonl is an archive; any
// other folder is searched (recursively, in name order) for archives; a
// path that is neither is kept, so that its report says it was not found.
// Hidden folders (".x") and symbolic links to folders are not searched:
// each is added to `skipped` with the reason, for the caller to name.
struct Skipped {
  std::filesystem::path path;
  std::string why;  // "a hidden folder", "a symbolic link"
};
std::vector<std::filesystem::path> find_archives(const std::vector<std::filesystem::path>& paths,
                                                 std::vector<Skipped>* skipped = nullptr);

struct BatchEntry {
  std::filesystem::path path;
  VerifyReport report;
  double ms = 0;
};

struct BatchResult {
  std::vector<BatchEntry> entries;  // in the order of find_archives
  int passed = 0;
  int failed = 0;
  double ms = 0;      // wall time
  int exit_code = 0;  // 0; 3 when any failed; 5 when none failed but one is of a newer version;
                      // 1 when one is not an archive
};

// Verifies each archive on `jobs` threads (0: every core). `progress`, when
// given, is called after each archive with (done, total) from one thread at
// a time.
BatchResult verify_many(const std::vector<std::filesystem::path>& archives, int jobs,
                        const VerifyOptions& options,
                        const std::function<void(int, int, const BatchEntry&)>& progress = {});

// JUnit XML: one testsuite, one testcase per archive; a failure carries the
// first bad line and its error id.
std::string junit_xml(const BatchResult& result);

ledger::Json batch_json(const BatchResult& result);

}  // namespace adjutant::game
