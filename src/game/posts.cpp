#include "game/posts.h"

#include <cstdio>

#include "game/entries.h"
#include "game/ruling.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace {

std::string number(int t) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%03d", t);
  return buf;
}

std::string signer_of(const Archive& a, const LogEntry& e, const std::string& phase_side) {
  if (e.kind == "genesis")
    return e.body.contains("host") && e.body["host"].is_string() ? e.body["host"].get<std::string>()
                                                                 : std::string();
  if (e.kind == "end") return read_end(e.body, "end").side;
  return a.adjudicator_for(phase_side);
}

}  // namespace

std::vector<Post> posts(const Archive& archive) {
  std::vector<Post> out;
  std::vector<Adjudication> adjs = archive.adjudications();
  std::size_t next_adj = 0;
  model::State state = archive.ruleset().initial_state();
  int first = 0;
  int t = 0;
  std::string began;  // when the phase due began
  int extended = 0;   // hours extended since
  for (const auto& e : archive.log()) {
    rules::PhaseInfo phase = archive.ruleset().current_phase(state);
    Post p;
    p.seq = e.seq;
    p.first = first;
    if (e.kind == "genesis") {
      p.kind = "genesis";
      p.folder_name = "000-genesis";
      p.turn = phase.turn;
      p.phase = phase.name;
      p.at = e.body.value("created", "");
      began = p.at;
    } else if (e.kind == "adjudication") {
      const Adjudication& a = adjs.at(next_adj++);
      t = a.t;
      state = a.after;
      p.kind = "adjudication";
      p.folder_name = a.folder_name();
      p.turn = a.turn;
      p.phase = a.phase;
      p.at = a.at;
      p.adjudication = a;
      began = a.at;
      extended = 0;
    } else if (e.kind == "ruling" && read_ruling(e.body, "ruling").ruling == "extend") {
      RulingBody b = read_ruling(e.body, "ruling");
      p.kind = "extend";
      p.folder_name = number(t) + "-extend-L" + std::to_string(e.seq);
      p.turn = phase.turn;
      p.phase = phase.name;
      p.at = b.at;
      extended += b.hours;
    } else if (e.kind == "end") {
      EndBody b = read_end(e.body, "end");
      state = apply_end(state, b);
      p.kind = "end";
      p.folder_name = number(t) + "-end-L" + std::to_string(e.seq);
      p.turn = b.turn;
      p.phase = b.phase;
      p.at = b.at;
    } else {
      continue;  // orders and NMR rulings go with the adjudication after them
    }
    p.t = t;
    p.signer = signer_of(archive, e, phase.side);
    p.state = state;
    p.body = e.body;
    if (!archive.ruleset().current_phase(state).side.empty() && !began.empty())
      p.deadline = format_rfc3339(parse_rfc3339(began) +
                                  std::int64_t(archive.deadline_hours() + extended) * 3600);
    out.push_back(std::move(p));
    first = e.seq + 1;
  }
  return out;
}

std::vector<Post> posts_from(const Archive& archive, int from) {
  std::vector<Post> all = posts(archive);
  std::vector<Post> out;
  for (auto& p : all)
    if (p.seq >= from) out.push_back(std::move(p));
  return out;
}

std::string log_lines_text(const Archive& archive, int first, int last) {
  std::string out;
  for (const auto& e : archive.log())
    if (e.seq >= first && e.seq <= last) out += e.line + "\n";
  return out;
}

std::string log_lines_name(const Archive& archive, int first, int last) {
  return "log-" + archive.game_id().substr(0, 16) + "-" + std::to_string(first) + "-" +
         std::to_string(last) + ".jsonl";
}

}  // namespace adjutant::game
