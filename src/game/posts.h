// Posts: the points of a game's log after which every party is mailed.
// Genesis (the invitation), each adjudication (an NMR ruling goes with the
// adjudication it stands for), each deadline extension and the end. Each
// post carries the log lines since the post before it, so every party's
// copy of the archive stays current with nothing but mail between them
// (docs/guide.md "Two machines"). Posts follow from the log alone: their
// folders (turns/) are caches like any other.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "game/archive.h"

namespace adjutant::game {

struct Post {
  int seq = 0;         // the log line after which the post goes out
  std::string kind;    // "genesis", "adjudication", "extend", "end"
  int first = 0;       // the first log line the post carries
  int t = 0;           // adjudications up to and including this post
  std::string signer;  // the party that signed line `seq`
  std::string phase;   // the phase of the adjudication, extension or end
  int turn = 0;
  std::string folder_name;  // "000-genesis", "003-union", "003-extend-L8", "003-end-L9"
  std::optional<Adjudication> adjudication;  // for kind "adjudication"
  model::State state;                        // the state after line `seq`
  Json body;                                 // the body of line `seq`
  std::string at;                            // its time
  std::string deadline;  // when the orders then due must arrive ("" once the game is over)
};

// Every post of the archive's log, in log order, with its state (computed
// by applying the logged events: read a verified archive).
std::vector<Post> posts(const Archive& archive);

// The posts of lines [from, log size): what a commit of those lines mails.
std::vector<Post> posts_from(const Archive& archive, int from);

// The canonical lines [first, last] of the log, each ending in "\n": the
// attachment that carries them.
std::string log_lines_text(const Archive& archive, int first, int last);

// "log-<first 16 hex of the game id>-<first>-<last>.jsonl"
std::string log_lines_name(const Archive& archive, int first, int last);

}  // namespace adjutant::game
