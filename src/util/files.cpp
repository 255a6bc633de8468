#include "util/files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <vector>

#include "util/error.h"

namespace adjutant {

namespace fs = std::filesystem;

std::string errno_words(int err) {
  switch (err) {
    case ENOENT:
      return "no such file";
    case EISDIR:
      return "is a folder, not a file";
    case ENOTDIR:
      return "a part of the path is not a folder";
    case ENAMETOOLONG:
      return "the name is too long";
    case EACCES:
    case EPERM:
      return "permission denied";
    case ELOOP:
      return "a symbolic link where none is allowed";
    case ENOSPC:
      return "no space left on the device";
    case EDQUOT:
      return "disk quota exceeded";
    case EROFS:
      return "read-only file system";
    default:
      return std::strerror(err);
  }
}

namespace {

[[noreturn]] void read_failure(const fs::path& file, int err) {
  throw Error(err == ENOENT ? "io.not_found" : "io.read",
              file.string() + ": cannot read: " + errno_words(err),
              err == ENOENT ? Exit::kBadInput : Exit::kEnvironment);
}

}  // namespace

std::string read_file(const fs::path& file, std::size_t max_bytes) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) read_failure(file, errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    read_failure(file, err);
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    read_failure(file, EISDIR);
  }
  if (S_ISREG(st.st_mode) && std::size_t(st.st_size) > max_bytes) {
    ::close(fd);
    throw Error("io.too_large", file.string() + ": " + std::to_string(st.st_size) +
                                    " bytes, more than the limit of " + std::to_string(max_bytes));
  }
  std::string out;
  if (S_ISREG(st.st_mode)) out.reserve(std::size_t(st.st_size));
  std::vector<char> buf(1 << 16);
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      read_failure(file, err);
    }
    if (n == 0) break;
    if (out.size() + std::size_t(n) > max_bytes) {
      ::close(fd);
      throw Error("io.too_large", file.string() + ": more than the limit of " +
                                      std::to_string(max_bytes) + " bytes");
    }
    out.append(buf.data(), std::size_t(n));
  }
  ::close(fd);
  return out;
}

namespace {

[[noreturn]] void write_failure(const fs::path& file, const char* what, int err) {
  throw Error("io.write", file.string() + ": " + what + ": " + errno_words(err),
              Exit::kEnvironment);
}

bool fsync_folder(const fs::path& folder) {
  int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

}  // namespace

namespace {

// Every step of write_file_atomic up to and including the rename.
void replace_file(const fs::path& file, const std::string& bytes, unsigned mode) {
  fs::path folder = file.parent_path();
  fs::path temp = folder / ("." + file.filename().string() + ".tmp" + std::to_string(::getpid()));
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
  if (fd < 0) write_failure(temp, "cannot create", errno);
  auto abandon = [&](const char* what) {
    int err = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    write_failure(temp, what, err);
  };
  if (::fchmod(fd, mode) != 0) abandon("cannot set its mode");
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      abandon("cannot write");
    }
    done += std::size_t(n);
  }
  if (::fsync(fd) != 0) abandon("cannot fsync");
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    write_failure(temp, "cannot close", err);
  }
  if (::rename(temp.c_str(), file.c_str()) != 0) {
    int err = errno;
    ::unlink(temp.c_str());
    write_failure(file, "cannot rename into place", err);
  }
}

}  // namespace

void write_file_atomic(const fs::path& file, const std::string& bytes, unsigned mode) {
  replace_file(file, bytes, mode);
  // The rename is durable only once the folder is: a crash before this
  // leaves the old file or the new one, never a torn one.
  if (!fsync_folder(file.parent_path()))
    write_failure(file.parent_path(), "cannot fsync the folder", errno);
}

std::string commit_file_atomic(const fs::path& file, const std::string& bytes, unsigned mode) {
  replace_file(file, bytes, mode);
  if (fsync_folder(file.parent_path())) return "";
  return file.parent_path().string() + ": cannot fsync the folder after " +
         file.filename().string() + " was replaced (" + errno_words(errno) +
         "); the step is taken, but a crash of the machine now could lose it";
}

namespace {

// ".NAME.tmp1234" (write_file_atomic) or ".NAME.staging" (staged folders).
bool is_temporary(const std::string& name) {
  if (name.size() < 2 || name[0] != '.') return false;
  if (name.size() > 8 && name.compare(name.size() - 8, 8, ".staging") == 0) return true;
  std::size_t at = name.rfind(".tmp");
  if (at == std::string::npos || at == 0 || at + 4 >= name.size()) return false;
  for (std::size_t i = at + 4; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  return true;
}

}  // namespace

namespace {

std::vector<fs::path> stale_temporaries(const fs::path& folder) {
  std::error_code ec;
  std::vector<fs::path> doomed;
  for (auto it = fs::recursive_directory_iterator(folder, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (is_temporary(name)) {
      doomed.push_back(it->path());
      if (it->is_directory(ec)) it.disable_recursion_pending();
    }
  }
  return doomed;
}

}  // namespace

int count_stale_temporaries(const fs::path& folder) {
  return int(stale_temporaries(folder).size());
}

int remove_stale_temporaries(const fs::path& folder) {
  int removed = 0;
  for (const auto& p : stale_temporaries(folder)) {
    std::error_code rm;
    if (fs::remove_all(p, rm) > 0 && !rm) ++removed;
  }
  return removed;
}

void refuse_linked_folders(const fs::path& folder) {
  for (const char* sub : {"turns", "inbox", "mail", "mail/outbox", "mail/sending"}) {
    struct stat st {};
    fs::path p = folder / sub;
    if (::lstat(p.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
      throw Error("archive.folder_link",
                  p.string() +
                      ": is a symbolic link; adjutant never writes through one (make it "
                      "a folder of the archive)",
                  Exit::kEnvironment);
  }
}

namespace {

// The lock files this thread holds (device, inode), and how many FolderLocks
// hold each.
thread_local std::map<std::pair<unsigned long, unsigned long>, int> held_here;

}  // namespace

bool FolderLock::acquire(const fs::path& folder, bool throw_if_held) {
  refuse_linked_folders(folder);
  fs::path file = folder / ".lock";
  struct stat st {};
  if (::lstat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
    auto held = held_here.find({st.st_dev, st.st_ino});
    if (held != held_here.end()) {
      ++held->second;
      nested_ = true;
      file_ = held->first;
      return true;
    }
  }
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) {
    int err = errno;
    if (err == ELOOP)
      throw Error("archive.lock_link",
                  file.string() + ": is a symbolic link; adjutant never follows one to lock",
                  Exit::kEnvironment);
    if (err == ENOENT && !fs::exists(folder))
      throw Error("archive.not_found", folder.string() + ": no such folder", Exit::kBadInput);
    write_failure(file, "cannot open the lock file", err);
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    fd_ = -1;
    if (!throw_if_held) return false;
    throw Error("archive.locked",
                folder.string() + ": another adjutant run holds the lock; try again when it ends",
                Exit::kEnvironment);
  }
  if (::fstat(fd_, &st) == 0) {
    file_ = {st.st_dev, st.st_ino};
    held_here[file_] = 1;
  }
  return true;
}

FolderLock::FolderLock(const fs::path& folder) {
  acquire(folder, true);
}

std::unique_ptr<FolderLock> FolderLock::try_lock(const fs::path& folder) {
  std::unique_ptr<FolderLock> lock(new FolderLock());
  if (!lock->acquire(folder, false)) return nullptr;
  return lock;
}

FolderLock::~FolderLock() {
  if (nested_) {
    auto held = held_here.find(file_);
    if (held != held_here.end()) --held->second;
    return;
  }
  if (fd_ >= 0) {
    held_here.erase(file_);
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }
}

}  // namespace adjutant
