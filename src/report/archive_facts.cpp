// The archive side of the turn outputs, apart from the rest so that code
// working on plain facts does not need the archive reader.
#include "report/turn_outputs.h"

namespace adjutant::report {

namespace fs = std::filesystem;

GameFacts game_facts(const game::Archive& archive) {
  GameFacts g;
  g.game_id = archive.game_id();
  g.name = archive.name();
  g.folder = fs::absolute(archive.dir()).lexically_normal().filename().string();
  if (g.folder.empty()) g.folder = fs::absolute(archive.dir()).parent_path().filename().string();
  g.scenario = &archive.scenario();
  g.ruleset = &archive.ruleset();
  g.parties = archive.parties();
  g.deadline_hours = archive.deadline_hours();
  const game::Json& genesis = archive.genesis();
  if (genesis.is_object() && genesis.contains("host") && genesis["host"].is_object()) {
    const game::Json& host = genesis["host"];
    if (host.contains("email") && host["email"].is_string()) g.host_email = host["email"];
    if (host.contains("name") && host["name"].is_string()) g.host_name = host["name"];
  }
  for (const auto& entry : archive.log()) g.line_hashes[entry.seq] = entry.hash;
  return g;
}

void write_turn_outputs(const game::Archive& archive, const game::Adjudication& adj,
                        const fs::path& turn_folder) {
  write_turn_outputs(game_facts(archive), adj, turn_folder);
}

}  // namespace adjutant::report
