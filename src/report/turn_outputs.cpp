#include "report/turn_outputs.h"

#include "report/eml.h"
#include "report/report.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::report {

namespace fs = std::filesystem;

std::vector<fs::path> write_turn_outputs(const GameFacts& game, const game::Adjudication& adj,
                                         const fs::path& turn_folder) {
  std::error_code ec;
  fs::create_directories(turn_folder, ec);
  if (ec)
    throw Error("report.write", turn_folder.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  std::vector<fs::path> written;
  for (const game::Party& p : game.parties) {
    ReportInput in{game, adj, p.id};
    fs::path text = turn_folder / ("report-" + p.id + ".txt");
    fs::path html = turn_folder / ("report-" + p.id + ".html");
    fs::path eml = turn_folder / ("mail-" + p.id + ".eml");
    write_file_atomic(text, report_text(in));
    write_file_atomic(html, report_html(in));
    write_file_atomic(eml, build_eml(in, p, turn_folder));
    written.insert(written.end(), {text, html, eml});
  }
  return written;
}

}  // namespace adjutant::report
