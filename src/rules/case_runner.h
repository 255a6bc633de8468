// Adjudication cases as data (docs/case-format.md): a position, orders,
// fixed dice and what must come of them. `adjutant case run` and the test
// suite both run them through run_case, so a case passes in one exactly when
// it passes in the other.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace adjutant::rules {

struct CaseResult {
  std::string name;  // the file as given
  std::string rule;
  std::string title;
  bool passed = false;
  std::vector<std::string> diff;  // why it failed: expected against actual, line by line
};

// Runs one case object; scenario paths resolve against `root` (the repository).
CaseResult run_case(const Json& c, const std::string& name, const std::filesystem::path& root);

// Reads and runs one file; a file that cannot be read or parsed fails with
// the error as its diff. An empty `root` is found by walking up from the
// file to the first folder holding scenarios/.
CaseResult run_case_file(const std::filesystem::path& file, std::filesystem::path root = {});

// Every *.json under `dir` (recursively), sorted; a file given directly is returned as is.
std::vector<std::filesystem::path> case_files(const std::filesystem::path& dir);

// Recursive subset match: every field of `want` must be in `got` with an
// equal value (arrays: same length, element by element). Mismatches are
// appended to `why` as "path: want X, got Y".
bool json_subset(const Json& want, const Json& got, const std::string& path,
                 std::vector<std::string>& why);

}  // namespace adjutant::rules
