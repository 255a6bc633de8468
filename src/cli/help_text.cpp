#include "cli/help_text.h"

#include <cctype>
#include <iostream>
#include <sstream>

namespace adjutant::cli {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string trimmed(const std::string& s) {
  std::size_t b = s.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

void append_words(std::string& text, const std::string& more) {
  std::string t = trimmed(more);
  if (t.empty()) return;
  if (!text.empty()) text += ' ';
  text += t;
}

// "  -o, --out arg   text" or "      --json   text" (cxxopts's layout: the
// option, then at least two spaces, then the description; a long option
// puts its description on the next line).
HelpOption option_line(const std::string& line) {
  HelpOption o;
  std::size_t gap = line.find("  ", line.find_first_not_of(' '));
  std::string head = trimmed(line.substr(0, gap));
  if (gap != std::string::npos) o.text = trimmed(line.substr(gap));
  std::istringstream words(head);
  for (std::string w; words >> w;) {
    if (w.back() == ',') w.pop_back();
    if (w.rfind("-", 0) == 0)
      o.names.push_back(w);
    else
      o.arg += (o.arg.empty() ? "" : " ") + w;
  }
  return o;
}

// Parses cxxopts's help: description, "Usage:", the usage line, a blank
// line, then the options (continuation lines indented, group headings
// " NAME options:" at one space).
CommandHelp parse_options_help(const std::string& name, const std::string& text) {
  CommandHelp h;
  h.name = name;
  h.text = text;
  auto lines = lines_of(text);
  std::size_t i = 0;
  for (; i < lines.size() && lines[i] != "Usage:"; ++i) h.description.push_back(lines[i]);
  while (!h.description.empty() && trimmed(h.description.back()).empty()) h.description.pop_back();
  if (i + 1 < lines.size()) h.usage = trimmed(lines[i + 1]);
  const std::string program = "adjutant " + name;
  if (h.usage.rfind(program, 0) == 0) h.arguments = trimmed(h.usage.substr(program.size()));
  for (i += 2; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (trimmed(line).empty() || (line.size() > 1 && line[0] == ' ' && line[1] != ' ')) continue;
    if (line.rfind("  -", 0) == 0 || line.rfind("      --", 0) == 0)
      h.options.push_back(option_line(line));
    else if (!h.options.empty())
      append_words(h.options.back().text, line);
  }
  return h;
}

}  // namespace

std::string help_output(const CommandEntry& command, const std::vector<std::string>& words) {
  std::vector<std::string> args{command.name};
  args.insert(args.end(), words.begin(), words.end());
  args.push_back("--help");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::ostringstream captured;
  std::streambuf* previous = std::cout.rdbuf(captured.rdbuf());
  try {
    command.run(int(args.size()), argv.data());
  } catch (...) {
    std::cout.rdbuf(previous);
    throw;
  }
  std::cout.rdbuf(previous);
  return captured.str();
}

CommandHelp command_help(const CommandEntry& command) {
  std::string text = help_output(command, {});
  if (text.find("\nUsage:\n") != std::string::npos) {
    CommandHelp h = parse_options_help(command.name, text);
    h.summary = command.summary;
    return h;
  }
  // A command that only dispatches (`adjutant mail send|fetch`): its help
  // names each subcommand as "adjutant NAME SUB ...".
  CommandHelp h;
  h.name = command.name;
  h.summary = command.summary;
  h.text = text;
  h.description = lines_of(text);
  const std::string prefix = std::string("adjutant ") + command.name + " ";
  for (const auto& line : h.description) {
    std::size_t at = line.find(prefix);
    if (at == std::string::npos) continue;
    std::istringstream rest(line.substr(at + prefix.size()));
    std::string sub;
    rest >> sub;
    if (sub.empty() || sub[0] == '-') continue;
    std::string full = std::string(command.name) + " " + sub;
    bool seen = false;
    for (const auto& s : h.subcommands) seen = seen || s.name == full;
    if (seen) continue;
    std::string sub_text = help_output(command, {sub});
    if (sub_text.find("\nUsage:\n") != std::string::npos)
      h.subcommands.push_back(parse_options_help(full, sub_text));
  }
  return h;
}

std::vector<std::string> usage_positionals(const std::string& arguments) {
  std::vector<std::string> out;
  std::istringstream words(arguments);
  std::string w;
  bool after_option = false;
  while (words >> w) {
    if (w == "[OPTION...]") continue;
    if (w.rfind("-", 0) == 0) {
      after_option = true;
      continue;
    }
    std::string bare = w;
    if (!bare.empty() && bare.front() == '[') bare.erase(0, 1);
    while (!bare.empty() && (bare.back() == ']' || bare.back() == '.')) bare.pop_back();
    if (after_option && !bare.empty() && std::isupper(static_cast<unsigned char>(bare[0]))) {
      after_option = false;  // an option's value (--out DIR)
      continue;
    }
    after_option = false;
    out.push_back(w);
  }
  return out;
}

}  // namespace adjutant::cli
