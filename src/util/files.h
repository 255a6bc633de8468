// File I/O that never leaves a torn file and never reads without a bound:
// every write goes to a temporary file in the same folder, is fsynced, then
// renamed over the target; every read stops at a size limit.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>

namespace adjutant {

// Size limits of the files adjutant reads (bytes).
inline constexpr std::size_t kMaxJsonFile = 16u << 20;  // scenario, game.json, cases
inline constexpr std::size_t kMaxLogFile = 1u << 30;    // log.jsonl
inline constexpr std::size_t kMaxSmallFile = 1u << 16;  // keys, chains, cards
inline constexpr std::size_t kMaxMailFile = 32u << 20;  // one message

// Reads a whole file of at most `max_bytes`. Errors: "io.not_found" (no such
// file, exit 1), "io.read" (a folder, unreadable, a name too long; exit 4),
// "io.too_large" (exit 1). Devices and pipes are read up to the limit, so
// /dev/zero fails fast instead of filling memory.
std::string read_file(const std::filesystem::path& file, std::size_t max_bytes = kMaxJsonFile);

// Atomic replace: temp file ".NAME.tmpPID", fsync, rename, fsync of the
// folder. Error "io.write" (exit 4); the target is untouched on failure.
void write_file_atomic(const std::filesystem::path& file, const std::string& bytes,
                       unsigned mode = 0644);

// The same, for a write that commits a step (the log's append): once the
// rename has happened the new file is in place and the step is taken, so a
// failure of the folder's fsync after it is no error but a warning, returned
// ("" when the folder was synced). Every failure before the rename is the
// error "io.write" with the target untouched.
std::string commit_file_atomic(const std::filesystem::path& file, const std::string& bytes,
                               unsigned mode = 0644);

// Removes what a killed run leaves behind in `folder` and its subfolders:
// temporary files ".NAME.tmpPID" and staging folders ".NAME.staging". Only
// call it while holding the folder's lock. Returns how many were removed.
int remove_stale_temporaries(const std::filesystem::path& folder);
// How many remove_stale_temporaries would remove (reads only).
int count_stale_temporaries(const std::filesystem::path& folder);

// Error "archive.folder_link" (exit 4) when a folder adjutant writes into
// inside `folder` (turns/, inbox/, mail/, mail/outbox/, mail/sending/) is a
// symbolic link: what a command writes there would land outside the archive.
void refuse_linked_folders(const std::filesystem::path& folder);

// An exclusive advisory lock on `folder/.lock` held for the object's lifetime,
// so two runs on one game can never interleave (Error "archive.locked" if
// held). The lock file is never followed through a symbolic link
// ("archive.lock_link"), nor is any folder refuse_linked_folders names
// ("archive.folder_link"). A thread that already holds a folder's lock takes
// it again at once (the inner lock releases nothing), so a step that locks
// its game can run inside a longer step that holds it (the judge).
class FolderLock {
 public:
  explicit FolderLock(const std::filesystem::path& folder);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  // Like the constructor but returns nullptr instead of throwing
  // "archive.locked" when another run holds the lock.
  static std::unique_ptr<FolderLock> try_lock(const std::filesystem::path& folder);

 private:
  FolderLock() = default;
  bool acquire(const std::filesystem::path& folder, bool throw_if_held);
  int fd_ = -1;
  bool nested_ = false;
  std::pair<unsigned long, unsigned long> file_{0, 0};  // the lock file's device and inode
};

// "no such file", "is a folder", ...: the reason a path could not be used,
// from errno, in words a player understands.
std::string errno_words(int err);

}  // namespace adjutant
