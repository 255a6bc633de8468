// The verification status of every line of a log, for pages that show it
// line by line (adjutant view): each line verified, the first bad one with
// its error, and the lines after it, which nothing can vouch for.
#pragma once

#include <string>
#include <vector>

#include "game/archive.h"

namespace adjutant::game {

struct LineCheck {
  int seq = 0;
  std::string kind;
  std::string hash;      // hex SHA-256 of the line
  std::string status;    // "verified", "failed" or "unchecked"
  std::string error_id;  // for "failed"
  std::string message;
};

struct LineChecks {
  std::vector<LineCheck> lines;
  int verified = 0;       // lines verified from line 0 on
  int first_bad = -1;     // -1 when every line verified
  bool awaiting = false;  // the last line is orders not yet adjudicated
};

// Verifies `archive` line by line, as verify does, and never throws. An
// archive opened with Archive::open_partial passes the damaged line it
// reported (`bad_line` >= 0) and the problem: that line then fails
// (verify.malformed) once every line before it has verified.
LineChecks check_lines(const Archive& archive, int bad_line = -1, const std::string& problem = "");

}  // namespace adjutant::game
