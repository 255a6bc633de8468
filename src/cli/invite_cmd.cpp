// `adjutant invite`: the join page (docs/play-in-browser.md) for one player
// of a game about to be made, and the mail that carries it. The page makes
// the player's key and dice chain in the browser and the signed card the
// host passes to `adjutant new`.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/data_dir.h"
#include "cli/outputs.h"
#include "cli/version.h"
#include "ledger/digest.h"
#include "ledger/jcs.h"
#include "report/eml.h"
#include "report/mime_write.h"
#include "report/play_page.h"
#include "rules/package.h"
#include "rules/ruleset.h"
#include "util/error.h"
#include "util/files.h"
#include "util/printable.h"

namespace adjutant::cli {

namespace fs = std::filesystem;

namespace {

// The invitation: who asks whom to which game, and how to answer.
std::string invitation_text(const report::JoinInvite& i, const std::string& page) {
  return "You are invited to play " + i.side + " in " + i.game +
         (i.scenario_title.empty() ? "" : " (" + i.scenario_title + ")") + ", hosted by " +
         i.host_name +
         ".\n\n"
         "To join, open the attached page, " +
         page +
         ", in a browser (it works offline; nothing leaves your computer):\n\n"
         "1. Give your name and address and press \"Make my key\". The page makes your signing\n"
         "   key and your dice chain for this game and keeps them in this browser.\n"
         "2. Save the backup file it offers somewhere safe: it is the only copy of your key\n"
         "   outside this browser. Never mail it to anyone.\n"
         "3. Mail the player card it offers (" +
         i.side + ".card.json) to " + i.host_email +
         ".\n\n"
         "The page needs a browser whose WebCrypto signs with Ed25519: Chrome or Edge 137,\n"
         "Firefox 129, Safari 17 or later. Without one, play with the command line\n"
         "(adjutant join; docs/guide.md).\n";
}

}  // namespace

int cmd_invite(int argc, char** argv) {
  cxxopts::Options options(
      "adjutant invite",
      "Write the join page for one player of a game about to be made, and the mail that carries\n"
      "it (docs/play-in-browser.md): OUT/join-SIDE.html and OUT/invite-SIDE.eml. The page makes\n"
      "the player's key and dice chain in the browser and the signed player card to mail back;\n"
      "the host then makes the game with `adjutant new ... --card SIDE.card.json`.");
  options.add_options()("name", "the game's name, as `adjutant new --name` will give it",
                        cxxopts::value<std::string>())(
      "scenario", "scenario file, or a shipped one by name", cxxopts::value<std::string>())(
      "side", "the side the player is asked to play", cxxopts::value<std::string>())(
      "email", "the player's mail address", cxxopts::value<std::string>())(
      "player", "the player's name, for the mail", cxxopts::value<std::string>())(
      "host-name", "your name, as the player will see it", cxxopts::value<std::string>())(
      "host-email", "your address: where the card is mailed back", cxxopts::value<std::string>())(
      "o,out", "the folder to write into", cxxopts::value<std::string>())(
      "json", "print what was written as JSON");
  options.parse_positional({"name"});
  options.positional_help("NAME");
  auto r = parse(options, argc, argv);
  if (!r) return 0;
  report::JoinInvite invite;
  invite.game = required(*r, "name");
  invite.side = required(*r, "side");
  invite.host_name = required(*r, "host-name");
  invite.host_email = required(*r, "host-email");
  std::string email = required(*r, "email");
  fs::path out = required(*r, "out");
  report::check_address(invite.host_email);
  report::check_address(email);
  refuse_inside_archive(out, "--out", OutputKind::kFolder);

  std::string scenario_file = find_scenario(required(*r, "scenario"));
  ledger::Json scenario =
      ledger::parse_strict(read_file(scenario_file, kMaxJsonFile), scenario_file);
  auto ruleset = rules::make_ruleset(scenario, scenario_file);
  auto sides = ruleset->sides();
  if (std::find(sides.begin(), sides.end(), invite.side) == sides.end() &&
      invite.side != "umpire") {
    std::string known;
    for (const auto& s : sides) known += (known.empty() ? "" : ", ") + s;
    throw Error("invite.side",
                "--side " + invite.side + ": the scenario's sides are " + known + " (or umpire)",
                Exit::kUsage);
  }
  // A fog-of-war game's join page carries nothing of the scenario but the
  // sides' names (report/play_page.h join_data), nor does its mail.
  if (!ruleset->fog_of_war() && rules::board_of(*ruleset) != rules::Board::kHex)
    throw Error("invite.fog", "the join page plays hex maps only", Exit::kUsage);
  if (ruleset->fog_of_war() && invite.side == "umpire")
    throw Error("invite.side", "--side umpire: the umpire of a fog-of-war game makes it",
                Exit::kUsage);
  invite.scenario_title = ruleset->fog_of_war() ? "" : scenario.value("title", "");
  invite.scenario = scenario;

  std::string page = report::play_page(report::join_data(invite, version()));
  std::string page_name = "join-" + invite.side + ".html";

  report::MailSpec m;
  m.from_name = invite.host_name;
  m.from_email = invite.host_email;
  m.to_name = r->count("player") ? (*r)["player"].as<std::string>() : "";
  m.to_email = email;
  m.subject = invite.game + ": you are invited to play " + invite.side;
  m.message_id = "<invite." + invite.side + "." +
                 ledger::sha256_hex(invite.game + "\n" + email).substr(0, 16) +
                 "@adjutant.invalid>";
  m.headers.push_back({"X-Adjutant-Invite", invite.game});
  m.text = invitation_text(invite, page_name);
  m.attachments.push_back({page_name, "text/html", page});
  m.preamble = "This is a MIME message: an invitation and the page to join with.";
  std::string mail = report::build_mail(m);

  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec)
    throw Error("view.write", out.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
  fs::path page_file = out / page_name;
  fs::path mail_file = out / ("invite-" + invite.side + ".eml");
  write_file_atomic(page_file, page);
  write_file_atomic(mail_file, mail);
  if (r->count("json")) {
    std::cout << ledger::Json({{"page", page_file.string()},
                               {"mail", mail_file.string()},
                               {"game", invite.game},
                               {"side", invite.side}})
                     .dump()
              << "\n";
  } else {
    std::cout << "wrote " << printable(page_file.string()) << " (the join page, "
              << page.size() / 1024 << " KiB)\n"
              << "wrote " << printable(mail_file.string()) << " (the invitation to "
              << printable(email) << "; send it from your mail client)\n";
  }
  return 0;
}

}  // namespace adjutant::cli
