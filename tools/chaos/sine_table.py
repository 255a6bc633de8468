#!/usr/bin/python3
"""Prints the fixed-point sine table of src/rules/chaos/bearing.cpp.

kSine[d] = round(sin(d degrees) * 65536) for d = 0..90. The table is
generated once and committed; the rules never compute a sine at run time.
tests/unit/rules_chaos_geometry_test.cpp checks the committed table against
the same values.
"""
import math

values = [int(math.floor(math.sin(math.radians(d)) * 65536 + 0.5)) for d in range(91)]
rows = [", ".join(str(v) for v in values[i:i + 10]) for i in range(0, 91, 10)]
print("constexpr std::array<std::int32_t, 91> kSine = {\n    " + ",\n    ".join(rows) + "};")
