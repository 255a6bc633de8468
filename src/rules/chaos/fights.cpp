#include "rules/chaos/fights.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace adjutant::rules::chaos {

std::vector<std::string> fighting(const std::vector<Fighter>& regiments) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < regiments.size(); ++i)
    for (std::size_t j = i + 1; j < regiments.size(); ++j)
      if (regiments[i].side != regiments[j].side &&
          closer_than(regiments[i].base, regiments[j].base, kFightingRange)) {
        out.insert(regiments[i].id);
        out.insert(regiments[j].id);
      }
  return {out.begin(), out.end()};
}

std::vector<std::vector<std::string>> group_fights(const std::vector<Fighter>& regiments) {
  auto ids = fighting(regiments);
  std::set<std::string> in(ids.begin(), ids.end());
  std::vector<const Fighter*> f;
  for (const auto& r : regiments)
    if (in.count(r.id)) f.push_back(&r);
  // Union-find over the fighting regiments.
  std::vector<std::size_t> parent(f.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (std::size_t i = 0; i < f.size(); ++i)
    for (std::size_t j = i + 1; j < f.size(); ++j)
      if (within(f[i]->base, f[j]->base, kFightingRange)) parent[root(i)] = root(j);
  std::map<std::size_t, std::vector<std::string>> groups;
  for (std::size_t i = 0; i < f.size(); ++i) groups[root(i)].push_back(f[i]->id);
  std::vector<std::vector<std::string>> out;
  for (auto& [r, g] : groups) {
    std::sort(g.begin(), g.end());
    out.push_back(g);
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool in_contact(const Fighter& a, const Fighter& b) {
  return touch(a.base, b.base);
}

}  // namespace adjutant::rules::chaos
