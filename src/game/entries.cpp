#include "game/entries.h"

#include "ledger/digest.h"
#include "util/error.h"
#include "util/fields.h"
#include "util/printable.h"
#include "util/time_format.h"

namespace adjutant::game {

namespace {

// Errors of entry bodies all carry the id log.entry and exit 3: they are
// signed content that the protocol does not allow.
template <typename F>
auto as_entry_error(const std::string& where, F read) -> decltype(read()) {
  try {
    return read();
  } catch (const Error& e) {
    if (e.exit_code() == Exit::kVerifyFailed) throw;
    throw Error("log.entry", e.detail(), Exit::kVerifyFailed);
  }
}

std::string time_member(Fields& f, const std::string& key) {
  std::string at = f.str(key);
  if (!is_canonical_time(at))
    throw Error("log.entry",
                f.where() + ": \"" + key + "\" is " + in_quotes(at) +
                    ", not a time of the form 2024-05-01T12:00:00Z",
                Exit::kVerifyFailed);
  return at;
}

std::string id_member(Fields& f, const std::string& key) {
  std::string id = f.str(key);
  bool ok = !id.empty() && id.size() <= 32;
  for (char c : id)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-');
  if (!ok)
    throw Error("log.entry",
                f.where() + ": \"" + key + "\" is " + in_quotes(id) + ", not a party id",
                Exit::kVerifyFailed);
  return id;
}

LinkReveal link_member(const Json& j, const std::string& where) {
  Fields f(j, where, "log");
  LinkReveal r;
  r.m = std::uint32_t(f.integer("m", 0, 4294967295LL));
  r.s = ledger::from_hex(f.hex("s", 64));
  f.finish();
  return r;
}

}  // namespace

AdjudicationBody read_adjudication(const Json& body, const std::string& where, bool copy_lists) {
  return as_entry_error(where, [&] {
    Fields f(body, where, "log");
    AdjudicationBody b;
    b.t = int(f.integer("t", 1, kMaxCount));
    b.turn = int(f.integer("turn", 0, kMaxCount));
    b.phase = f.str("phase");
    // One orders line, or (a simultaneous phase, protocol 5a) an array of
    // them in the order of the sides the phase waited on.
    if (f.has("orders") && body["orders"].is_array()) {
      const Json& list = f.array("orders");
      if (list.size() < 2 || list.size() > 64)
        throw Error("log.entry", where + ": \"orders\" lists 2 to 64 lines", Exit::kVerifyFailed);
      for (const Json& n : list) {
        if (!n.is_number_integer() || n.get<long long>() < 1 || n.get<long long>() > kMaxCount)
          throw Error("log.entry", where + ": \"orders\" holds a line number out of range",
                      Exit::kVerifyFailed);
        b.orders_lines.push_back(int(n.get<long long>()));
      }
      b.orders = b.orders_lines.front();
    } else {
      b.orders = int(f.integer("orders", 1, kMaxCount));
      b.orders_lines = {b.orders};
    }
    b.adjudicator = id_member(f, "adjudicator");
    b.reveal = link_member(f.object("reveal"), where + ": reveal");
    int i = 0;
    for (const Json& r : f.array("reveals")) {
      std::string at = where + ": reveals[" + std::to_string(i++) + "]";
      Fields rf(r, at, "log");
      PartyReveal p;
      p.party = id_member(rf, "party");
      p.link.m = std::uint32_t(rf.integer("m", 0, 4294967295LL));
      p.link.s = ledger::from_hex(rf.hex("s", 64));
      rf.finish();
      b.reveals.push_back(std::move(p));
    }
    b.seed = f.hex("seed", 64);
    const Json& rolls = f.array("rolls");
    if (copy_lists) b.rolls = rolls;
    b.echo = f.strings("echo");
    const Json& events = f.array("events");
    if (copy_lists) b.events = events;
    i = 0;
    for (const Json& e : events) {
      if (!e.is_object() || !e.contains("type") || !e["type"].is_string())
        throw Error("log.entry",
                    where + ": events[" + std::to_string(i) + "] is not an object with a \"type\"",
                    Exit::kVerifyFailed);
      ++i;
    }
    b.state = f.hex("state", 64);
    b.at = time_member(f, "at");
    f.finish();
    return b;
  });
}

RulingBody read_ruling(const Json& body, const std::string& where) {
  return as_entry_error(where, [&] {
    Fields f(body, where, "log");
    RulingBody b;
    b.ruling = f.str("ruling");
    b.turn = int(f.integer("turn", 0, kMaxCount));
    b.phase = f.str("phase");
    b.side = id_member(f, "side");
    b.reason = f.str("reason");
    b.at = time_member(f, "at");
    if (b.ruling == "extend") {
      b.hours = int(f.integer("hours", 1, 8760));
    } else if (b.ruling == "nmr") {
      b.deadline = time_member(f, "deadline");
    } else {
      throw Error("log.entry", where + ": unknown ruling " + in_quotes(b.ruling),
                  Exit::kVerifyFailed);
    }
    f.finish();
    return b;
  });
}

EndBody read_end(const Json& body, const std::string& where) {
  return as_entry_error(where, [&] {
    Fields f(body, where, "log");
    EndBody b;
    b.reason = f.str("reason");
    if (b.reason != "concession")
      throw Error("log.entry", where + ": unknown end reason " + in_quotes(b.reason),
                  Exit::kVerifyFailed);
    b.side = id_member(f, "side");
    b.result = f.str("result");
    b.turn = int(f.integer("turn", 0, kMaxCount));
    b.phase = f.str("phase");
    b.at = time_member(f, "at");
    f.finish();
    return b;
  });
}

bool read_order_reveal(const Json& entry_body, std::string& side, LinkReveal& reveal) {
  try {
    const Json& b = entry_body.at("body");
    side = b.at("side").get<std::string>();
    reveal = link_member(b.at("reveal"), "reveal");
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

std::string entry_time(const std::string& kind, const Json& body) {
  const char* member = kind == "genesis" ? "created" : "at";
  if (kind == "orders" || kind == "sealed-orders" || !body.is_object() || !body.contains(member) ||
      !body[member].is_string())
    return "";
  return body[member].get<std::string>();
}

}  // namespace adjutant::game
