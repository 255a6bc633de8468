// The archive side of the turn outputs, apart from the rest so that code
// working on plain facts does not need the archive reader.
#include "report/turn_outputs.h"

#include "game/fog.h"
#include "rules/hex_ruleset.h"

namespace adjutant::report {

namespace fs = std::filesystem;

GameFacts game_facts(const game::Archive& archive) {
  GameFacts g;
  g.game_id = archive.game_id();
  g.name = archive.name();
  g.folder = fs::absolute(archive.dir()).lexically_normal().filename().string();
  if (g.folder.empty()) g.folder = fs::absolute(archive.dir()).parent_path().filename().string();
  // What only a hex scenario holds (its reinforcements, turn track and
  // units' names in combats) the reports ask the ruleset for.
  g.ruleset = &archive.ruleset();
  g.parties = archive.parties();
  g.deadline_hours = archive.deadline_hours();
  g.fog = game::is_fog_genesis(archive.genesis());
  // genesis names the host by party id (or, in older drafts, as {name, email}).
  const game::Json& genesis = archive.genesis();
  const game::Json host = genesis.is_object() ? genesis.value("host", game::Json()) : game::Json();
  if (host.is_string()) {
    if (const game::Party* p = g.party(host.get<std::string>())) {
      g.host_name = p->name;
      g.host_email = p->email;
    }
  } else if (host.is_object()) {
    g.host_name = host.value("name", "");
    g.host_email = host.value("email", "");
  }
  for (const auto& entry : archive.log()) g.line_hashes[entry.seq] = entry.hash;
  return g;
}

}  // namespace adjutant::report
