#include "cli/man_page.h"

#include <sstream>

namespace adjutant::cli {

namespace {

// Text as roff: backslashes and minus signs escaped, and no line taken for
// a request (a leading dot or quote).
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return s;
}

std::string page_name(const std::string& command) {
  std::string name = "adjutant";
  if (!command.empty()) name += "-" + command;
  for (char& c : name)
    if (c == ' ') c = '-';
  return name;
}

void header(std::ostringstream& out, const std::string& command, const std::string& version) {
  out << ".\\\" Made by `adjutant help --man-dir` from the program's --help; do not edit.\n"
      << ".TH " << roff(upper(page_name(command))) << " 1 \"\" \"adjutant " << roff(version)
      << "\" \"adjutant manual\"\n";
}

// Help lines as paragraphs: wrapped lines are joined, a blank line starts a
// new paragraph, and an indented line is kept as it is (an example).
void paragraphs(std::ostringstream& out, const std::vector<std::string>& lines) {
  bool in_text = false, in_example = false;
  for (const auto& line : lines) {
    bool blank = line.find_first_not_of(' ') == std::string::npos;
    bool indented = !blank && line.rfind("  ", 0) == 0;
    if (indented != in_example) {
      out << (indented ? ".PP\n.RS 4\n.nf\n" : ".fi\n.RE\n");
      in_example = indented;
      in_text = false;
    }
    if (blank) {
      in_text = false;
      continue;
    }
    if (!in_text && !in_example) out << ".PP\n";
    in_text = true;
    out << roff(in_example ? line : line.substr(line.find_first_not_of(' '))) << "\n";
  }
  if (in_example) out << ".fi\n.RE\n";
}

void options(std::ostringstream& out, const std::vector<HelpOption>& list) {
  for (const auto& o : list) {
    out << ".TP\n";
    std::string names;
    for (const auto& n : o.names)
      names += (names.empty() ? "" : ", ") + ("\\fB" + roff(n) + "\\fR");
    if (!o.arg.empty()) names += " \\fI" + roff(o.arg) + "\\fR";
    out << names << "\n" << roff(o.text) << "\n";
  }
}

void synopsis(std::ostringstream& out, const CommandHelp& h) {
  out << ".B adjutant " << roff(h.name) << "\n";
  if (!h.arguments.empty()) out << roff(h.arguments) << "\n";
}

void one_command(std::ostringstream& out, const CommandHelp& h) {
  paragraphs(out, h.description);
  if (!h.options.empty()) {
    out << ".SH OPTIONS\n";
    options(out, h.options);
  }
}

}  // namespace

std::string man_file_name(const std::string& command) {
  return page_name(command) + ".1";
}

std::string command_man_page(const CommandHelp& h, const std::string& version) {
  std::ostringstream out;
  header(out, h.name, version);
  out << ".SH NAME\n" << roff(page_name(h.name)) << " \\- " << roff(h.summary) << "\n";
  out << ".SH SYNOPSIS\n";
  if (h.subcommands.empty()) {
    synopsis(out, h);
    out << ".SH DESCRIPTION\n";
    one_command(out, h);
  } else {
    for (std::size_t i = 0; i < h.subcommands.size(); ++i) {
      if (i) out << ".br\n";
      synopsis(out, h.subcommands[i]);
    }
    out << ".SH DESCRIPTION\n";
    paragraphs(out, h.description);
    for (const auto& s : h.subcommands) {
      out << ".SH " << roff(upper(s.name)) << "\n";
      paragraphs(out, s.description);
      if (!s.options.empty()) {
        out << ".SS Options\n";
        options(out, s.options);
      }
    }
  }
  out << ".SH SEE ALSO\n.BR adjutant (1)\n";
  return out.str();
}

std::string program_man_page(const std::vector<CommandHelp>& commands, const std::string& usage,
                             const std::string& version) {
  std::istringstream in(usage);
  std::string first, line, exit_codes;
  std::getline(in, first);
  while (std::getline(in, line)) {
    if (line.rfind("exit codes:", 0) == 0)
      exit_codes = line.substr(11);
    else if (!exit_codes.empty())
      exit_codes += " " + line;
  }
  // "adjutant 0.1.0: play-by-email host ..." names the program in its first line.
  std::string what = first.substr(first.find(':') == std::string::npos ? 0 : first.find(':') + 2);
  std::ostringstream out;
  header(out, "", version);
  out << ".SH NAME\nadjutant \\- " << roff(what) << "\n";
  out << ".SH SYNOPSIS\n.B adjutant\n\\fICOMMAND\\fR [\\fIOPTION\\fR...]\n.br\n"
         ".B adjutant\n\\fICOMMAND\\fR \\fB\\-\\-help\\fR\n.br\n.B adjutant \\-\\-version\n";
  out << ".SH COMMANDS\n";
  for (const auto& c : commands)
    out << ".TP\n.BR " << roff(page_name(c.name)) << " (1)\n" << roff(c.summary) << "\n";
  if (!exit_codes.empty()) {
    out << ".SH \"EXIT STATUS\"\n";
    std::size_t b = exit_codes.find_first_not_of(' ');
    out << roff(b == std::string::npos ? exit_codes : exit_codes.substr(b)) << "\n";
  }
  out << ".SH ENVIRONMENT\n"
         ".TP\n.B ADJUTANT_SECRETS\nthe secrets folder (keys and dice chains), when no "
         "\\fB\\-\\-secrets\\fR is given; else $XDG_DATA_HOME/adjutant, else "
         "~/.local/share/adjutant\n"
         ".TP\n.B ADJUTANT_DATA_DIR\nthe folder of the shipped scenarios (its scenarios/), "
         "instead of the one installed beside the program\n";
  out << ".SH SEE ALSO\n";
  for (std::size_t i = 0; i < commands.size(); ++i)
    out << ".BR " << roff(page_name(commands[i].name)) << " (1)"
        << (i + 1 < commands.size() ? "," : "") << "\n";
  return out.str();
}

}  // namespace adjutant::cli
