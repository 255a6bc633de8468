// The game state: where every unit is and what it is, whose player-turn it
// is, victory points. state.json is its canonical JSON; its hash is the
// SHA-256 of that text. Replay recomputes it, so it is only a cache on disk.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/jcs.h"

namespace adjutant::model {

using ledger::Json;

enum class UnitStatus { kWaiting, kActive, kEliminated, kExited };

std::string to_string(UnitStatus s);
UnitStatus unit_status_from(const std::string& s, const std::string& where);

struct UnitState {
  UnitStatus status = UnitStatus::kActive;
  // Where the unit is: a hex number for hex games, empty when off the map.
  // Non-hex rulesets keep their own position form in `extra`.
  std::string location;
  // Marks a ruleset sets on the unit (Blue & Gray's "ineffective", 10.0),
  // each kept as a member "<name>": true of the unit beside its status:
  // sorted, no name twice. A state carries only the names its ruleset
  // declares (rules::Ruleset::unit_marks); the reader refuses any other.
  std::vector<std::string> marks;
  Json extra = Json::object();

  bool marked(std::string_view name) const;
  // Sets (`on`) or clears the mark `name`.
  void mark(const std::string& name, bool on);
};

// A ruleset's typed reading of one object member of State::extra, kept
// beside it so that reading the member again parses no JSON. It answers
// only while that member is still the very object it was made from: a
// copy of the state starts without it (the copy's member is another
// object), a move keeps it (the member moves too), and a member replaced
// by another object no longer matches. It also keeps the member as it was
// and compares it on each answer (far cheaper than reading it), so that an
// edit in place, or a new member allocated where a freed one stood, is
// never answered from a stale reading. Never part of the canonical form.
class ExtraMemo {
 public:
  ExtraMemo() = default;
  ExtraMemo(const ExtraMemo&) {}
  ExtraMemo& operator=(const ExtraMemo&) {
    clear();
    return *this;
  }
  ExtraMemo(ExtraMemo&&) noexcept = default;
  ExtraMemo& operator=(ExtraMemo&&) noexcept = default;

  // Keeps `value`, the reading of `member` (an object) as it is now.
  void keep(const Json& member, std::shared_ptr<const void> value) {
    key_ = member.is_object() ? &member.get_ref<const Json::object_t&>() : nullptr;
    value_ = key_ ? std::move(value) : nullptr;
    as_kept_ = key_ ? std::make_shared<const Json>(member) : nullptr;
  }
  // The reading kept for `member`, or null when none is kept for it: the
  // same object, still holding what it held when kept (one edited in
  // place, or another made where a freed one stood, is read again).
  const void* find(const Json& member) const {
    if (!value_ || !member.is_object() || &member.get_ref<const Json::object_t&>() != key_ ||
        *as_kept_ != member)
      return nullptr;
    return value_.get();
  }
  void clear() {
    key_ = nullptr;
    value_.reset();
    as_kept_.reset();
  }

 private:
  const Json::object_t* key_ = nullptr;
  std::shared_ptr<const void> value_;
  std::shared_ptr<const Json> as_kept_;
};

struct State {
  std::string scenario;
  int turn = 1;
  std::string phase;      // the phasing side, or "" when the game has ended
  int adjudications = 0;  // t of the last adjudication
  std::map<std::string, UnitState> units;
  std::map<std::string, int> vp;
  std::string result;  // set when the game has ended
  Json extra = Json::object();
  ExtraMemo memo;  // a ruleset's typed reading of a member of extra

  Json to_json() const;
  // Reads a state whose units may carry the marks named in `unit_marks`
  // (its ruleset's, rules::Ruleset::unit_marks); any other member of a unit
  // is Error "state.unknown_field" (util/fields.h), as is any unknown member.
  static State from_json(const Json& j, const std::string& source,
                         const std::vector<std::string>& unit_marks);
  std::string canonical() const;
  std::string hash() const;  // hex SHA-256 of canonical()
};

// The same JSON value of the same types, member by member (1 and 1.0
// differ): what code reads of the one it reads of the other.
bool same_json(const Json& a, const Json& b);
// Every member of the two the same (same_json for the JSON ones); the memo
// is a cache and is not compared.
bool same_state(const State& a, const State& b);

}  // namespace adjutant::model
