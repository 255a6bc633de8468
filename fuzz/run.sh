#!/usr/bin/env bash
# Runs each libFuzzer harness for SECONDS from its seed corpus (`make fuzz`).
# usage: fuzz/run.sh BUILD_DIR SECONDS [harness ...]   (default: all of them)
# New corpus entries go to BUILD_DIR/corpus/<harness>/, inputs that fail to
# BUILD_DIR/findings/<harness>/, logs to BUILD_DIR/logs/<harness>.log.
# Extra libFuzzer flags come from FUZZ_ARGS, e.g. FUZZ_ARGS="-fork=1
# -ignore_crashes=1" to go on past findings and collect them all.
# Exit 1 when any harness reports a finding.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [harness ...]}
seconds=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [harness ...]}
shift 2
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(json envelope orders scenario verify mime text intake)

# Longest input per harness: a sample log is about 15 kB, a scenario 10 kB.
declare -A max_len=([json]=4096 [envelope]=8192 [orders]=4096 [scenario]=24576
                    [verify]=49152 [mime]=16384 [text]=4096 [intake]=32768)

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$build/logs"
status=0
summary=()
for h in "${harnesses[@]}"; do
  bin="$build/fuzz_$h"
  [ -x "$bin" ] || { echo "fuzz: $bin is not built" >&2; exit 2; }
  mkdir -p "$build/corpus/$h" "$build/findings/$h"
  args=("$build/corpus/$h" "fuzz/corpus/$h"
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048
        -max_len="${max_len[$h]:-4096}" -print_final_stats=1
        -artifact_prefix="$build/findings/$h/" ${FUZZ_ARGS:-})
  [ -f "fuzz/dict/$h.dict" ] && args+=(-dict="fuzz/dict/$h.dict")
  echo "== fuzz_$h for ${seconds}s"
  touch "$build/logs/$h.start"
  "$bin" "${args[@]}" >"$build/logs/$h.log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/logs/$h.log" | tail -1)
  [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$build/logs/$h.log" | tail -1 | tr -d '#')
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$build/logs/$h.log" | tail -1)
  found=$(find "$build/findings/$h" -type f -newer "$build/logs/$h.start" | wc -l)
  if [ $rc -eq 0 ] && [ "$found" -eq 0 ]; then
    result="no finding"
  else
    status=1
    result="FINDING (exit $rc, $found inputs): see $build/logs/$h.log and $build/findings/$h/"
    grep -E '==FINDING==|ERROR: (AddressSanitizer|libFuzzer)|runtime error' "$build/logs/$h.log" | head -3
  fi
  summary+=("$(printf '%-9s %10s runs  %-32s %s' "$h" "${runs:-?}" "${cov:-?}" "$result")")
done
echo
printf '%s\n' "${summary[@]}"
exit $status
