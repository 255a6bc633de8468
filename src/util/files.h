// File I/O that never leaves a torn file: every write goes to a temporary file
// in the same folder, is fsynced, then renamed over the target.
#pragma once

#include <filesystem>
#include <string>

namespace adjutant {

// Reads a whole file; Error "io.read" (exit 4) when missing or unreadable.
std::string read_file(const std::filesystem::path& file);
// Reads a whole file but refuses one larger than max_bytes (Error "io.too_large", exit 1).
std::string read_file_limited(const std::filesystem::path& file, std::size_t max_bytes);

// Atomic replace: temp file, fsync, rename, fsync of the folder.
void write_file_atomic(const std::filesystem::path& file, const std::string& bytes,
                       unsigned mode = 0644);

// An exclusive advisory lock on `folder/.lock` held for the object's lifetime,
// so two runs on one game can never interleave (Error "archive.locked" if held).
class FolderLock {
 public:
  explicit FolderLock(const std::filesystem::path& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace adjutant
