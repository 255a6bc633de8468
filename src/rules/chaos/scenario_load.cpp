// Reading an adjutant-chaos/1 scenario: every field typed and ranged, every
// point on the table, every id unique; then force building and set-up.
#include <cctype>
#include <set>

#include "rules/chaos/scenario.h"
#include "rules/chaos/scenario_part.h"
#include "util/error.h"
#include "util/fields.h"

namespace adjutant::rules::chaos {

namespace {

using Json = nlohmann::json;

[[noreturn]] void fail_load(const std::string& id, const std::string& where,
                            const std::string& what) {
  throw Error(id, where + ": " + what);
}

std::string at(const std::string& where, std::size_t i) {
  return where + "[" + std::to_string(i) + "]";
}

class Reader {
 public:
  Reader(Scenario& s, std::string source) : s_(s), source_(std::move(source)) {}

  std::string where(const std::string& path) const { return source_ + ": " + path; }

  // [x, y] in hundredths of an inch, on the table.
  Point point(const Json& v, const std::string& path) const {
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
      fail_load("scenario.wrong_type", where(path),
                "a point must be [x, y], two integers in hundredths of an inch, found " + v.dump());
    long long x = v[0].get<long long>(), y = v[1].get<long long>();
    if (x < 0 || y < 0 || x > s_.table.width || y > s_.table.length)
      fail_load("scenario.off_table", where(path),
                "(" + inches(x) + ", " + inches(y) + ") is off the table (0.00 to " +
                    inches(s_.table.width) + " across, 0.00 to " + inches(s_.table.length) +
                    " along)");
    return {x, y};
  }

  std::vector<Point> points(const Json& v, const std::string& path, std::size_t least) const {
    if (!v.is_array())
      fail_load("scenario.wrong_type", where(path), "must be an array of [x, y] points");
    if (v.size() < least || v.size() > 1000)
      fail_load(
          "scenario.out_of_range", where(path),
          "needs " + std::to_string(least) + " to 1000 points, has " + std::to_string(v.size()));
    std::vector<Point> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(point(v[i], at(path, i)));
    return out;
  }

  Outline area(const Json& v, const std::string& path) const {
    Outline o = polygon(points(v, path, 3));
    // A polygon with no area (all its points on one line) holds nothing.
    Coord twice_area = 0;
    for (std::size_t i = 0; i < o.points.size(); ++i)
      twice_area += cross(o.points[i], o.points[(i + 1) % o.points.size()]);
    if (twice_area == 0) fail_load("scenario.bad_shape", where(path), "the polygon has no area");
    return o;
  }

  // An id unique in the whole scenario (brigades, regiments, figures, terrain).
  std::string id(Fields& f, const std::string& path) {
    std::string v = f.str("id");
    if (v.empty() || v.size() > 64)
      fail_load("scenario.out_of_range", where(path), "an id must be 1 to 64 characters");
    if (!ids_.insert(v).second)
      fail_load("scenario.duplicate_id", where(path), "the id \"" + v + "\" is used twice");
    return v;
  }

 private:
  Scenario& s_;
  std::string source_;
  std::set<std::string> ids_;
};

TurnType turn_type(const Json& v, const std::string& where) {
  static const std::map<std::string, TurnType> kTypes = {{"dawn", TurnType::kDawn},
                                                         {"day", TurnType::kDay},
                                                         {"early_night", TurnType::kEarlyNight},
                                                         {"late_night", TurnType::kLateNight}};
  auto it = v.is_string() ? kTypes.find(v.get<std::string>()) : kTypes.end();
  if (it == kTypes.end())
    fail_load("scenario.bad_value", where,
              "a turn is \"dawn\", \"day\", \"early_night\" or \"late_night\", found " + v.dump());
  return it->second;
}

Quality quality(const std::string& v, const std::string& where) {
  if (v == "reliable") return Quality::kReliable;
  if (v == "unreliable") return Quality::kUnreliable;
  if (v == "untested") return Quality::kUntested;
  fail_load("scenario.bad_value", where,
            "quality is \"reliable\", \"unreliable\" or \"untested\", found \"" + v + "\"");
}

Arm arm(const std::string& v, const std::string& where, const std::set<Arm>& allowed) {
  auto a = arm_from_name(v);
  if (!a || !allowed.count(*a)) {
    std::string list;
    for (Arm x : allowed) list += std::string(list.empty() ? "" : ", ") + arm_name(x);
    fail_load("scenario.bad_value", where, "arm is one of " + list + ", found \"" + v + "\"");
  }
  return *a;
}

void read_bases(Scenario& s, const Json& j, const std::string& source) {
  s.bases = default_bases();
  Fields f(j, source + ": bases", "scenario");
  for (const auto& [name, value] : j.items()) {
    auto a = arm_from_name(name);
    if (!a) fail_load("scenario.unknown_field", source + ": bases", "no arm \"" + name + "\"");
    Fields b(f.object(name), source + ": bases." + name, "scenario");
    s.bases[*a] = {b.integer("width", 1, 10000), b.integer("depth", 1, 10000)};
    b.finish();
  }
  f.finish();
}

Regiment read_regiment(Reader& r, const Json& j, const std::string& path, Arm brigade_arm) {
  Fields f(j, r.where(path), "scenario");
  Regiment g;
  g.id = r.id(f, path);
  g.name = f.str_opt("name").value_or(g.id);
  g.arm = arm(f.str_opt("arm").value_or(arm_name(brigade_arm)), r.where(path + ".arm"),
              {brigade_arm, Arm::kArtillery});
  g.stands = static_cast<int>(f.integer_or("stands", g.arm == Arm::kArtillery ? 2 : 4, 1, 8));
  g.stress = static_cast<int>(f.integer_or("stress", 0, 0, 99));
  f.finish();
  return g;
}

Brigade read_brigade(Reader& r, const Json& j, const std::string& path, const std::string& side) {
  Fields f(j, r.where(path), "scenario");
  Brigade b;
  b.side = side;
  b.id = r.id(f, path);
  b.name = f.str_opt("name").value_or(b.id);
  b.arm = arm(f.str_opt("arm").value_or("infantry"), r.where(path + ".arm"),
              {Arm::kInfantry, Arm::kCavalry});
  b.quality = quality(f.str_opt("quality").value_or("reliable"), r.where(path + ".quality"));
  b.commander = f.str_opt("commander").value_or("");
  b.rating = static_cast<int>(f.integer_or("rating", 4, 1, 7));
  b.stress = static_cast<int>(f.integer_or("stress", 0, 0, 99));
  const Json& regs = f.array("regiments");
  for (std::size_t i = 0; i < regs.size(); ++i)
    b.regiments.push_back(read_regiment(r, regs[i], at(path + ".regiments", i), b.arm));
  f.finish();
  return b;
}

BrigadeSetup read_setup(Reader& r, const Json& j, const std::string& path) {
  Fields f(j, r.where(path), "scenario");
  BrigadeSetup s;
  s.brigade = f.str("brigade");
  if (f.has("markers")) {
    const Json& m = f.array("markers");
    for (std::size_t i = 0; i < m.size(); ++i)
      s.markers.push_back(r.point(m[i], at(path + ".markers", i)));
  }
  if (f.has("commander")) s.commander = r.point(f.any("commander"), path + ".commander");
  if (f.has("regiments")) {
    const Json& regs = f.array("regiments");
    for (std::size_t i = 0; i < regs.size(); ++i) {
      std::string p = at(path + ".regiments", i);
      Fields g(regs[i], r.where(p), "scenario");
      Placed placed;
      placed.regiment = g.str("regiment");
      placed.at = r.point(g.any("at"), p + ".at");
      placed.bearing = static_cast<int>(g.integer_or("facing", 0, 0, 359));
      g.finish();
      s.regiments.push_back(placed);
    }
  }
  f.finish();
  return s;
}

Figure read_figure(Reader& r, const Json& j, const std::string& path) {
  Fields f(j, r.where(path), "scenario");
  Figure x;
  x.id = r.id(f, path);
  x.name = f.str_opt("name").value_or(x.id);
  x.at = r.point(f.any("at"), path + ".at");
  x.bearing = static_cast<int>(f.integer_or("facing", 0, 0, 359));
  f.finish();
  return x;
}

// `forces` false: another side in a side's part of the scenario, of which
// only the id, name and colour are shown.
Side read_side(Reader& r, const Json& j, const std::string& path, bool forces = true) {
  Fields f(j, r.where(path), "scenario");
  Side s;
  s.id = f.str("id");
  if (s.id != "union" && s.id != "confederate")
    fail_load("scenario.unknown_side", r.where(path + ".id"),
              "a side is \"union\" or \"confederate\" (Rebel Yell tells them apart), found \"" +
                  s.id + "\"");
  s.name = f.str("name");
  s.colour = f.str_opt("colour").value_or("");
  bool hex_colour = (s.colour.size() == 4 || s.colour.size() == 7) && s.colour[0] == '#';
  for (std::size_t i = 1; i < s.colour.size(); ++i)
    hex_colour = hex_colour && std::isxdigit(static_cast<unsigned char>(s.colour[i]));
  if (!s.colour.empty() && !hex_colour)
    fail_load("scenario.bad_value", r.where(path + ".colour"),
              "a colour is #rgb or #rrggbb, found \"" + s.colour + "\"");
  if (!forces) {
    f.finish();
    return s;
  }
  if (f.has("zone")) s.zone = r.area(f.any("zone"), path + ".zone");
  const Json& brigades = f.array("brigades");
  for (std::size_t i = 0; i < brigades.size(); ++i)
    s.brigades.push_back(read_brigade(r, brigades[i], at(path + ".brigades", i), s.id));
  const Json& setup = f.array("setup");
  for (std::size_t i = 0; i < setup.size(); ++i)
    s.setup.push_back(read_setup(r, setup[i], at(path + ".setup", i)));
  if (f.has("commanders")) {
    const Json& c = f.array("commanders");
    for (std::size_t i = 0; i < c.size(); ++i)
      s.commanders.push_back(read_figure(r, c[i], at(path + ".commanders", i)));
  }
  if (f.has("wagons")) {
    const Json& w = f.array("wagons");
    for (std::size_t i = 0; i < w.size(); ++i)
      s.wagons.push_back(read_figure(r, w[i], at(path + ".wagons", i)));
  }
  f.finish();
  return s;
}

}  // namespace

namespace {

// A scenario, or with `part` a side's part of one (scenario_part.h). One
// piece: the top-level fields in the order of the format, each read once
// and the object closed (`finish`) before the checks across fields.
Scenario read_scenario(const Json& j, const std::string& source, bool part) {
  Scenario s;
  Fields top(j, source, "scenario");
  std::string format = top.str("format");
  const char* want = part ? kPartFormat : "adjutant-chaos/1";
  if (format != want)
    throw Error("scenario.format",
                source + ": format must be \"" + want + "\", found \"" + format + "\"");
  std::string own = part ? top.str("side") : "";
  s.id = top.str("id");
  s.title = top.str("title");
  std::string ruleset = top.str("ruleset");
  if (ruleset != "chaos")
    throw Error("scenario.bad_value",
                source + ": an adjutant-chaos/1 scenario is played by the \"chaos\" ruleset");
  if (!part) s.notes = top.str_opt("notes").value_or("");

  Fields table(top.object("table"), source + ": table", "scenario");
  s.table.width = table.integer("width", 100, kMaxCoord / 2);
  s.table.length = table.integer("length", 100, kMaxCoord / 2);
  table.finish();
  Reader r(s, source);

  if (top.has("bases"))
    read_bases(s, top.object("bases"), source);
  else
    s.bases = default_bases();
  s.terrain.road_width = top.integer_or("road_width", 100, 1, 1000);

  const Json& turns = top.array("turns");
  if (turns.empty() || turns.size() > 99)
    fail_load("scenario.out_of_range", r.where("turns"), "a game has 1 to 99 turns");
  for (std::size_t i = 0; i < turns.size(); ++i)
    s.turns.push_back(turn_type(turns[i], r.where(at("turns", i))));

  const Json& terrain = top.array("terrain");
  for (std::size_t i = 0; i < terrain.size(); ++i) {
    std::string path = at("terrain", i);
    Fields f(terrain[i], r.where(path), "scenario");
    Feature feature;
    feature.id = r.id(f, path);
    std::string kind = f.str("kind");
    auto k = terrain_from_name(kind);
    if (!k)
      fail_load("scenario.unknown_terrain", r.where(path + ".kind"),
                "\"" + kind + "\" is not woods, hill, town, breastworks, road or creek");
    feature.kind = *k;
    feature.shape = is_area(*k) ? r.area(f.any("points"), path + ".points")
                                : polyline(r.points(f.any("points"), path + ".points", 2));
    f.finish();
    s.terrain.features.push_back(std::move(feature));
  }

  const Json& landmarks = top.array("landmarks");
  if (landmarks.size() < 2 || landmarks.size() > 4)
    fail_load(
        "scenario.landmarks", r.where("landmarks"),
        "a battle has 2 to 4 landmarks (Terrain), this one " + std::to_string(landmarks.size()));
  for (std::size_t i = 0; i < landmarks.size(); ++i) {
    std::string path = at("landmarks", i);
    Fields f(landmarks[i], r.where(path), "scenario");
    Landmark l;
    l.id = r.id(f, path);
    l.name = f.str_opt("name").value_or(l.id);
    l.at = r.point(f.any("at"), path + ".at");
    f.finish();
    s.terrain.landmarks.push_back(l);
  }

  if (!part) s.brigades_per_side = static_cast<int>(top.integer("brigades_per_side", 1, 99));
  if (part) {
    // A side's part holds no tin: the side reads what is left of it in its view.
  } else if (top.has("tin")) {
    const Json& tin = top.object("tin");
    for (const auto& [name, count] : tin.items()) {
      auto t = token_from_name(name);
      if (!t)
        fail_load("scenario.unknown_token", r.where("tin." + name),
                  "\"" + name + "\" is none of the 17 combat tokens");
      if (!count.is_number_integer() || count.get<long long>() < 0 || count.get<long long>() > 99)
        fail_load("scenario.out_of_range", r.where("tin." + name), "a count from 0 to 99");
      s.tin[*t] = static_cast<int>(count.get<long long>());
    }
  } else {
    s.tin = default_tin();
  }

  const Json& sides = top.array("sides");
  if (sides.size() != 2)
    fail_load("scenario.unknown_side", r.where("sides"),
              "a battle has two sides, union and confederate");
  for (std::size_t i = 0; i < sides.size(); ++i) {
    bool forces = !part || (sides[i].is_object() && sides[i].value("id", "") == own);
    s.sides.push_back(read_side(r, sides[i], at("sides", i), forces));
  }
  if (s.sides[0].id == s.sides[1].id)
    fail_load("scenario.unknown_side", r.where("sides[1].id"),
              "both sides are \"" + s.sides[0].id + "\"");
  if (part && s.sides[0].id != own && s.sides[1].id != own)
    fail_load("scenario.unknown_side", r.where("side"),
              "\"" + own + "\" is not a side of the part");
  top.finish();

  // A part is read typed and ranged; its forces and set-up were checked
  // with the whole scenario when the game was made, and verify holds the
  // part to the scenario at the end of the game.
  if (!part) {
    check_forces(s, source);
    check_setup(s, source);
  }
  return s;
}

}  // namespace

Scenario load_scenario(const Json& j, const std::string& source) {
  return read_scenario(j, source, false);
}

Scenario load_side_part(const Json& j, const std::string& source) {
  return read_scenario(j, source, true);
}

}  // namespace adjutant::rules::chaos
