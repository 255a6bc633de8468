// Force Building: brigades of 3-5 regiments, cavalry in place of infantry,
// downgraded brigades for combat tokens, artillery in place of regiments;
// and the combat tokens each side draws from the tin.
#include <algorithm>

#include "rules/chaos/scenario.h"
#include "util/error.h"

namespace adjutant::rules::chaos {

namespace {

[[noreturn]] void fail_force(const std::string& where, const std::string& what) {
  throw Error("scenario.force_building", where + ": " + what);
}

// Step three: a brigade of 4 may replace one regiment with a battery, an
// infantry brigade of 5 two; a cavalry brigade of 5 is read as one
// (assumption, docs/rules/chaos.md); a brigade of 3 none.
int batteries_allowed(const Brigade& b) {
  std::size_t n = b.regiments.size();
  if (n == 4) return 1;
  if (n == 5) return b.arm == Arm::kInfantry ? 2 : 1;
  return 0;
}

}  // namespace

void check_forces(Scenario& s, const std::string& where) {
  for (std::size_t si = 0; si < s.sides.size(); ++si) {
    const Side& side = s.sides[si];
    // A side's part: the other side's forces are not in it.
    if (!s.part.empty() && side.id != s.part) continue;
    std::string path = where + ": sides[" + std::to_string(si) + "].brigades";
    int infantry = 0, cavalry = 0;
    std::map<Arm, int> threes, fives;
    for (std::size_t bi = 0; bi < side.brigades.size(); ++bi) {
      const Brigade& b = side.brigades[bi];
      std::string bp = path + "[" + std::to_string(bi) + "] (brigade " + b.id + ")";
      (b.arm == Arm::kCavalry ? cavalry : infantry)++;
      std::size_t n = b.regiments.size();
      if (n < 3 || n > 5)
        fail_force(bp, "a brigade has 3 to 5 regiments (Scale), this one " + std::to_string(n));
      if (n == 3) ++threes[b.arm];
      if (n == 5) ++fives[b.arm];
      int guns = static_cast<int>(
          std::count_if(b.regiments.begin(), b.regiments.end(),
                        [](const Regiment& r) { return r.arm == Arm::kArtillery; }));
      if (guns > batteries_allowed(b))
        fail_force(bp, std::to_string(guns) + " batteries in a " + arm_name(b.arm) +
                           " brigade of " + std::to_string(n) + " regiments, which may have " +
                           std::to_string(batteries_allowed(b)) + " (Force Building step three)");
    }
    // Step one: the first cavalry brigade replaces one infantry brigade,
    // each further one two.
    int expect = s.brigades_per_side - cavalry - std::max(0, cavalry - 1);
    if (infantry != expect)
      fail_force(path, std::to_string(infantry) + " infantry and " + std::to_string(cavalry) +
                           " cavalry brigades; with " + std::to_string(s.brigades_per_side) +
                           " brigades per side and " + std::to_string(cavalry) +
                           " cavalry, a side has " + std::to_string(std::max(0, expect)) +
                           " infantry brigades (Force Building step one)" +
                           (expect < 0 ? ", which cannot be" : ""));
    // Step three: each brigade raised to 5 needs one of its type lowered to 3.
    for (Arm a : {Arm::kInfantry, Arm::kCavalry})
      if (fives[a] > threes[a])
        fail_force(path,
                   std::to_string(fives[a]) + " " + arm_name(a) + " brigades of 5 regiments but " +
                       std::to_string(threes[a]) +
                       " of 3: each brigade raised to 5 needs one of the same type lowered to 3 "
                       "(Force Building step three)");
  }
  // The tokens each side draws: 1 per enemy brigade and 1 more per enemy
  // unreliable or untested brigade; 1 per own unreliable, 2 per own untested.
  // A side's part cannot count them (the enemy's brigades are not in it).
  if (!s.part.empty()) return;
  int total = 0;
  for (const Side& side : s.sides) {
    int own = 0, theirs = 0;
    for (const Side& other : s.sides)
      for (const Brigade& b : other.brigades) {
        if (other.id == side.id)
          own += b.quality == Quality::kUnreliable ? 1 : b.quality == Quality::kUntested ? 2 : 0;
        else
          theirs += 1 + (b.quality == Quality::kReliable ? 0 : 1);
      }
    s.tokens[side.id] = own + theirs;
    total += own + theirs;
  }
  if (total > tin_size(s.tin))
    throw Error("scenario.tin", where + ": tin: the sides draw " + std::to_string(total) +
                                    " combat tokens but the tin holds " +
                                    std::to_string(tin_size(s.tin)));
}

}  // namespace adjutant::rules::chaos
