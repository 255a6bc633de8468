#include "judge/rehearsal.h"

#include <stdlib.h>

#include <sstream>

#include "util/error.h"
#include "util/files.h"
#include "util/words.h"

namespace adjutant::judge {

namespace fs = std::filesystem;

namespace {

// A scratch folder in the temporary folder, removed with what it holds.
class Scratch {
 public:
  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "adjutant-rehearsal-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw Error("io.write", pattern + ": cannot make a scratch folder: " + errno_words(errno),
                  Exit::kEnvironment);
    path_ = pattern;
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Every file a pass may write in place, rather than replace by renaming
// a whole new one over it: copied, never linked.
bool written_in_place(const fs::path& file) {
  std::string name = file.filename().string();
  return name == journal_file("").filename().string() || name[0] == '.';
}

// `from` into `to`: folders made, files hard-linked (copied where a link
// cannot be made, or when a pass may write them in place), symbolic links
// as they are (a pass names and skips them), lock files left out (a lock
// taken on a linked one would be the real game's).
void copy_tree(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  for (const auto& e : fs::directory_iterator(from)) {
    fs::path target = to / e.path().filename();
    std::string name = e.path().filename().string();
    if (e.is_symlink()) {
      fs::copy_symlink(e.path(), target);
    } else if (e.is_directory()) {
      copy_tree(e.path(), target);
    } else if (e.is_regular_file() && name != ".lock") {
      std::error_code ec;
      if (written_in_place(e.path()))
        ec = std::make_error_code(std::errc::operation_not_permitted);
      else
        fs::create_hard_link(e.path(), target, ec);
      if (ec) fs::copy_file(e.path(), target);
    }
  }
}

}  // namespace

PassResult rehearse_pass(const PassOptions& options) {
  Scratch scratch;
  fs::path copy = scratch.path() / "games";
  {
    // A judge at work holds DIR's lock: the copy waits for no pass, and
    // takes none half done. A DIR no pass has locked yet gets no lock file.
    std::unique_ptr<FolderLock> lock;
    std::error_code ec;
    if (fs::exists(options.dir / ".lock", ec)) {
      lock = FolderLock::try_lock(options.dir);
      if (!lock) {
        PassResult r;
        r.skipped = true;
        if (options.out)
          *options.out << "another judge is running on " << options.dir.string()
                       << "; dry run skipped\n";
        return r;
      }
    }
    try {
      copy_tree(options.dir, copy);
    } catch (const fs::filesystem_error& e) {
      throw Error("io.write",
                  "a scratch copy of " + options.dir.string() + " for the dry run: " + e.what(),
                  Exit::kEnvironment);
    }
  }
  PassOptions o = options;
  o.dir = copy;
  o.dry_run = true;
  std::ostringstream said;
  o.out = &said;
  PassResult r = run_pass(o);
  if (options.out) {
    std::string text = said.str();
    text = replaced_all(text, fs::absolute(copy).string(), options.dir.string());
    text = replaced_all(text, copy.string(), options.dir.string());
    *options.out << text;
  }
  return r;
}

}  // namespace adjutant::judge
