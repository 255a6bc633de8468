#include "cli/outputs.h"

#include <iostream>
#include <optional>

#include "game/fog.h"
#include "game/secrets.h"
#include "render/map.h"
#include "render/ruleset_maps.h"
#include "report/turn_outputs.h"
#include "rules/hex_ruleset.h"
#include "rules/package.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

// A game archive or a side's sealed copy: genesis and the log.
bool archive_folder(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "game.json", ec) && fs::is_regular_file(dir / "log.jsonl", ec);
}

}  // namespace

void refuse_inside_archive(const fs::path& out, const std::string& option, OutputKind kind) {
  std::error_code ec;
  fs::path full = fs::absolute(out, ec);
  if (ec) return;  // the write itself reports a path the system refuses
  // Symbolic links resolved, as far as the path exists.
  fs::path real = fs::weakly_canonical(full, ec);
  if (ec) real = full.lexically_normal();
  fs::path first = kind == OutputKind::kFile ? real.parent_path() : real;
  for (fs::path dir = first;; dir = dir.parent_path()) {
    bool own_copy = kind == OutputKind::kSealedCopy && dir == real && game::is_sealed_copy(dir);
    if (archive_folder(dir) && !own_copy)
      throw Error("out.in_archive",
                  option + " " + in_quotes(out.string()) +
                      (dir == real ? " is the game archive " : " is inside the game archive ") +
                      in_quotes(dir.string()) +
                      ": nothing but the archive's own locked writes may change it; write "
                      "elsewhere",
                  Exit::kUsage);
    if (dir == dir.parent_path()) break;
  }
}

std::optional<ledger::SigningKey> umpire_key(const game::Archive& archive, const fs::path& key,
                                             const fs::path& secrets) {
  auto umpire = archive.party("umpire");
  if (!umpire || !game::is_fog_genesis(archive.genesis())) return std::nullopt;
  fs::path folder = secrets.empty() ? game::secrets_dir() : secrets;
  for (const fs::path& given : {key, fs::path()}) {
    try {
      return game::key_for(*umpire, folder, given, "the umpire");
    } catch (const Error&) {
      // not this one: the next, or none
    }
  }
  return std::nullopt;
}

game::TurnWriter turn_writer(const fs::path& key, const fs::path& secrets) {
  return [key, secrets](const game::Archive& archive, const game::Post& post,
                        const std::filesystem::path& folder) {
    // One map per side and one for the umpire; each side sees only what its
    // ruleset lets it see. The reports show map-<side>.png, so maps come
    // first: the position after an adjudication (with its moves and
    // combats), at the start and at the end of the game.
    if (post.kind != "extend" && rules::board_of(archive.ruleset()) != rules::Board::kHex) {
      // A ruleset that draws its own table (docs/rulesets.md): one map per
      // view, of what that side may see; the umpire's shows everything.
      std::vector<std::string> views = archive.ruleset().sides();
      views.push_back("umpire");
      render::write_ruleset_maps(folder, archive, post.state, post.seq, views);
    } else if (post.kind != "extend") {
      std::vector<std::string> views = archive.ruleset().sides();
      views.push_back("umpire");
      const auto& ruleset = archive.ruleset();
      ledger::Json none = ledger::Json::array();
      render::write_maps(folder, rules::hex_scenario(archive.ruleset(), archive.dir().string()),
                         post.state, post.adjudication ? post.adjudication->events : none, views,
                         [&ruleset](const model::State& s, const std::string& side) {
                           return ruleset.view(s, side);
                         });
    }
    auto umpire = umpire_key(archive, key, secrets);
    report::write_post_outputs(archive, post, folder, true, umpire ? &*umpire : nullptr);
  };
}

void print_notes(const std::vector<std::string>& notes) {
  for (const auto& n : notes) std::cerr << "note: " << printable(n) << "\n";
}

}  // namespace adjutant::cli
