// The judge's journal (DIR/judge-journal.jsonl): one JSON line per action
// the judge took (a mail filed, an adjudication, a reminder, a ruling, a
// mail sent, ...), appended with one write and fsynced, so a line is whole
// or absent and two judges can share the file. Lines that would repeat every
// pass (a refusal, a ruling the rules forbid) carry a "once" key and are
// written only the first time.
#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace adjutant::judge {

class Journal {
 public:
  // Reads the "once" keys of the lines already written.
  explicit Journal(const std::filesystem::path& file);

  // {"action","at","detail","game"[,"once"]} as canonical JSON. Error io.write.
  void write(const std::string& at, const std::string& game, const std::string& action,
             const std::string& detail);
  // As write, unless a line with this key was written before; true when written.
  bool once(const std::string& key, const std::string& at, const std::string& game,
            const std::string& action, const std::string& detail);
  bool seen(const std::string& key) const { return keys_.count(key) > 0; }
  int written() const { return written_; }

 private:
  void append(const std::string& line);
  std::filesystem::path file_;
  std::set<std::string> keys_;
  int written_ = 0;
};

}  // namespace adjutant::judge
