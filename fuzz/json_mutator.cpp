#include "json_mutator.h"

#include <cstdint>
#include <cstring>
#include <iterator>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace adjutant::fuzz {

using ledger::Json;

namespace {

void collect(Json& j, std::vector<Json*>& out) {
  out.push_back(&j);
  if (j.is_structured())
    for (auto& [name, value] : j.items()) collect(value, out);
}

const Json& boundary_value(std::mt19937& rng) {
  static const Json kValues[] = {0,
                                 1,
                                 -1,
                                 2,
                                 6,
                                 99,
                                 100,
                                 255,
                                 256,
                                 65536,
                                 2147483647LL,
                                 -2147483648LL,
                                 2147483648LL,
                                 4294967296LL,
                                 9007199254740993LL,
                                 -9223372036854775807LL - 1,
                                 18446744073709551615ULL,
                                 1e300,
                                 -1e300,
                                 0.5,
                                 -0.0,
                                 nullptr,
                                 true,
                                 false,
                                 "",
                                 "0000",
                                 "0101",
                                 "9999",
                                 "umpire",
                                 Json::array(),
                                 Json::object()};
  return kValues[rng() % std::size(kValues)];
}

}  // namespace

std::string mutate_bytes(std::string s, std::size_t room) {
  const std::size_t size = s.size();
  s.resize(size + room);
  s.resize(LLVMFuzzerMutate(reinterpret_cast<std::uint8_t*>(s.data()), size, s.size()));
  return s;
}

void mutate_json(Json& root, std::mt19937& rng) {
  std::vector<Json*> all;
  collect(root, all);
  Json& v = *all[rng() % all.size()];
  switch (rng() % 6) {
    case 0:
      v = boundary_value(rng);
      return;
    case 1:  // a value from elsewhere in the document
      v = Json(*all[rng() % all.size()]);
      return;
    case 2:
      if (v.is_number_integer()) {
        const auto n = v.get<std::int64_t>();
        v = n > INT64_MIN && n < INT64_MAX ? n + (rng() % 2 ? 1 : -1) : 0;
        return;
      }
      if (v.is_string()) {
        v = mutate_bytes(v.get<std::string>(), 16);
        return;
      }
      [[fallthrough]];
    case 3:  // drop a member or an element
      if (v.is_object() && !v.empty()) {
        auto it = v.begin();
        std::advance(it, rng() % v.size());
        v.erase(it);
        return;
      }
      if (v.is_array() && !v.empty()) {
        v.erase(v.begin() + long(rng() % v.size()));
        return;
      }
      [[fallthrough]];
    case 4:  // repeat an element, or add a member under a name from elsewhere
      if (v.is_array() && !v.empty()) {
        v.push_back(Json(v[rng() % v.size()]));
        return;
      }
      if (v.is_object()) {
        const Json& name = *all[rng() % all.size()];
        v[name.is_string() ? name.get<std::string>() : "x"] = boundary_value(rng);
        return;
      }
      [[fallthrough]];
    default:
      if (v.is_string())
        v = mutate_bytes(v.get<std::string>(), 16);
      else
        v = boundary_value(rng);
  }
}

std::size_t mutate_json_text(std::uint8_t* data, std::size_t size, std::size_t max_size,
                             unsigned int seed) {
  std::mt19937 rng(seed);
  if (rng() % 4 == 0) return LLVMFuzzerMutate(data, size, max_size);
  Json j = Json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return LLVMFuzzerMutate(data, size, max_size);
  for (unsigned n = 1 + rng() % 3; n > 0; --n) mutate_json(j, rng);
  const std::string out = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

}  // namespace adjutant::fuzz
