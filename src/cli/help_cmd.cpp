#include "cli/help_cmd.h"

#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "cli/completion.h"
#include "cli/man_page.h"
#include "cli/version.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

const CommandEntry& find_command(const std::vector<CommandEntry>& commands,
                                 const std::string& name) {
  for (const auto& c : commands)
    if (name == c.name) return c;
  throw Error("usage.subcommand", "unknown command \"" + name + "\" (see adjutant --help)",
              Exit::kUsage);
}

std::string usage_text(void (*usage)(std::ostream&)) {
  std::ostringstream out;
  usage(out);
  return out.str();
}

std::vector<CommandHelp> all_help(const std::vector<CommandEntry>& commands) {
  std::vector<CommandHelp> all;
  for (const auto& c : commands) all.push_back(command_help(c));
  return all;
}

// Writes adjutant.1 and adjutant-CMD.1 for every command into `dir`, and
// removes the pages of commands that are gone.
void write_pages(const fs::path& dir, const std::vector<CommandEntry>& commands,
                 void (*usage)(std::ostream&)) {
  fs::create_directories(dir);
  std::set<std::string> written;
  auto all = all_help(commands);
  auto write = [&](const std::string& name, const std::string& page) {
    write_file_atomic(dir / name, page);
    written.insert(name);
  };
  write(man_file_name(""), program_man_page(all, usage_text(usage), version()));
  for (const auto& h : all) write(man_file_name(h.name), command_man_page(h, version()));
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    bool page = name.rfind("adjutant", 0) == 0 &&
                (entry.path().extension() == ".1" || name.find(".1.gz") != std::string::npos);
    std::string base = name.substr(0, name.find(".1") + 2);
    if (page && !written.count(base)) fs::remove(entry.path());
  }
}

int help(int argc, char** argv, const std::vector<CommandEntry>& commands,
         void (*usage)(std::ostream&)) {
  std::string what = argv[1];
  if (what == "--man-dir" && argc == 3) {
    write_pages(argv[2], commands, usage);
    return 0;
  }
  if (what == "--man" && argc <= 3) {
    if (argc == 2)
      std::cout << program_man_page(all_help(commands), usage_text(usage), version());
    else
      std::cout << command_man_page(command_help(find_command(commands, argv[2])), version());
    return 0;
  }
  if (what == "--complete" && argc >= 4) {
    std::vector<std::string> words(argv + 3, argv + argc);
    std::size_t index = 0;
    try {
      index = std::stoul(argv[2]);
    } catch (const std::exception&) {
      throw Error("usage.options", "help --complete INDEX WORD...: INDEX is a number",
                  Exit::kUsage);
    }
    std::cout << completion(commands, words, index);
    return 0;
  }
  if (argc == 2 && what[0] != '-') {
    std::cout << help_output(find_command(commands, what), {});
    return 0;
  }
  throw Error("usage.options", "usage: adjutant help [COMMAND]", Exit::kUsage);
}

}  // namespace

int cmd_help(int argc, char** argv, const std::vector<CommandEntry>& commands,
             void (*usage)(std::ostream&)) {
  try {
    return help(argc, argv, commands, usage);
  } catch (const Error& e) {
    std::cerr << "adjutant help: " << e.what() << "\n";
    return int(e.exit_code());
  } catch (const std::exception& e) {
    std::cerr << "adjutant help: [internal] " << e.what() << "\n";
    return int(Exit::kEnvironment);
  }
}

}  // namespace adjutant::cli
