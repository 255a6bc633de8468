// One function per subcommand; main.cpp dispatches on the first argument.
// Each returns the process exit code (util/error.h Exit) and may throw Error.
#pragma once

#include <filesystem>

namespace adjutant::cli {

int cmd_keygen(int argc, char** argv);
int cmd_join(int argc, char** argv);
int cmd_new(int argc, char** argv);
int cmd_sign(int argc, char** argv);
int cmd_orders(int argc, char** argv);
int cmd_check(int argc, char** argv);
int cmd_adjudicate(int argc, char** argv);
int cmd_status(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_ruling(int argc, char** argv);
int cmd_concede(int argc, char** argv);
int cmd_verify(int argc, char** argv);
int cmd_canon(int argc, char** argv);
int cmd_case(int argc, char** argv);
int cmd_explain(int argc, char** argv);
int cmd_render(int argc, char** argv);
int cmd_report(int argc, char** argv);
int cmd_mail(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_bot(int argc, char** argv);
int cmd_sync(int argc, char** argv);
int cmd_import(int argc, char** argv);
int cmd_export(int argc, char** argv);
int cmd_judge(int argc, char** argv);
int cmd_rules_diff(int argc, char** argv);
int cmd_view(int argc, char** argv);
int cmd_invite(int argc, char** argv);
int cmd_trace(int argc, char** argv);
int cmd_seal(int argc, char** argv);
int cmd_reveal(int argc, char** argv);
int cmd_dispute(int argc, char** argv);

// `status` of a side's sealed copy of a fog-of-war game (fog_cmds.cpp).
int sealed_status(const std::filesystem::path& dir, bool json);

// `status DIR` and `view DIR` of a folder of games (a judge's): one line per
// game, and a standings page linking each game's replay (tournament_cmds.cpp).
int folder_status(const std::filesystem::path& dir, bool json, bool csv, const std::string& zone,
                  const std::string& now);
int folder_view(const std::filesystem::path& dir, const std::filesystem::path& out, bool json);

}  // namespace adjutant::cli
