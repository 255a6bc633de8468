// Small blocks for the program's operator new (src/cli/operator_new.cpp).
// The program builds and drops many small JSON trees: a verify of a 15-turn
// game asks for about 180,000 blocks on its replay's thread alone, mostly of
// under 100 bytes, in bursts of hundreds of one size that are dropped
// together, which overflows glibc's per-thread cache and sends most of them
// through its bins (about a quarter of that thread's instructions went to
// malloc and free). Here each thread keeps a free list per size class
// (16, 32, ... 256 bytes) in slabs of one class, carved from one reserved
// stretch of address space: a block is taken and given back in a few
// instructions, by any thread. A thread keeps at most 64 KiB of free
// blocks of a class and hands the rest, in batches, to a pool that threads
// short of blocks take from first, each its own batches before another's
// (so blocks one thread makes and another drops go round, and threads side
// by side keep to their own), as does a thread that ends; the slabs it was carving
// go to the pool uncarved, never written to until another thread carves
// them, so their pages are not made resident for nothing. The stretch
// starts on a huge page's boundary (so every slab on a 64 KiB one) and asks
// the system for huge pages. Memory given back is kept for blocks of the
// same size, never returned to the system.
// Where the reservation cannot be had, or is used up, allocate() says so
// and the caller uses malloc.
//
// Nothing observable depends on where a block lies: no output orders or
// hashes by address.
#pragma once

#include <cstddef>

namespace adjutant::small_blocks {

// The largest size served (bigger ones are for malloc).
inline constexpr std::size_t kLargest = 256;

// A block of at least `size` (1 to kLargest) bytes aligned to 16, or
// nullptr when none can be had here.
void* allocate(std::size_t size) noexcept;

// Gives `p` back when it is one of allocate()'s blocks (true); false, doing
// nothing, for any other pointer (nullptr included).
bool release(void* p) noexcept;

// Where `p` is one of allocate()'s blocks, the size of its class; else 0.
std::size_t block_size(const void* p) noexcept;

}  // namespace adjutant::small_blocks
