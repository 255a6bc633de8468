#include "game/line_checks.h"

#include "game/replay.h"
#include "util/error.h"

namespace adjutant::game {

LineChecks check_lines(const Archive& archive, int bad_line, const std::string& problem) {
  LineChecks out;
  const auto& log = archive.log();
  for (const auto& e : log) out.lines.push_back({e.seq, e.kind, e.hash, "unchecked", "", ""});
  auto fail = [&](std::size_t n, const std::string& id, const std::string& message) {
    out.first_bad = int(n);
    out.lines[n].status = "failed";
    out.lines[n].error_id = id;
    out.lines[n].message = message;
  };
  if (log.empty()) return out;
  try {
    check_genesis(archive);
  } catch (const Error& e) {
    fail(0, e.id(), e.detail());
    return out;
  } catch (const std::exception& e) {
    fail(0, "verify.malformed", e.what());
    return out;
  }
  out.lines[0].status = "verified";
  out.verified = 1;
  Replay replay(archive);
  for (std::size_t n = 1; n < log.size(); ++n) {
    try {
      replay.step(log[n]);
    } catch (const Error& e) {
      fail(n, e.id(), e.detail());
      return out;
    } catch (const std::exception& e) {
      fail(n, "verify.malformed", e.what());
      return out;
    }
    out.lines[n].status = "verified";
    out.verified = int(n) + 1;
  }
  if (bad_line >= 0) {
    out.lines.push_back({bad_line, "?", "", "unchecked", "", ""});
    fail(out.lines.size() - 1, "verify.malformed", problem);
    return out;
  }
  out.awaiting = replay.awaiting_adjudication();
  return out;
}

}  // namespace adjutant::game
