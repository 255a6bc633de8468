#include "judge/journal.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string_view>

#include "ledger/jcs.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::judge {

namespace fs = std::filesystem;
using ledger::Json;

Journal::Journal(const fs::path& file) : file_(file) {
  std::error_code ec;
  if (!fs::exists(file_, ec)) return;
  std::string text = read_file(file_, kMaxLogFile);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) break;  // a torn last line is no line
    // Only the lines written once are parsed: the journal grows with every
    // action, and a pass reads it whole.
    std::string_view line(text.data() + pos, end - pos);
    if (line.find("\"once\":") != std::string_view::npos) {
      Json j = Json::parse(line, nullptr, false);
      if (j.is_object() && j.contains("once") && j["once"].is_string())
        keys_.insert(j["once"].get<std::string>());
    }
    pos = end + 1;
  }
}

void Journal::append(const std::string& line) {
  int fd = ::open(file_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0)
    throw Error("io.write", file_.string() + ": " + errno_words(errno), Exit::kEnvironment);
  ssize_t n = ::write(fd, line.data(), line.size());
  int err = errno;
  bool ok = n == ssize_t(line.size()) && ::fsync(fd) == 0;
  if (!ok && n >= 0) err = errno;
  ::close(fd);
  if (!ok) throw Error("io.write", file_.string() + ": " + errno_words(err), Exit::kEnvironment);
  ++written_;
}

void Journal::write(const std::string& at, const std::string& game, const std::string& action,
                    const std::string& detail) {
  append(
      ledger::canonical(Json{{"action", action}, {"at", at}, {"detail", detail}, {"game", game}}) +
      "\n");
}

bool Journal::once(const std::string& key, const std::string& at, const std::string& game,
                   const std::string& action, const std::string& detail) {
  if (keys_.count(key)) return false;
  append(ledger::canonical(Json{
             {"action", action}, {"at", at}, {"detail", detail}, {"game", game}, {"once", key}}) +
         "\n");
  keys_.insert(key);
  return true;
}

}  // namespace adjutant::judge
