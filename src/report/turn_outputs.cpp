#include "report/turn_outputs.h"

#include <algorithm>

#include "game/fog.h"
#include "ledger/digest.h"
#include "report/eml.h"
#include "report/play_page.h"
#include "report/report.h"
#include "report/visibility.h"
#include "util/error.h"
#include "util/files.h"

namespace adjutant::report {

namespace fs = std::filesystem;

namespace {

std::string read_map(const fs::path& folder, const std::string& side) {
  fs::path map = folder / ("map-" + side + ".png");
  std::error_code ec;
  return fs::is_regular_file(map, ec) ? read_file(map, kMaxMailFile) : std::string();
}

// The lines the post carries, and for the invitation the scenario too. A
// fog-of-war game's mail carries neither: the umpire's lines and scenario
// hold what the sides may not see; a side's copy travels as its sealed
// post (SealedPosts) or the sealed copy `adjutant seal` writes
// (docs/protocol.md 10a).
std::vector<Attachment> carried(const game::Archive& archive, const game::Post& post) {
  std::vector<Attachment> out;
  if (game::is_fog_genesis(archive.genesis())) return out;
  out.push_back({game::log_lines_name(archive, post.first, post.seq), "application/x-ndjson",
                 game::log_lines_text(archive, post.first, post.seq)});
  if (post.kind == "genesis")
    out.push_back(
        {"scenario.json", "application/json", read_file(archive.dir() / "scenario.json")});
  return out;
}

}  // namespace

PlayerPages::PlayerPages(const game::Archive& archive, const game::Post& post, bool wanted)
    : archive_(archive) {
  if (!wanted || !order_wasm().present() || !play_page_refusal(archive).empty()) return;
  auto sides = archive.ruleset().sides();
  if (!sides.empty()) data_ = play_data(archive, sides.front(), play_release(), post.seq);
}

std::optional<Attachment> PlayerPages::page(const std::string& recipient) const {
  if (data_.is_null()) return std::nullopt;
  auto sides = archive_.ruleset().sides();
  if (std::find(sides.begin(), sides.end(), recipient) == sides.end()) return std::nullopt;
  return Attachment{archive_.name() + "-" + recipient + ".html", "text/html",
                    play_page(play_data_for(data_, archive_, recipient))};
}

SealedPosts::SealedPosts(const game::Archive& archive, const game::Post& post,
                         const ledger::SigningKey* umpire, bool pages) {
  if (!umpire || !game::is_fog_genesis(archive.genesis()) || !archive.ruleset().fog_of_war())
    return;
  pages = pages && order_wasm().present() && sealed_page_rules(archive.ruleset());
  for (const std::string& side : archive.ruleset().sides()) {
    by_side_[side] = {
        game::sealed_post_name(archive, side, post.first, post.seq), game::kSealedPostType,
        game::sealed_post(archive, side, post.first, post.seq, post.state, *umpire).dump(1) + "\n"};
    if (!pages) continue;
    // The side's page: its whole sealed copy as of the post, and nothing
    // more (docs/play-in-browser.md "Fog of war").
    game::SealedCopy copy = game::sealed_post_copy(
        game::sealed_post(archive, side, 0, post.seq, post.state, *umpire), "the sealed copy");
    game::SealedReport checked = game::check_sealed_copy(copy);
    pages_[side] = {archive.name() + "-" + side + ".html", "text/html",
                    play_page(sealed_play_data(copy, checked, play_release()))};
  }
}

std::optional<Attachment> SealedPosts::page(const std::string& recipient) const {
  auto it = pages_.find(recipient);
  if (it == pages_.end()) return std::nullopt;
  return it->second;
}

std::optional<Attachment> SealedPosts::post(const std::string& recipient) const {
  auto it = by_side_.find(recipient);
  if (it == by_side_.end()) return std::nullopt;
  return it->second;
}

namespace {

// `carried`, the recipient's player page and its sealed post.
std::vector<Attachment> with_page(std::vector<Attachment> carried, const PlayerPages& pages,
                                  const std::string& recipient,
                                  const SealedPosts* sealed = nullptr) {
  if (auto page = pages.page(recipient)) carried.push_back(std::move(*page));
  if (sealed) {
    if (auto page = sealed->page(recipient)) carried.push_back(std::move(*page));
    if (auto p = sealed->post(recipient)) carried.push_back(std::move(*p));
  }
  return carried;
}

// A report of a post that is no adjudication, as a mail.
std::string other_mail(const game::Archive& archive, const GameFacts& g, const game::Post& post,
                       const game::Party& recipient, const fs::path& folder,
                       const PlayerPages& pages, const SealedPosts& sealed) {
  MailSpec m;
  m.date = post.at;
  if (const game::Party* p = g.party(post.signer)) {
    m.from_name = p->name;
    m.from_email = p->email;
  }
  m.to_name = recipient.name;
  m.to_email = recipient.email;
  m.subject = post_subject(g, post, recipient.id);
  m.message_id = message_id(g, post.seq, post.kind, recipient.id);
  m.headers.push_back({"X-Adjutant-Game", g.game_id});
  auto head = g.line_hashes.find(post.seq);
  if (head != g.line_hashes.end()) m.headers.push_back({"X-Adjutant-Log-Head", head->second});
  ReportDoc doc = build_post_report(g, post, recipient.id);
  std::string png = read_map(folder, recipient.id);
  if (!png.empty()) m.inline_image = Attachment{"map-" + recipient.id + ".png", "image/png", png};
  m.text = render_text(doc);
  m.html = render_html(doc, png.empty() ? "" : "cid:map-" + recipient.id + ".png");
  if (post.kind == "end")
    m.attachments.push_back(
        {"state.json", "application/json", visible_state(g, post.state, recipient.id).canonical()});
  for (auto& a : with_page(carried(archive, post), pages, recipient.id, &sealed))
    m.attachments.push_back(std::move(a));
  m.preamble = "This is a MIME message: a report in text and HTML and the game's new log lines.";
  return build_mail(m);
}

}  // namespace

std::string post_mail(const game::Archive& archive, const GameFacts& given, const game::Post& post,
                      const game::Party& recipient, const fs::path& folder, bool player_pages,
                      const ledger::SigningKey* umpire) {
  PlayerPages pages(archive, post, player_pages);
  SealedPosts sealed(archive, post, umpire, player_pages);
  GameFacts facts = given;
  facts.sealed_by_mail = sealed.any();
  if (post.adjudication) {
    ReportInput in{facts, *post.adjudication, recipient.id};
    return build_eml(in, recipient, folder,
                     with_page(carried(archive, post), pages, recipient.id, &sealed));
  }
  return other_mail(archive, facts, post, recipient, folder, pages, sealed);
}

namespace {

void make_folder(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec)
    throw Error("report.write", folder.string() + ": cannot create: " + ec.message(),
                Exit::kEnvironment);
}

// The HTML file on disk shows the map from itself, with no file beside it.
std::string embedded_map(const fs::path& folder, const std::string& side) {
  std::string png = read_map(folder, side);
  return png.empty() ? "" : "data:image/png;base64," + ledger::base64(png);
}

}  // namespace

std::vector<fs::path> write_turn_outputs(const GameFacts& facts, const game::Adjudication& adj,
                                         const fs::path& folder,
                                         const std::vector<Attachment>& extra,
                                         const PlayerPages* pages, const SealedPosts* sealed) {
  make_folder(folder);
  std::vector<fs::path> written;
  for (const game::Party& p : facts.parties) {
    ReportInput in{facts, adj, p.id};
    ReportDoc doc = build_report(in);
    fs::path text = folder / ("report-" + p.id + ".txt");
    fs::path html = folder / ("report-" + p.id + ".html");
    fs::path eml = folder / ("mail-" + p.id + ".eml");
    write_file_atomic(text, render_text(doc));
    write_file_atomic(html, render_html(doc, embedded_map(folder, p.id)));
    write_file_atomic(
        eml, build_eml(in, p, folder, pages ? with_page(extra, *pages, p.id, sealed) : extra));
    written.insert(written.end(), {text, html, eml});
  }
  return written;
}

std::vector<fs::path> write_post_outputs(const game::Archive& archive, const game::Post& post,
                                         const fs::path& folder, bool player_pages,
                                         const ledger::SigningKey* umpire) {
  GameFacts facts = game_facts(archive);
  PlayerPages pages(archive, post, player_pages);
  SealedPosts sealed(archive, post, umpire, player_pages);
  facts.sealed_by_mail = sealed.any();
  if (post.adjudication)
    return write_turn_outputs(facts, *post.adjudication, folder, carried(archive, post), &pages,
                              &sealed);
  make_folder(folder);
  std::vector<fs::path> written;
  for (const game::Party& p : facts.parties) {
    ReportDoc doc = build_post_report(facts, post, p.id);
    fs::path text = folder / ("report-" + p.id + ".txt");
    fs::path html = folder / ("report-" + p.id + ".html");
    fs::path eml = folder / ("mail-" + p.id + ".eml");
    write_file_atomic(text, render_text(doc));
    write_file_atomic(html, render_html(doc, embedded_map(folder, p.id)));
    write_file_atomic(eml, other_mail(archive, facts, post, p, folder, pages, sealed));
    written.insert(written.end(), {text, html, eml});
  }
  return written;
}

}  // namespace adjutant::report
