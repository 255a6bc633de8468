// The program's small blocks (util/small_blocks.h): aligned, distinct and
// of their class; given back and taken again; passed between threads; and
// never mistaken for memory of malloc's.
#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <unistd.h>

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

namespace {

// Whether the page holding `p` is resident (mincore).
bool resident(const void* p) {
  const std::uintptr_t page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
  void* start = reinterpret_cast<void*>(std::uintptr_t(p) / page * page);
  unsigned char in = 0;
  REQUIRE(::mincore(start, page, &in) == 0);
  return in & 1;
}

}  // namespace

TEST_CASE("the uncarved end of an ended thread's slab is kept untouched for the next",
          "[util][memory]") {
  // A thread that ends while carving a slab leaves its end to the pool
  // without writing to it, so those pages are never made resident (a
  // verify's reader thread left about 1.5 MB of them), and the next thread
  // carves them.
  constexpr std::size_t kSize = 240;
  const char* probe = nullptr;
  std::thread([&] {
    for (int i = 0; i < 100000 && !probe; ++i) {
      auto* p = static_cast<const char*>(sb::allocate(kSize));
      const char* ahead = p + 40 * kSize;  // 9,600 bytes on, in the same slab when carving
      if (sb::block_size(ahead) == kSize && !resident(ahead)) probe = ahead;
    }
  }).join();
  REQUIRE(probe != nullptr);
  CHECK_FALSE(resident(probe));
  bool carved = false;
  std::thread([&] {
    for (int i = 0; i < 100000 && !carved; ++i) carved = sb::allocate(kSize) == probe;
  }).join();
  CHECK(carved);
}
