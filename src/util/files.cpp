#include "util/files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "util/error.h"

namespace adjutant {

namespace fs = std::filesystem;

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error("io.read", file.string() + ": cannot read", Exit::kEnvironment);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string read_file_limited(const fs::path& file, std::size_t max_bytes) {
  std::error_code ec;
  auto size = fs::file_size(file, ec);
  if (ec) throw Error("io.read", file.string() + ": cannot read", Exit::kEnvironment);
  if (size > max_bytes)
    throw Error("io.too_large", file.string() + ": " + std::to_string(size) +
                                    " bytes, more than the limit of " + std::to_string(max_bytes));
  return read_file(file);
}

namespace {

void fail(const fs::path& file, const char* what) {
  throw Error("io.write", file.string() + ": " + what + ": " + std::strerror(errno),
              Exit::kEnvironment);
}

void fsync_folder(const fs::path& folder) {
  int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

}  // namespace

void write_file_atomic(const fs::path& file, const std::string& bytes, unsigned mode) {
  fs::path folder = file.parent_path();
  fs::path temp = folder / ("." + file.filename().string() + ".tmp" + std::to_string(::getpid()));
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, mode);
  if (fd < 0) fail(temp, "cannot create");
  ::fchmod(fd, mode);
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      ::unlink(temp.c_str());
      fail(temp, "cannot write");
    }
    done += std::size_t(n);
  }
  if (::fsync(fd) != 0) {
    ::close(fd);
    ::unlink(temp.c_str());
    fail(temp, "cannot fsync");
  }
  ::close(fd);
  if (::rename(temp.c_str(), file.c_str()) != 0) {
    ::unlink(temp.c_str());
    fail(file, "cannot rename into place");
  }
  fsync_folder(folder);
}

FolderLock::FolderLock(const fs::path& folder) {
  fs::path file = folder / ".lock";
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT, 0644);
  if (fd_ < 0) fail(file, "cannot open lock file");
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    fd_ = -1;
    throw Error("archive.locked",
                folder.string() + ": another adjutant run holds the lock; try again when it ends",
                Exit::kEnvironment);
  }
}

FolderLock::~FolderLock() {
  if (fd_ >= 0) {
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }
}

}  // namespace adjutant
