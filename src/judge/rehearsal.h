// `adjutant judge --dry-run` (docs/judge.md "Dry run"): what one pass would
// do now, said without doing it. The pass runs whole, with the very code of
// a real one, on a scratch copy of DIR in the temporary folder (hard links
// where it can, each file whole, the journal copied, no lock file), so it
// files, refuses, adjudicates, reminds, extends and rules exactly as a pass
// would; its mailbox is read and left as it was found (nothing set aside,
// IMAP \Seen flags restored) and nothing is sent: each mail the pass would
// send is said ("send"). DIR, the mailbox and the secrets folder are left
// unchanged, and the copy is removed.
#pragma once

#include "judge/judge_pass.h"

namespace adjutant::judge {

// The pass's lines go to options.out with the copy's path named as DIR.
// Skipped (another judge holds DIR's lock) as run_pass. Error io.write when
// the copy cannot be made.
PassResult rehearse_pass(const PassOptions& options);

}  // namespace adjutant::judge
