#include "render/png_encode.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace adjutant::render {

namespace {

using Bytes = std::vector<std::uint8_t>;

const std::array<std::uint32_t, 256>& crc_table() {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  return table;
}

std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc = 0) {
  const auto& t = crc_table();
  crc ^= 0xffffffffu;
  for (std::size_t i = 0; i < n; ++i) crc = t[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffu;
}

std::uint32_t adler32(const Bytes& data) {
  std::uint32_t a = 1, b = 0;
  std::size_t i = 0;
  while (i < data.size()) {
    std::size_t stop = std::min(data.size(), i + 5552);
    for (; i + 8 <= stop; i += 8) {
      const std::uint8_t* d = &data[i];
      b += 8 * a + 8u * d[0] + 7u * d[1] + 6u * d[2] + 5u * d[3] + 4u * d[4] + 3u * d[5] +
           2u * d[6] + d[7];
      a += 0u + d[0] + d[1] + d[2] + d[3] + d[4] + d[5] + d[6] + d[7];
    }
    for (; i < stop; ++i) a += data[i], b += a;
    a %= 65521, b %= 65521;
  }
  return (b << 16) | a;
}

class BitWriter {
 public:
  void put(std::uint32_t bits, int count) {
    buffer_ |= std::uint64_t(bits) << used_;
    used_ += count;
    if (used_ >= 32) {
      for (int k = 0; k < 4; ++k) out.push_back(std::uint8_t(buffer_ >> (8 * k)));
      buffer_ >>= 32;
      used_ -= 32;
    }
  }
  // Huffman codes are stored bit-reversed (see canonical_codes).
  void put_code(std::uint32_t reversed_code, int length) { put(reversed_code, length); }
  void flush() {
    for (; used_ > 0; used_ -= 8) {
      out.push_back(std::uint8_t(buffer_));
      buffer_ >>= 8;
    }
    used_ = 0;
  }
  Bytes out;

 private:
  std::uint64_t buffer_ = 0;
  int used_ = 0;
};

constexpr int kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr int kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                  2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr int kDistBase[30] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                               33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                               1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr int kDistExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

int length_code(int length) {
  static const auto table = [] {
    std::array<std::uint8_t, 259> t{};
    for (int len = 3; len <= 258; ++len)
      t[std::size_t(len)] =
          std::uint8_t(std::upper_bound(kLengthBase, kLengthBase + 29, len) - kLengthBase - 1);
    return t;
  }();
  return table[std::size_t(length)];
}

int dist_code(int dist) {
  // Distances up to 256 directly, longer ones by their 128s (RFC 1951 buckets align).
  static const auto table = [] {
    std::array<std::uint8_t, 512> t{};
    auto code = [](int d) {
      return std::uint8_t(std::upper_bound(kDistBase, kDistBase + 30, d) - kDistBase - 1);
    };
    for (int d = 1; d <= 256; ++d) t[std::size_t(d - 1)] = code(d);
    for (int k = 2; k < 256; ++k) t[std::size_t(256 + k)] = code((k << 7) + 1);
    return t;
  }();
  return dist <= 256 ? table[std::size_t(dist - 1)] : table[std::size_t(256 + ((dist - 1) >> 7))];
}

// Huffman code lengths of at most `limit` bits: a Huffman tree, then the
// JPEG (ITU T.81 K.3) fix-up of over-long codes; symbols keep their order.
std::vector<int> code_lengths(const std::vector<std::uint32_t>& freq, int limit) {
  std::vector<int> lengths(freq.size(), 0);
  std::vector<std::pair<std::uint64_t, int>> nodes;  // (weight, node)
  std::vector<int> parent;
  for (std::size_t s = 0; s < freq.size(); ++s)
    if (freq[s] > 0) nodes.push_back({freq[s], int(parent.size())}), parent.push_back(-1);
  std::size_t leaves = parent.size();
  if (leaves == 1) {
    for (std::size_t s = 0; s < freq.size(); ++s) lengths[s] = freq[s] > 0 ? 1 : 0;
    return lengths;
  }
  auto cmp = [](const auto& a, const auto& b) { return a > b; };
  std::make_heap(nodes.begin(), nodes.end(), cmp);
  while (nodes.size() > 1) {
    std::pop_heap(nodes.begin(), nodes.end(), cmp);
    auto a = nodes.back();
    nodes.pop_back();
    std::pop_heap(nodes.begin(), nodes.end(), cmp);
    auto b = nodes.back();
    nodes.pop_back();
    int id = int(parent.size());
    parent.push_back(-1);
    parent[std::size_t(a.second)] = parent[std::size_t(b.second)] = id;
    nodes.push_back({a.first + b.first, id});
    std::push_heap(nodes.begin(), nodes.end(), cmp);
  }
  std::vector<int> count(64, 0), depth(leaves, 0);
  for (std::size_t i = 0; i < leaves; ++i) {
    int d = 0;
    for (int p = parent[i]; p >= 0; p = parent[std::size_t(p)]) ++d;
    depth[i] = d;
    ++count[std::size_t(d)];
  }
  for (int i = 63; i > limit; --i) {
    while (count[std::size_t(i)] > 0) {
      int j = i - 2;
      while (count[std::size_t(j)] == 0) --j;
      count[std::size_t(i)] -= 2;
      count[std::size_t(i - 1)] += 1;
      count[std::size_t(j + 1)] += 2;
      count[std::size_t(j)] -= 1;
    }
  }
  // Hand the lengths out again, shortest to the most frequent symbols.
  std::vector<int> order;
  for (std::size_t s = 0; s < freq.size(); ++s)
    if (freq[s] > 0) order.push_back(int(s));
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return freq[std::size_t(a)] > freq[std::size_t(b)]; });
  std::size_t k = 0;
  for (int len = 1; len <= limit; ++len)
    for (int n = 0; n < count[std::size_t(len)]; ++n) lengths[std::size_t(order[k++])] = len;
  return lengths;
}

std::vector<std::uint32_t> canonical_codes(const std::vector<int>& lengths) {
  std::vector<int> count(16, 0);
  for (int l : lengths) ++count[std::size_t(l)];
  count[0] = 0;
  std::vector<std::uint32_t> next(16, 0), codes(lengths.size(), 0);
  std::uint32_t code = 0;
  for (int bits = 1; bits < 16; ++bits) {
    code = (code + std::uint32_t(count[std::size_t(bits - 1)])) << 1;
    next[std::size_t(bits)] = code;
  }
  // Stored bit-reversed, as the bit writer sends the least significant bit
  // first and Huffman codes go most significant bit first (RFC 1951 3.1.1).
  for (std::size_t s = 0; s < lengths.size(); ++s) {
    if (!lengths[s]) continue;
    std::uint32_t c = next[std::size_t(lengths[s])]++, reversed = 0;
    for (int i = 0; i < lengths[s]; ++i) reversed |= ((c >> i) & 1) << (lengths[s] - 1 - i);
    codes[s] = reversed;
  }
  return codes;
}

// A symbol of the LZ77 pass: a literal (dist 0) or a (length, dist) match.
struct Symbol {
  std::uint16_t value;
  std::uint16_t dist;
};

void write_block(BitWriter& w, const std::vector<Symbol>& symbols, bool last) {
  std::vector<std::uint32_t> lit_freq(286, 0), dist_freq(30, 0);
  for (const auto& s : symbols) {
    if (s.dist == 0) {
      ++lit_freq[s.value];
    } else {
      ++lit_freq[std::size_t(257 + length_code(s.value))];
      ++dist_freq[std::size_t(dist_code(s.dist))];
    }
  }
  lit_freq[256] = 1;
  dist_freq[0] = std::max(dist_freq[0], 1u);
  dist_freq[1] = std::max(dist_freq[1], 1u);
  auto lit_len = code_lengths(lit_freq, 15), dist_len = code_lengths(dist_freq, 15);
  auto lit_code = canonical_codes(lit_len), dist_code_of = canonical_codes(dist_len);
  int hlit = 286, hdist = 30;
  while (hlit > 257 && lit_len[std::size_t(hlit - 1)] == 0) --hlit;
  while (hdist > 1 && dist_len[std::size_t(hdist - 1)] == 0) --hdist;

  // The two code-length lists, run-length coded with symbols 16, 17 and 18.
  std::vector<int> all(lit_len.begin(), lit_len.begin() + hlit);
  all.insert(all.end(), dist_len.begin(), dist_len.begin() + hdist);
  std::vector<std::pair<int, int>> rle;  // (symbol, extra value)
  for (std::size_t i = 0; i < all.size();) {
    std::size_t run = 1;
    while (i + run < all.size() && all[i + run] == all[i]) ++run;
    if (all[i] == 0 && run >= 3) {
      int n = int(std::min<std::size_t>(run, 138));
      rle.push_back(n >= 11 ? std::pair{18, n - 11} : std::pair{17, n - 3});
      i += std::size_t(n);
    } else if (all[i] != 0 && run >= 4) {
      rle.push_back({all[i], 0});
      int n = int(std::min<std::size_t>(run - 1, 6));
      rle.push_back({16, n - 3});
      i += std::size_t(n) + 1;
    } else {
      rle.push_back({all[i], 0});
      ++i;
    }
  }
  std::vector<std::uint32_t> cl_freq(19, 0);
  for (auto [sym, extra] : rle) ++cl_freq[std::size_t(sym)];
  auto cl_len = code_lengths(cl_freq, 7);
  auto cl_code = canonical_codes(cl_len);
  static constexpr int kOrder[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                     11, 4,  12, 3, 13, 2, 14, 1, 15};
  int hclen = 19;
  while (hclen > 4 && cl_len[std::size_t(kOrder[hclen - 1])] == 0) --hclen;

  w.put(last ? 1 : 0, 1);
  w.put(2, 2);
  w.put(std::uint32_t(hlit - 257), 5);
  w.put(std::uint32_t(hdist - 1), 5);
  w.put(std::uint32_t(hclen - 4), 4);
  for (int i = 0; i < hclen; ++i) w.put(std::uint32_t(cl_len[std::size_t(kOrder[i])]), 3);
  for (auto [sym, extra] : rle) {
    w.put_code(cl_code[std::size_t(sym)], cl_len[std::size_t(sym)]);
    if (sym == 16) w.put(std::uint32_t(extra), 2);
    if (sym == 17) w.put(std::uint32_t(extra), 3);
    if (sym == 18) w.put(std::uint32_t(extra), 7);
  }
  for (const auto& s : symbols) {
    if (s.dist == 0) {
      w.put_code(lit_code[s.value], lit_len[s.value]);
      continue;
    }
    int lc = length_code(s.value), dc = dist_code(s.dist);
    w.put_code(lit_code[std::size_t(257 + lc)], lit_len[std::size_t(257 + lc)]);
    w.put(std::uint32_t(s.value - kLengthBase[lc]), kLengthExtra[lc]);
    w.put_code(dist_code_of[std::size_t(dc)], dist_len[std::size_t(dc)]);
    w.put(std::uint32_t(s.dist - kDistBase[dc]), kDistExtra[dc]);
  }
  w.put_code(lit_code[256], lit_len[256]);
}

// Bytes a and b have in common, up to limit, compared eight at a time.
int match_length(const std::uint8_t* a, const std::uint8_t* b, int limit) {
  int len = 0;
  while (std::endian::native == std::endian::little && len + 8 <= limit) {
    std::uint64_t x, y;
    std::memcpy(&x, a + len, 8);
    std::memcpy(&y, b + len, 8);
    if (x != y) return len + __builtin_ctzll(x ^ y) / 8;
    len += 8;
  }
  while (len < limit && a[len] == b[len]) ++len;
  return len;
}

// Greedy LZ77 over a 32 KiB window with short hash chains: fast on the long
// flat runs a filtered map consists of, and good enough on the edges.
Bytes deflate(const Bytes& data) {
  constexpr int kWindow = 32768, kHashBits = 15, kMaxChain = 12, kMinMatch = 3, kMaxMatch = 258;
  constexpr std::size_t kBlockSymbols = 1 << 16;
  std::vector<std::int32_t> head(1 << kHashBits, -1), prev(kWindow, -1);
  auto hash = [&](std::size_t i) {
    std::uint32_t v = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16);
    return (v * 2654435761u) >> (32 - kHashBits);
  };
  auto insert = [&](std::size_t i) {
    auto h = hash(i);
    prev[i & (kWindow - 1)] = head[h];
    head[h] = std::int32_t(i);
  };
  BitWriter w;
  w.out.push_back(0x78);  // zlib header: deflate, 32K window
  w.out.push_back(0x01);
  std::vector<Symbol> symbols;
  symbols.reserve(kBlockSymbols + 1);
  const std::size_t n = data.size();
  std::size_t i = 0;
  while (i < n) {
    int best = 0, best_dist = 0;
    if (i + kMinMatch <= n) {
      int limit = int(std::min<std::size_t>(kMaxMatch, n - i));
      std::int32_t candidate = head[hash(i)];
      for (int chain = 0; candidate >= 0 && chain < kMaxChain; ++chain) {
        int dist = int(i - std::size_t(candidate));
        if (dist > kWindow - 1 || dist <= 0) break;
        const std::uint8_t* a = &data[i];
        const std::uint8_t* b = &data[std::size_t(candidate)];
        if (b[best] == a[best]) {
          int len = match_length(a, b, limit);
          if (len > best) {
            best = len, best_dist = dist;
            if (len == limit) break;
          }
        }
        std::int32_t next = prev[std::size_t(candidate) & (kWindow - 1)];
        if (next >= candidate) break;
        candidate = next;
      }
    }
    if (best >= kMinMatch) {
      symbols.push_back({std::uint16_t(best), std::uint16_t(best_dist)});
      // Inside a long match (a flat run) only its first and last positions
      // are worth remembering; zlib's fast levels skip them the same way.
      std::size_t end = i + std::size_t(best);
      for (int k = 0; k < best; ++k) {
        if (best > 16 && k == 2) k = best - 2;
        if (i + std::size_t(k) + kMinMatch <= n) insert(i + std::size_t(k));
      }
      i = end;
    } else {
      symbols.push_back({data[i], 0});
      if (i + kMinMatch <= n) insert(i);
      ++i;
    }
    if (symbols.size() >= kBlockSymbols) {
      write_block(w, symbols, false);
      symbols.clear();
    }
  }
  write_block(w, symbols, true);
  w.flush();
  std::uint32_t a = adler32(data);
  for (int shift = 24; shift >= 0; shift -= 8) w.out.push_back(std::uint8_t(a >> shift));
  return std::move(w.out);
}

void put32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(char(v >> shift));
}

void chunk(std::string& out, const char* type, const Bytes& body) {
  put32(out, std::uint32_t(body.size()));
  std::size_t start = out.size();
  out.append(type, 4);
  out.append(reinterpret_cast<const char*>(body.data()), body.size());
  put32(out, crc32(reinterpret_cast<const std::uint8_t*>(out.data() + start), out.size() - start));
}

// Bytewise a - b (mod 256) of eight bytes at once, no borrow between them.
std::uint64_t subtract_bytes(std::uint64_t a, std::uint64_t b) {
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  return ((a | kHigh) - (b & ~kHigh)) ^ ((a ^ ~b) & kHigh);
}

// How many of the eight bytes are zero.
int zero_bytes(std::uint64_t x) {
  constexpr std::uint64_t kLow = 0x7f7f7f7f7f7f7f7full;
  std::uint64_t high = ~(((x & kLow) + kLow) | x | kLow);  // 0x80 where a byte is zero
  return int(((high >> 7) * 0x0101010101010101ull) >> 56);
}

// PNG filters 1 (Sub) and 2 (Up) of one row of 3-byte pixels, eight bytes
// at a time; returns how many bytes each leaves non-zero, the cheap measure
// used to pick one (zeros are what the long flat runs of a map become).
std::pair<std::size_t, std::size_t> filter_row(const std::uint8_t* row, const std::uint8_t* above,
                                               std::uint8_t* sub, std::uint8_t* up, std::size_t n) {
  std::size_t zero_sub = 0, zero_up = 0, i = 0;
  for (; i < 3 && i < n; ++i) {
    sub[i] = row[i];
    up[i] = std::uint8_t(row[i] - above[i]);
    zero_sub += sub[i] == 0, zero_up += up[i] == 0;
  }
  for (; i + 8 <= n; i += 8) {
    std::uint64_t r, left, a;
    std::memcpy(&r, row + i, 8);
    std::memcpy(&left, row + i - 3, 8);
    std::memcpy(&a, above + i, 8);
    std::uint64_t s = subtract_bytes(r, left), u = subtract_bytes(r, a);
    std::memcpy(sub + i, &s, 8);
    std::memcpy(up + i, &u, 8);
    zero_sub += std::size_t(zero_bytes(s)), zero_up += std::size_t(zero_bytes(u));
  }
  for (; i < n; ++i) {
    sub[i] = std::uint8_t(row[i] - row[i - 3]);
    up[i] = std::uint8_t(row[i] - above[i]);
    zero_sub += sub[i] == 0, zero_up += up[i] == 0;
  }
  return {n - zero_sub, n - zero_up};
}

}  // namespace

// Each row is filtered with Sub or Up, whichever leaves fewer non-zero bytes.
std::string encode_png(cairo_surface_t* image) {
  cairo_surface_flush(image);
  const int width = cairo_image_surface_get_width(image);
  const int height = cairo_image_surface_get_height(image);
  const int stride = cairo_image_surface_get_stride(image);
  const unsigned char* pixels = cairo_image_surface_get_data(image);
  const std::size_t row_bytes = std::size_t(width) * 3;
  Bytes raw;
  raw.reserve((row_bytes + 1) * std::size_t(height));
  Bytes row(row_bytes), above(row_bytes, 0), sub(row_bytes), up(row_bytes);
  for (int y = 0; y < height; ++y) {
    const auto* p =
        reinterpret_cast<const std::uint32_t*>(pixels + std::size_t(y) * std::size_t(stride));
    for (int x = 0; x < width; ++x) {
      row[std::size_t(x) * 3] = std::uint8_t(p[x] >> 16);
      row[std::size_t(x) * 3 + 1] = std::uint8_t(p[x] >> 8);
      row[std::size_t(x) * 3 + 2] = std::uint8_t(p[x]);
    }
    auto [cost_sub, cost_up] =
        filter_row(row.data(), above.data(), sub.data(), up.data(), row_bytes);
    bool use_up = y > 0 && cost_up < cost_sub;
    raw.push_back(use_up ? 2 : 1);
    const Bytes& chosen = use_up ? up : sub;
    raw.insert(raw.end(), chosen.begin(), chosen.end());
    std::swap(row, above);
  }
  std::string out("\x89PNG\r\n\x1a\n", 8);
  Bytes header(13, 0);
  for (int i = 0; i < 4; ++i) {
    header[std::size_t(i)] = std::uint8_t(std::uint32_t(width) >> (24 - 8 * i));
    header[std::size_t(4 + i)] = std::uint8_t(std::uint32_t(height) >> (24 - 8 * i));
  }
  header[8] = 8;  // bits per sample
  header[9] = 2;  // truecolour
  chunk(out, "IHDR", header);
  chunk(out, "IDAT", deflate(raw));
  chunk(out, "IEND", {});
  return out;
}

}  // namespace adjutant::render
