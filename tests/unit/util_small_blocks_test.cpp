// The program's small blocks (util/small_blocks.h): aligned, distinct and
// of their class; given back and taken again; passed between threads; and
// never mistaken for memory of malloc's.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <set>
#include <thread>
#include <vector>

#include "util/small_blocks.h"

namespace sb = adjutant::small_blocks;

TEST_CASE("small blocks are aligned, distinct and as large as asked", "[util][memory]") {
  std::vector<void*> blocks;
  for (std::size_t size = 1; size <= sb::kLargest; ++size) {
    void* p = sb::allocate(size);
    REQUIRE(p != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(p) % 16 == 0);
    CHECK(sb::block_size(p) >= size);
    CHECK(sb::block_size(p) < size + 16);
    std::memset(p, int(size & 0xff), size);
    blocks.push_back(p);
  }
  CHECK(std::set<void*>(blocks.begin(), blocks.end()).size() == blocks.size());
  // Each keeps what was written into it while the others were written.
  for (std::size_t size = 1; size <= sb::kLargest; ++size) {
    auto* bytes = static_cast<unsigned char*>(blocks[size - 1]);
    CHECK(bytes[0] == (size & 0xff));
    CHECK(bytes[size - 1] == (size & 0xff));
  }
  for (void* p : blocks) CHECK(sb::release(p));
}

TEST_CASE("sizes out of range and other memory are left to malloc", "[util][memory]") {
  CHECK(sb::allocate(0) == nullptr);
  CHECK(sb::allocate(sb::kLargest + 1) == nullptr);
  void* m = std::malloc(64);
  CHECK(sb::block_size(m) == 0);
  CHECK_FALSE(sb::release(m));
  std::free(m);
  CHECK_FALSE(sb::release(nullptr));
  CHECK(sb::block_size(nullptr) == 0);
}

TEST_CASE("a block given back is the next one taken of its size", "[util][memory]") {
  void* a = sb::allocate(40);
  void* b = sb::allocate(48);  // the same class, 33 to 48 bytes
  REQUIRE(a);
  REQUIRE(b);
  CHECK(sb::release(a));
  CHECK(sb::allocate(33) == a);
  CHECK(sb::release(b));
  CHECK(sb::allocate(17) != b);  // another class
  CHECK(sb::allocate(48) == b);
  CHECK(sb::release(a));
  CHECK(sb::release(b));
}

TEST_CASE("many blocks span slabs and stay apart", "[util][memory]") {
  // 40,000 blocks of 256 bytes: about 10 MiB, over 150 slabs.
  std::vector<std::uint32_t*> blocks;
  for (std::uint32_t i = 0; i < 40000; ++i) {
    auto* p = static_cast<std::uint32_t*>(sb::allocate(256));
    REQUIRE(p);
    for (int w = 0; w < 64; ++w) p[w] = i;
    blocks.push_back(p);
  }
  bool intact = true;
  for (std::uint32_t i = 0; i < blocks.size(); ++i)
    for (int w = 0; w < 64; ++w) intact = intact && blocks[i][w] == i;
  CHECK(intact);
  for (auto* p : blocks) sb::release(p);
}

TEST_CASE("blocks pass between threads, and an ended thread's are taken again", "[util][memory]") {
  // Taken on one thread, given back on another: the giver keeps them.
  std::vector<void*> made(100);
  std::thread([&] {
    for (auto& p : made) p = sb::allocate(200);
  }).join();
  std::set<void*> left;
  std::thread([&] {
    for (void* p : made) CHECK(sb::release(p));
    left.insert(made.begin(), made.end());
  }).join();
  // The giver has ended: its blocks went to the pool, and a new thread's
  // first block of that class is one of them.
  void* next = nullptr;
  std::thread([&] { next = sb::allocate(193); }).join();
  CHECK(left.count(next) == 1);
}

TEST_CASE("blocks one thread drops of another's go round instead of piling up", "[util][memory]") {
  // The replay drops the lines a reader thread made: the dropping thread
  // keeps a little and hands the rest back, and a thread short of blocks
  // takes those before carving new ones, while the dropper still runs.
  std::vector<void*> made(10000);
  std::thread([&] {
    for (auto& p : made) p = sb::allocate(64);
  }).join();
  const std::set<void*> all(made.begin(), made.end());
  std::atomic<bool> dropped{false}, taken{false};
  std::thread dropper([&] {
    for (void* p : made) sb::release(p);
    dropped = true;
    dropped.notify_all();
    taken.wait(false);  // alive until the taker is done
  });
  dropped.wait(false);
  int reused = 0;
  std::thread([&] {
    for (int i = 0; i < 5000; ++i) reused += all.count(sb::allocate(50)) ? 1 : 0;
  }).join();
  taken = true;
  taken.notify_all();
  dropper.join();
  CHECK(reused == 5000);
}

TEST_CASE("a thread takes back the blocks it gave before another's", "[util][memory]") {
  // Archives verified side by side: each thread frees a whole log, then
  // allocates for its next archive. Blocks the other thread freed last are
  // in the other core's cache; a thread's own are not.
  constexpr int kBlocks = 3000;
  std::atomic<int> step{0};
  auto wait_for = [&](int s) {
    for (int v = step.load(); v < s; v = step.load()) step.wait(v);
  };
  auto advance = [&] {
    ++step;
    step.notify_all();
  };
  std::vector<void*> a(kBlocks), b(kBlocks);
  std::set<void*> of_b;
  int foreign = 0;
  std::thread first([&] {
    for (auto& p : a) p = sb::allocate(64);
    advance();  // 1
    wait_for(2);
    for (void* p : a) sb::release(p);  // most of them go to the pool
    advance();                         // 3
    wait_for(4);
    // The second thread's blocks went to the pool after these.
    for (int i = 0; i < kBlocks; ++i) foreign += int(of_b.count(sb::allocate(64)));
  });
  std::thread second([&] {
    wait_for(1);
    for (auto& p : b) p = sb::allocate(64);
    of_b.insert(b.begin(), b.end());
    advance();  // 2
    wait_for(3);
    for (void* p : b) sb::release(p);
    advance();    // 4
    wait_for(5);  // alive, with its blocks in the pool, until the first is done
  });
  first.join();
  advance();  // 5
  second.join();
  CHECK(foreign == 0);
}

TEST_CASE("an ended thread's uncarved slab end is carved by the next, not listed",
          "[util][memory]") {
  // A thread that ends while carving a slab leaves the rest of it to the
  // pool as it is, never writing a free list through it (a verify's reader
  // thread made about 360 pages resident that way), and the next thread
  // short of blocks carves it from where the first stopped: block after
  // block upwards, where a free list would hand them out downwards.
  constexpr std::size_t kSize = 240;
  const char* last = nullptr;
  std::thread([&] {
    const char* before = nullptr;
    for (int i = 0; i < 100000 && !last; ++i) {
      auto* p = static_cast<const char*>(sb::allocate(kSize));
      // Two blocks in a row, the second just after the first: carving, with
      // room left for two more in the slab (64 KiB, and aligned so).
      if (before && p == before + kSize &&
          std::uintptr_t(p) >> 16 == std::uintptr_t(p + 3 * kSize - 1) >> 16)
        last = p;
      before = p;
    }
  }).join();
  REQUIRE(last != nullptr);
  const char* first = nullptr;
  const char* second = nullptr;
  std::thread([&] {
    for (int i = 0; i < 100000 && !first; ++i)
      if (sb::allocate(kSize) == last + kSize) first = last + kSize;
    if (first) second = static_cast<const char*>(sb::allocate(kSize));
  }).join();
  REQUIRE(first != nullptr);
  CHECK(second == first + kSize);
}
