#include "cli/completion.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/data_dir.h"
#include "util/files.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

enum class Kind { kWords, kFiles, kDirs, kGames, kSides, kScenario };

struct Offer {
  Kind kind = Kind::kWords;
  std::vector<std::string> words;
};

const HelpOption* find_option(const CommandHelp& h, const std::string& name) {
  for (const auto& o : h.options)
    if (std::find(o.names.begin(), o.names.end(), name) != o.names.end()) return &o;
  return nullptr;
}

// What an option's value is, from its name and its help.
Kind option_kind(const HelpOption& o) {
  const std::string& name = o.names.back();
  if (name == "--game" && o.text.find("name") == std::string::npos) return Kind::kGames;
  if (name == "--side") return Kind::kSides;
  if (name == "--scenario") return Kind::kScenario;
  if (o.text.find("folder") != std::string::npos) return Kind::kDirs;
  return Kind::kFiles;
}

// What a positional argument of the usage line is ("GAME", "DIR", "FILE...").
Kind positional_kind(const std::string& word) {
  std::string bare = word;
  bare.erase(std::remove_if(bare.begin(), bare.end(),
                            [](char c) { return c == '[' || c == ']' || c == '.'; }),
             bare.end());
  if (bare == "GAME") return Kind::kGames;
  if (bare == "DIR") return Kind::kDirs;
  if (bare == "SCENARIO") return Kind::kScenario;
  return Kind::kFiles;
}

nlohmann::json read_json(const fs::path& file) {
  try {
    return nlohmann::json::parse(read_file(file, kMaxJsonFile), nullptr, false);
  } catch (const std::exception&) {
    return nlohmann::json();
  }
}

// Game folders (they hold game.json) and folders to look into, under the
// folder the word being completed names.
std::vector<std::string> game_folders(const std::string& word) {
  std::vector<std::string> out;
  std::string base = word.substr(0, word.rfind('/') == std::string::npos ? 0 : word.rfind('/') + 1);
  std::error_code ec;
  for (auto it = fs::directory_iterator(base.empty() ? "." : base, ec);
       !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (!it->is_directory(ec)) continue;
    std::string name = it->path().filename().string();
    if (name[0] == '.' && word.substr(base.size()).rfind('.', 0) != 0) continue;
    out.push_back(base + name + (fs::is_regular_file(it->path() / "game.json", ec) ? "" : "/"));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The parties of a game (its cards), else the sides of a scenario, else of
// every shipped scenario, and the umpire.
std::vector<std::string> side_names(const std::string& game, const std::string& scenario) {
  std::set<std::string> sides;
  if (!game.empty()) {
    nlohmann::json g = read_json(fs::path(game) / "game.json");
    if (g.is_object() && g.contains("cards") && g["cards"].is_array())
      for (const auto& c : g["cards"])
        if (c.is_object() && c.contains("body") && c["body"].is_object() &&
            c["body"].value("party", nlohmann::json()).is_string())
          sides.insert(c["body"]["party"].get<std::string>());
    if (!sides.empty()) return {sides.begin(), sides.end()};
  }
  std::vector<std::string> files;
  if (!scenario.empty()) files.push_back(find_scenario(scenario));
  if (files.empty())
    for (const auto& s : shipped_scenarios())
      files.push_back((data_dir() / "scenarios" / s).string());
  for (const auto& f : files) {
    nlohmann::json s = read_json(f);
    if (s.is_object() && s.contains("sides") && s["sides"].is_array())
      for (const auto& side : s["sides"])
        if (side.is_object() && side.value("id", nlohmann::json()).is_string())
          sides.insert(side["id"].get<std::string>());
  }
  if (scenario.empty()) sides.insert("umpire");
  return {sides.begin(), sides.end()};
}

// Where the words before the one being completed leave it: the option
// waiting for its value, or how many positionals were given; and the game
// folder and scenario they name, for side names.
struct Walk {
  std::vector<std::string> positionals;  // of the usage line
  std::size_t position = 0;
  std::string game, scenario;
  const HelpOption* pending = nullptr;
  bool only_positionals = false;  // after "--"
};

Walk walk(const CommandHelp& help, const std::vector<std::string>& words, std::size_t first,
          std::size_t index) {
  Walk k;
  k.positionals = usage_positionals(help.arguments);
  auto named = [&](const std::string& option, const std::string& value) {
    if (option == "--game") k.game = value;
    if (option == "--scenario") k.scenario = value;
  };
  for (std::size_t i = first; i < index; ++i) {
    const std::string& w = words[i];
    std::size_t equals = w.find('=');
    if (k.pending) {
      named(k.pending->names.back(), w);
      k.pending = nullptr;
    } else if (!k.only_positionals && w == "--") {
      k.only_positionals = true;
    } else if (!k.only_positionals && w.size() > 1 && w[0] == '-') {
      const HelpOption* o = find_option(help, w.substr(0, equals));
      if (o && equals != std::string::npos)
        named(o->names.back(), w.substr(equals + 1));
      else if (o && !o->arg.empty())
        k.pending = o;
    } else {
      std::size_t p = std::min(k.position, k.positionals.empty() ? 0 : k.positionals.size() - 1);
      if (p < k.positionals.size() && positional_kind(k.positionals[p]) == Kind::kGames &&
          k.game.empty())
        k.game = w;
      ++k.position;
    }
  }
  return k;
}

Offer offer_for(const std::vector<CommandEntry>& commands, const std::vector<std::string>& words,
                std::size_t index) {
  Offer offer;
  const std::string& current = words[index];
  if (index == 1) {
    for (const auto& c : commands) offer.words.push_back(c.name);
    offer.words.push_back("help");
    if (current.rfind("-", 0) == 0) offer.words = {"--help", "--version"};
    return offer;
  }
  if (words[1] == "help") {
    if (index == 2)
      for (const auto& c : commands) offer.words.push_back(c.name);
    return offer;
  }
  const CommandEntry* entry = nullptr;
  for (const auto& c : commands)
    if (words[1] == c.name) entry = &c;
  if (!entry) return offer;
  CommandHelp help = command_help(*entry);
  std::size_t first = 2;
  if (!help.subcommands.empty()) {
    if (index == 2) {
      for (const auto& s : help.subcommands)
        offer.words.push_back(s.name.substr(s.name.find(' ') + 1));
      return offer;
    }
    CommandHelp chosen;
    for (const auto& s : help.subcommands)
      if (s.name == std::string(entry->name) + " " + words[2]) chosen = s;
    help = chosen;
    first = 3;
  }
  Walk w = walk(help, words, first, index);
  const std::vector<std::string>& positionals = w.positionals;
  Kind kind;
  if (w.pending) {
    kind = option_kind(*w.pending);
  } else if (!w.only_positionals && current.rfind("-", 0) == 0) {
    for (const auto& o : help.options)
      for (const auto& n : o.names) offer.words.push_back(n);
    return offer;
  } else if (positionals.empty()) {
    kind = Kind::kFiles;
  } else {
    const std::string& p = positionals[std::min(w.position, positionals.size() - 1)];
    bool repeats = p.find("...") != std::string::npos;
    if (w.position >= positionals.size() && !repeats) return offer;
    bool literal = std::islower(static_cast<unsigned char>(p[0]));
    if (literal) {
      offer.words.push_back(p);
      return offer;
    }
    kind = positional_kind(p);
  }
  offer.kind = kind;
  if (kind == Kind::kGames) offer.words = game_folders(current);
  if (kind == Kind::kSides) offer.words = side_names(w.game, w.scenario);
  if (kind == Kind::kScenario)
    for (const auto& s : shipped_scenarios())
      offer.words.push_back(fs::path(s).replace_extension().string());
  return offer;
}

}  // namespace

std::string completion(const std::vector<CommandEntry>& commands,
                       const std::vector<std::string>& words, std::size_t index) {
  std::ostringstream out;
  if (words.empty() || index >= words.size() || index == 0) {
    out << "-\n";
    return out.str();
  }
  Offer offer = offer_for(commands, words, index);
  switch (offer.kind) {
    case Kind::kFiles:
    case Kind::kScenario:
      out << "files\n";
      break;
    case Kind::kDirs:
      out << "dirs\n";
      break;
    default:
      out << "-\n";
  }
  for (const auto& w : offer.words) out << w << "\n";
  return out.str();
}

}  // namespace adjutant::cli
