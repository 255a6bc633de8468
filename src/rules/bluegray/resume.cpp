#include "rules/bluegray/resume.h"

namespace adjutant::rules::bluegray {

Resume* take_up(const Checked& checked, const void* owner, const State& state) {
  auto* r = dynamic_cast<Resume*>(checked.resume.get());
  if (!r || r->owner != owner || !model::same_state(r->before, state) ||
      !model::same_json(r->plan, checked.plan))
    return nullptr;
  // Once: its emitter is used up by the turn it resumes.
  return r->taken.exchange(true) ? nullptr : r;
}

}  // namespace adjutant::rules::bluegray
