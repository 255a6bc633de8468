// The program's operator new and delete: small blocks from per-thread lists
// (util/small_blocks.h), the rest from malloc. Only the program replaces
// them; the test executable and the fuzz harnesses keep the standard ones.
#include <malloc.h>

#include <cstdlib>
#include <new>

#include "util/small_blocks.h"

namespace {

void* from_malloc(std::size_t n) {
  for (;;) {
    if (void* p = std::malloc(n ? n : 1)) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void* take(std::size_t n) {
  if (void* p = adjutant::small_blocks::allocate(n)) return p;
  return from_malloc(n);
}

void* take_or_null(std::size_t n) noexcept {
  try {
    return take(n);
  } catch (...) {
    return nullptr;
  }
}

void give(void* p) noexcept {
  if (p && !adjutant::small_blocks::release(p)) std::free(p);
}

// Blocks of 8 MiB and more (the pixels of a large map) get a mapping of
// their own, handed back to the system when freed. Left to itself, glibc
// raises its threshold to the size of the first such block freed, and the
// next ones then stay resident on the heap after they are freed:
// `adjutant bench` measured 51 MiB drawing with it, 46 MiB with this
// (docs/performance.md). Smaller images keep reusing the heap.
[[gnu::constructor]] void map_large_blocks() {
  mallopt(M_MMAP_THRESHOLD, 8 << 20);
}

}  // namespace

void* operator new(std::size_t n) {
  return take(n);
}
void* operator new[](std::size_t n) {
  return take(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return take_or_null(n);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return take_or_null(n);
}
void operator delete(void* p) noexcept {
  give(p);
}
void operator delete[](void* p) noexcept {
  give(p);
}
void operator delete(void* p, std::size_t) noexcept {
  give(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  give(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  give(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  give(p);
}
