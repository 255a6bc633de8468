#include "util/small_blocks.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <type_traits>

namespace adjutant::small_blocks {

namespace {

constexpr std::size_t kGranule = 16;
constexpr std::size_t kClasses = kLargest / kGranule;
constexpr std::size_t kSlab = std::size_t(1) << 16;        // 64 KiB, all of one class
constexpr std::size_t kReserve = std::size_t(1) << 30;     // 1 GiB of address space
constexpr std::size_t kCommitStep = std::size_t(1) << 22;  // made usable 4 MiB at a time
constexpr std::size_t kHugePage = std::size_t(1) << 21;    // 2 MiB: the reservation starts on one
constexpr std::size_t kSlabs = kReserve / kSlab;

// A free block. In the pool, the first block of each batch also points to
// the next batch (every block has room for two pointers).
struct Free {
  Free* next;
  Free* next_batch;
};

// Blocks move between a thread and the pool in batches of about 32 KiB, and
// a thread keeps at most two batches' worth of a class: what one thread
// frees of what another made (a reader's parsed lines, dropped by the
// replay) goes back to the pool for the maker to take, instead of piling up
// where nobody asks for it.
constexpr std::size_t kBatchBytes = std::size_t(1) << 15;
// How many uncarved slab ends the pool keeps of each class.
constexpr std::size_t kRests = 8;
// The pool keeps each thread's batches in a lane of its own (threads share
// lanes beyond kLanes), and a thread short of blocks takes back its own
// before another's. Threads verifying archives side by side each free a
// whole log at a time and take it back for the next: through one shared
// list, each took the other's batches, still in the other core's cache, and
// two threads spent 13% more CPU time than one on the same archives (about
// 40% of it in `allocate`). The replay still hands the reader thread's
// lines back to it: the reader, having none of its own, takes the replay's.
constexpr std::size_t kLanes = 16;

std::size_t batch_of(std::size_t c) {
  return kBatchBytes / ((c + 1) * kGranule);
}

// Shared by every thread. Constant-initialised (operator new runs before
// any dynamic initialiser might), and never destroyed: blocks are given
// back until the very end.
struct Region {
  std::atomic<char*> base{nullptr};       // the reservation, once made
  std::atomic<bool> refused{false};       // no reservation to be had, or it is used up
  std::mutex mutex;                       // guards what follows
  std::size_t slabs = 0;                  // slabs handed out
  std::size_t committed = 0;              // bytes made read-write
  unsigned char size_class[kSlabs] = {};  // 1 + the class of each slab handed out
  Free* pool[kClasses][kLanes] = {};      // whole batches of free blocks, by class and lane
  Free* odd[kClasses] = {};               // blocks short of a batch, from ended threads
  std::size_t odds[kClasses] = {};        // how many blocks odd[c] holds
  std::size_t threads = 0;                // threads that have taken or given back
  // The uncarved ends of slabs whose threads ended, by class, for the next
  // thread to carve: never written to, so never made resident, until then.
  struct Rest {
    char* next;
    char* end;
  } rest[kClasses][kRests] = {};
  std::size_t rests[kClasses] = {};
};

static_assert(std::is_trivially_destructible_v<Region>, "blocks are given back until the end");
constinit Region region;

// One thread's lists and the slab it carves for each class. Zero-initialised
// and trivially destroyed, so reaching it costs no guard.
struct Cache {
  Free* free[kClasses];
  std::size_t count[kClasses];  // blocks on free[c]
  char* next[kClasses];
  char* end[kClasses];
  std::size_t lane;  // its batches' lane in the pool
  bool farewell;     // the thread's Farewell is registered, and `lane` set
};

constinit thread_local Cache cache{};

std::size_t class_of(std::size_t size) {
  return (size - 1) / kGranule;
}

// Puts the list from `head` to `tail` in the pool as one batch, in the
// thread's lane.
void to_pool(std::size_t c, Free* head, Free* tail) {
  tail->next = nullptr;
  std::lock_guard<std::mutex> lock(region.mutex);
  Free*& top = region.pool[c][cache.lane];
  head->next_batch = top;
  top = head;
}

// Gives the pool a batch: the first batch_of(c) blocks of the thread's list
// for class c (there are at least that many). Every batch in a lane is
// whole, so that a thread taking one knows its length without walking it:
// walking a batch of blocks gone cold was half of what `allocate` cost.
void give_batch(Cache& k, std::size_t c) {
  std::size_t n = batch_of(c);
  Free* head = k.free[c];
  Free* tail = head;
  for (std::size_t i = 1; i < n; ++i) tail = tail->next;
  k.free[c] = tail->next;
  k.count[c] -= n;
  to_pool(c, head, tail);
}

// Adds all of the thread's list for class c, short of a batch, to the odd
// blocks of the pool.
void give_odd(Cache& k, std::size_t c) {
  Free* tail = k.free[c];
  while (tail->next) tail = tail->next;
  std::lock_guard<std::mutex> lock(region.mutex);
  tail->next = region.odd[c];
  region.odd[c] = k.free[c];
  region.odds[c] += k.count[c];
  k.free[c] = nullptr;
  k.count[c] = 0;
}

// Keeps the uncarved end of a slab in the pool; false when it has no room.
bool keep_rest(std::size_t c, char* next, char* end) {
  std::lock_guard<std::mutex> lock(region.mutex);
  if (region.rests[c] == kRests) return false;
  region.rest[c][region.rests[c]++] = {next, end};
  return true;
}

// On a thread's end: its free blocks, and the rest of the slabs it was
// carving, go to the pool.
struct Farewell {
  ~Farewell() {
    Cache& k = cache;
    for (std::size_t c = 0; c < kClasses; ++c) {
      std::size_t size = (c + 1) * kGranule;
      if (k.next[c] != k.end[c] && keep_rest(c, k.next[c], k.end[c])) k.next[c] = k.end[c];
      for (; k.next[c] != k.end[c]; k.next[c] += size) {
        Free* f = reinterpret_cast<Free*>(k.next[c]);
        f->next = k.free[c];
        k.free[c] = f;
        ++k.count[c];
      }
      k.next[c] = k.end[c] = nullptr;
      while (k.count[c] >= batch_of(c)) give_batch(k, c);
      if (k.count[c] > 0) give_odd(k, c);
    }
  }
};

// Registers the thread's Farewell and gives it a lane: once, when it first
// takes or gives back.
void say_farewell_at_end() noexcept {
  thread_local Farewell farewell;
  (void)farewell;
  {
    std::lock_guard<std::mutex> lock(region.mutex);
    cache.lane = region.threads++ % kLanes;
  }
  cache.farewell = true;
}

// The slow path: a batch from the pool, else a new slab.
void* refill(std::size_t c) noexcept {
  if (region.refused.load(std::memory_order_relaxed)) return nullptr;
  if (!cache.farewell) say_farewell_at_end();
  Cache& k = cache;
  std::lock_guard<std::mutex> lock(region.mutex);
  // The thread's own batches, then an ended thread's odd blocks, then
  // another's batches.
  auto take_batch = [&](std::size_t lane) -> Free* {
    Free*& top = region.pool[c][lane];
    Free* f = top;
    if (!f) return nullptr;
    top = f->next_batch;
    k.free[c] = f->next;
    k.count[c] = batch_of(c) - 1;
    return f;
  };
  if (Free* f = take_batch(k.lane)) return f;
  if (Free* f = region.odd[c]) {
    k.free[c] = f->next;
    k.count[c] = region.odds[c] - 1;
    region.odd[c] = nullptr;
    region.odds[c] = 0;
    return f;
  }
  for (std::size_t i = 1; i < kLanes; ++i)
    if (Free* f = take_batch((k.lane + i) % kLanes)) return f;
  std::size_t size = (c + 1) * kGranule;
  if (region.rests[c] > 0) {
    Region::Rest r = region.rest[c][--region.rests[c]];
    k.next[c] = r.next + size;
    k.end[c] = r.end;
    return r.next;
  }
  char* base = region.base.load(std::memory_order_relaxed);
  if (!base) {
    // Reserved one huge page more than needed, so that the reservation can
    // start on a huge page's boundary.
    void* r = mmap(nullptr, kReserve + kHugePage, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED) {
      region.refused.store(true);
      return nullptr;
    }
    auto at = reinterpret_cast<std::uintptr_t>(r);
    base = reinterpret_cast<char*>((at + kHugePage - 1) / kHugePage * kHugePage);
    // Where the system offers it, the slabs are made resident a huge page
    // at a time: one page fault where there were 512, which a verify's
    // thousands of small blocks paid for in about 400 faults. Refused or
    // not, nothing else changes.
    madvise(base, kReserve, MADV_HUGEPAGE);
    region.base.store(base);
  }
  if (region.slabs == kSlabs) {
    region.refused.store(true);
    return nullptr;
  }
  std::size_t at = region.slabs * kSlab;
  if (at + kSlab > region.committed) {
    if (mprotect(base + region.committed, kCommitStep, PROT_READ | PROT_WRITE) != 0) {
      region.refused.store(true);
      return nullptr;
    }
    region.committed += kCommitStep;
  }
  region.size_class[region.slabs++] = static_cast<unsigned char>(c + 1);
  char* slab = base + at;
  k.next[c] = slab + size;
  k.end[c] = slab + (kSlab / size) * size;
  return slab;
}

// The slab `p` lies in, or kSlabs when it is not in the reservation.
std::size_t slab_of(const void* p) {
  const char* base = region.base.load(std::memory_order_relaxed);
  const char* q = static_cast<const char*>(p);
  if (!base || q < base || q >= base + kReserve) return kSlabs;
  return std::size_t(q - base) / kSlab;
}

}  // namespace

void* allocate(std::size_t size) noexcept {
  if (size == 0 || size > kLargest) return nullptr;
  std::size_t c = class_of(size);
  Cache& k = cache;
  if (Free* f = k.free[c]) {
    k.free[c] = f->next;
    --k.count[c];
    return f;
  }
  if (k.next[c] != k.end[c]) {
    char* p = k.next[c];
    k.next[c] += (c + 1) * kGranule;
    return p;
  }
  return refill(c);
}

bool release(void* p) noexcept {
  std::size_t slab = slab_of(p);
  if (slab == kSlabs) return false;
  std::size_t c = std::size_t(region.size_class[slab]) - 1;
  Free* f = static_cast<Free*>(p);
  Cache& k = cache;
  if (!k.farewell) say_farewell_at_end();
  f->next = k.free[c];
  k.free[c] = f;
  if (++k.count[c] >= 2 * batch_of(c)) give_batch(k, c);
  return true;
}

std::size_t block_size(const void* p) noexcept {
  std::size_t slab = slab_of(p);
  return slab == kSlabs ? 0 : std::size_t(region.size_class[slab]) * kGranule;
}

}  // namespace adjutant::small_blocks
