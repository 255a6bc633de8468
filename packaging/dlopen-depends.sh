#!/bin/sh
# The Depends of the libraries adjutant loads at run time with dlopen
# (libcurl for mail, cairo and FreeType for maps), which dpkg-shlibdeps cannot
# see in the program's links: a probe program that calls every function the
# program looks up in them (their names are in its strings, as are the
# libraries' sonames) is linked against them and read by dpkg-shlibdeps.
# usage: dlopen-depends.sh ADJUTANT   prints "libcairo2 (>= ...), ..."
set -eu
binary=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strings -n 4 "$binary" | sort -u > "$work/strings"
: > "$work/libs"
: > "$work/exported"
# The sonames it names but does not link (those dpkg-shlibdeps sees).
readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u > "$work/needed"
grep -E '^lib[A-Za-z0-9_+-]+\.so\.[0-9]+$' "$work/strings" | comm -23 - "$work/needed" > "$work/loaded"
for soname in $(cat "$work/loaded"); do
  path=$(/sbin/ldconfig -p | awk -v s="$soname" '$1 == s && /x86-64|x32|64/ { print $NF; exit }')
  [ -n "$path" ] || path=$(/sbin/ldconfig -p | awk -v s="$soname" '$1 == s { print $NF; exit }')
  [ -n "$path" ] || { echo "dlopen-depends.sh: $soname is not installed" >&2; exit 1; }
  echo "$path" >> "$work/libs"
  nm -D --defined-only "$path" | awk '{ sub(/@.*/, "", $NF); print $NF }' >> "$work/exported"
done
sort -u "$work/exported" -o "$work/exported"
comm -12 "$work/strings" "$work/exported" > "$work/functions"
[ -s "$work/functions" ] || { echo "dlopen-depends.sh: no function of a loaded library found" >&2; exit 1; }
{
  sed 's/.*/extern void &(void);/' "$work/functions"
  echo 'void (*const used[])(void) = {'
  sed 's/.*/  &,/' "$work/functions"
  echo '};'
  echo 'int main(void) { return used[0] == 0; }'
} > "$work/probe.c"
${CC:-cc} -o "$work/probe" "$work/probe.c" $(cat "$work/libs")
mkdir -p "$work/debian"
printf 'Source: probe\n\nPackage: probe\nArchitecture: any\n' > "$work/debian/control"
if ! (cd "$work" && dpkg-shlibdeps -O probe) > "$work/depends" 2> "$work/errors"; then
  cat "$work/errors" >&2
  exit 1
fi
# Only the loaded libraries' packages: the probe's own C library is not ours to state.
sed -n 's/^shlibs:Depends=//p' "$work/depends" | tr ',' '\n' | sed 's/^ *//' | grep -v '^libc6' |
  paste -sd, | sed 's/,/, /g'
