// A maildir as a Mailbox (mailbox.h): the files of new/ and cur/, read one
// at a time; a processed message is renamed into the Maildir++ folder
// DIR/.adjutant-processed/cur/ with the Seen flag, which is atomic and never
// copies a byte.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "mail/mailbox.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::mail {

namespace fs = std::filesystem;

namespace {

// "NAME:2,FS" with the flag S added (flags stay in ASCII order, as maildir
// readers expect); a name without flags gets ":2,S".
std::string seen_name(const std::string& name) {
  std::size_t info = name.rfind(":2,");
  if (info == std::string::npos) return name + ":2,S";
  std::string flags = name.substr(info + 3);
  if (flags.find('S') == std::string::npos) flags += 'S';
  std::sort(flags.begin(), flags.end());
  return name.substr(0, info) + ":2," + flags;
}

class Maildir : public Mailbox {
 public:
  explicit Maildir(fs::path dir) : dir_(std::move(dir)) {
    std::error_code ec;
    if (!fs::is_directory(dir_ / "new", ec) && !fs::is_directory(dir_ / "cur", ec))
      throw Error("mail.maildir", dir_.string() + ": not a maildir (no new/ or cur/)",
                  Exit::kEnvironment);
  }

  std::vector<MessageRef> list() override {
    std::vector<MessageRef> out;
    for (const char* sub : {"cur", "new"}) {
      std::error_code ec;
      for (const auto& f : fs::directory_iterator(dir_ / sub, ec)) {
        std::string name = f.path().filename().string();
        // Real files only: a symbolic link is never followed out of the maildir.
        if (name.empty() || name[0] == '.' || !fs::is_regular_file(f.symlink_status(ec))) continue;
        MessageRef m;
        m.source = "maildir " + std::string(sub) + "/" + name;
        m.file = f.path();
        m.size = f.file_size(ec);
        out.push_back(std::move(m));
      }
    }
    std::sort(out.begin(), out.end(),
              [](const MessageRef& a, const MessageRef& b) { return a.source < b.source; });
    return out;
  }

  std::string read(const MessageRef& m) override {
    try {
      return read_file(m.file, kMaxIntakeMessage);
    } catch (const Error& e) {
      if (e.id() != "io.too_large") throw;
      std::error_code ec;
      throw Error("mail.too_large", m.source + ": " + too_large_text(fs::file_size(m.file, ec)));
    }
  }

  std::string headers(const MessageRef& m) override { return read_headers(m.file); }

  void set_aside(const MessageRef& m) override {
    fs::path folder = dir_ / ("." + std::string(kProcessedFolder));
    std::error_code ec;
    for (const char* sub : {"cur", "new", "tmp"}) fs::create_directories(folder / sub, ec);
    // Dovecot's mark of a Maildir++ folder.
    if (!fs::exists(folder / "maildirfolder", ec)) {
      int fd = ::open((folder / "maildirfolder").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
      if (fd >= 0) ::close(fd);
    }
    fs::path target = folder / "cur" / seen_name(m.file.filename().string());
    if (::rename(m.file.c_str(), target.c_str()) != 0)
      throw Error("mail.set_aside",
                  m.source + ": cannot move it to " + target.string() + ": " + errno_words(errno),
                  Exit::kEnvironment);
  }

 private:
  fs::path dir_;
};

}  // namespace

std::unique_ptr<Mailbox> open_maildir(const fs::path& dir) {
  return std::make_unique<Maildir>(dir);
}

std::string read_headers(const fs::path& file) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    throw Error("io.read", file.string() + ": cannot read: " + errno_words(errno),
                Exit::kEnvironment);
  std::string out;
  char buf[8192];
  while (out.size() < kMaxHeaderBytes) {
    ssize_t n = ::read(fd, buf, std::min(sizeof buf, kMaxHeaderBytes - out.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    std::size_t from = out.size() > 3 ? out.size() - 3 : 0;
    out.append(buf, std::size_t(n));
    std::size_t end = out.find("\n\n", from);
    std::size_t crlf = out.find("\r\n\r\n", from);
    if (crlf != std::string::npos && (end == std::string::npos || crlf < end)) end = crlf + 2;
    if (end != std::string::npos) {
      out.resize(end + 2);
      break;
    }
  }
  ::close(fd);
  return out;
}

std::string too_large_text(std::uintmax_t size) {
  return "larger than " + std::to_string(kMaxIntakeMessage >> 20) + " MiB" +
         (size ? " (" + std::to_string(size) + " bytes)" : std::string()) + ": not read";
}

}  // namespace adjutant::mail
