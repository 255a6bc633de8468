// How each version of the Chaos of Battle ruleset reads the text
// (docs/rules/chaos.md "What version N adjudicates"): one named reading a
// field, set from the version here and nowhere else. The rules ask these
// instead of comparing version numbers; a game pinned to a version keeps
// its readings forever.
#pragma once

namespace adjutant::rules::chaos {

struct Readings {
  // Version 2: the fight phase (fight, fight.*), its standing `policies`
  // and the combat tokens a side commits (`tokens`, token.*).
  bool fight_phase = false;
  // Version 2 (token.rebel_yell): a Union side throws back each REBEL YELL
  // it draws from the tin and draws two in its place.
  bool union_throws_back_rebel_yell = false;
  // Version 2 (engagement.maneuver): "no part of the brigade may be within
  // 4" of an enemy unit unless it is fighting": a fighting regiment left
  // where it stands may stay within 4".
  bool fighting_regiment_stays_in_maneuver = false;
  // Version 3 (docs/rules/chaos.md "Limbering and mounting"): a battery
  // is limbered or unlimbered, a cavalry regiment mounted or dismounted;
  // marching limbers and mounts, deploying unlimbers and mounts, withdrawing
  // limbers (engagement.withdraw), a maneuver may change either
  // (engagement.maneuver), a lost fight limbers or tests (fight.artillery,
  // fight.cavalry); the order file's "limber" and "mount".
  bool limbering_and_mounting = false;
  // Version 3 (docs/rules/chaos.md "Regiments placed by order"): a shake
  // out and a deployed move may place the brigade's regiments (shake_out,
  // move.deployed).
  bool regiments_placed_by_order = false;
  // Version 3 (engagement.withdraw): the standing policy
  // `withdraw_at_stress` withdraws every engaged brigade that can.
  bool withdraw_at_stress_policy = false;
  // Version 3 (token.*): a token may be committed "when": "last", revealed
  // once its side has no regiment left to test.
  bool tokens_revealed_last = false;
  // engagement.withdraw, "Increase the Brigade stress by 1 unless it was
  // all mounted cavalry or had no unlimbered artillery". Versions 1 and 2
  // take every cavalry regiment as mounted and every battery as unlimbered:
  // any regiment not cavalry costs the stress. Version 3 weighs each
  // regiment as it stands before withdrawing (infantry, dismounted cavalry
  // or an unlimbered battery costs it), reading "or" as "and".
  bool withdraw_stress_weighs_each_regiment = false;
  // Version 4 reads "or" as the text says: the stress is spared when the
  // brigade is all mounted cavalry or has no unlimbered battery.
  bool withdraw_free_if_mounted_or_no_unlimbered_guns = false;
  // Version 4 (rest.remarker): "the other can be anywhere 4" away from the
  // first" is at least 4" ("N away", docs/rules/chaos.md Conventions);
  // versions 1 to 3 asked for more than 4".
  bool second_marker_at_least_four_away = false;
};

// The readings of a ruleset version (1 to 4; a later version reads as the
// latest it knows).
constexpr Readings readings(int version) {
  Readings r;
  r.fight_phase = version >= 2;
  r.union_throws_back_rebel_yell = version >= 2;
  r.fighting_regiment_stays_in_maneuver = version >= 2;
  r.limbering_and_mounting = version >= 3;
  r.regiments_placed_by_order = version >= 3;
  r.withdraw_at_stress_policy = version >= 3;
  r.tokens_revealed_last = version >= 3;
  r.withdraw_stress_weighs_each_regiment = version >= 3;
  r.withdraw_free_if_mounted_or_no_unlimbered_guns = version >= 4;
  r.second_marker_at_least_four_away = version >= 4;
  return r;
}

}  // namespace adjutant::rules::chaos
