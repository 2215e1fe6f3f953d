#!/usr/bin/env bash
# The three Debian packages (dpwlab, python3-dpwlab, libdpwlab-dev) built by cpack from one portable
# build, checked as Debian checks them: lintian must report no error and no warning (overrides need a
# written reason, see packaging/debian/), and dpkg-deb must show the expected files, control fields and
# dependencies. Nothing is installed on this machine (no dpkg -i).
# Packages need a portable build configured for /usr: the test tree BUILD_DIR is used as it is when it is
# one; otherwise (a -march=native tree, the default) the test keeps its own in BUILD_DIR/package-deb,
# configured without tests and benchmarks, and builds only what the packages hold (ccache makes a rebuild
# cheap). Exits 77 (ctest: skipped) with the reason where lintian, dpkg-deb or help2man are missing.
# scripts/test.sh builds that tree before the suite (--build-only): cold (232 of the 384 files of a full
# build), it outlasted this test's 900 s while the rest of the suite shared the two cores (CI, 2026-11-29).
# usage: deb_lintian_test.sh [--build-only] BUILD_DIR SOURCE_DIR
set -uo pipefail
build_only=0; if [[ "${1:-}" == --build-only ]]; then build_only=1; shift; fi
build="$(realpath "$1")"; src="$(realpath "$2")"
skip() {
  if ((build_only)); then echo "deb_lintian_test: no package tree built: $*"; exit 0; fi
  echo "SKIP package.deb_lintian: $*"; exit 77
}
fail() { echo "deb_lintian_test: FAIL: $*" >&2; exit 1; }

for tool in lintian dpkg-deb dpkg-shlibdeps help2man cpack file; do
  command -v "$tool" >/dev/null || skip "$tool not installed (scripts/install-deps.sh installs lintian, dpkg-dev, help2man)"
done

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$2/CMakeCache.txt"; }
version="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")"
[[ -n "$version" ]] || fail "no project version in $build/CMakeCache.txt"
deb_version="$version-1"

# --- the portable build --------------------------------------------------------------------------------
if [[ "$(cache_value DPW_NATIVE "$build")" == OFF && "$(cache_value CMAKE_INSTALL_PREFIX "$build")" == /usr ]]; then
  pkg_build="$build"
  targets=(dpwlab dpwlab-cli dpwlab-export dpwlab_module dpw_engine dpw_man_pages dpw_deb_changelog)
else
  pkg_build="$build/package-deb"
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  echo "deb_lintian_test: portable build in $pkg_build"
  cmake -S "$src" -B "$pkg_build" -DCMAKE_BUILD_TYPE=Release -DDPW_NATIVE=OFF -DCMAKE_INSTALL_PREFIX=/usr \
        -DDPW_BUILD_TESTS=OFF -DDPW_BUILD_BENCH=OFF -DDPW_BUILD_PYTHON=ON "${launcher[@]}" >"$build/package-deb.log" 2>&1 \
    || { tail -30 "$build/package-deb.log"; fail "cannot configure the portable build"; }
  targets=(all)  # without tests and benchmarks, all is what the packages hold
fi
jobs="$(nproc 2>/dev/null || echo 2)"
cmake --build "$pkg_build" -j"$jobs" --target "${targets[@]}" >>"$build/package-deb.log" 2>&1 \
  || { tail -40 "$build/package-deb.log"; fail "the portable build failed (log: $build/package-deb.log)"; }
((build_only)) && exit 0

# --- the packages --------------------------------------------------------------------------------------
out="$(mktemp -d /tmp/dpwlab-deb.XXXXXX)"
trap 'rm -rf "$out"' EXIT
(cd "$pkg_build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1) || { cat "$out/cpack.log"; fail "cpack failed"; }
app="$out/dpwlab_${deb_version}_amd64.deb"
py="$out/python3-dpwlab_${deb_version}_amd64.deb"
dev="$out/libdpwlab-dev_${deb_version}_amd64.deb"
for deb in "$app" "$py" "$dev"; do [[ -f "$deb" ]] || { ls -l "$out"; fail "cpack made no $(basename "$deb")"; }; done
(( $(ls "$out"/*.deb | wc -l) == 3 )) || { ls "$out"; fail "expected exactly three packages"; }

# --- lintian: no error, no warning -----------------------------------------------------------------------
lintian --display-info --tag-display-limit 0 "$app" "$py" "$dev" >"$out/lintian.txt" 2>&1
lintian_rc=$?
echo "--- lintian $(lintian --version | sed 's/^Lintian v//') on the three packages (E: error, W: warning, I: info):"
cat "$out/lintian.txt"
echo "--- end of lintian output"
if grep -qE '^[EW]: ' "$out/lintian.txt"; then fail "lintian reports errors or warnings (above)"; fi
# Exit 1 with no E:/W: line would be an override or tag display problem: show it, do not hide it.
((lintian_rc == 0)) || fail "lintian exited $lintian_rc"

# --- contents and control fields ------------------------------------------------------------------------
has() {  # has DEB PATH...: every PATH (as dpkg-deb -c prints it, without the leading ".") is in DEB
  local deb="$1"; shift
  local list; list="$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\.||')"
  for f in "$@"; do grep -qxF "$f" <<<"$list" || fail "$(basename "$deb") lacks $f"; done
}
paths() { dpkg-deb -c "$1" | awk '{print $6}'; }  # the paths in DEB, as dpkg-deb -c prints them
# Listings are kept in variables before grep -q reads them: grep -q (or head) closing a pipe early kills
# its writer with SIGPIPE, which pipefail turns into a failed test or, in an `if`, a hidden match.
lacks() {  # lacks DEB REGEX: no path in DEB matches REGEX
  local list; list="$(paths "$1")"
  if grep -qE "$2" <<<"$list"; then
    fail "$(basename "$1") holds $(grep -E "$2" <<<"$list" | sed -n 1,3p | tr '\n' ' ')"
  fi
}
field() { dpkg-deb -f "$1" "$2"; }
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)"
for pair in "dpwlab:$app" "python3-dpwlab:$py" "libdpwlab-dev:$dev"; do
  name="${pair%%:*}"; deb="${pair#*:}"
  [[ "$(field "$deb" Package)" == "$name" ]] || fail "$(basename "$deb") is package '$(field "$deb" Package)'"
  [[ "$(field "$deb" Version)" == "$deb_version" ]] || fail "$name has version '$(field "$deb" Version)'"
  [[ "$(field "$deb" Maintainer)" == "DPW Lab maintainers <maintainers@dpwlab.org>" ]] \
    || fail "$name has maintainer '$(field "$deb" Maintainer)'"
  has "$deb" "/usr/share/doc/$name/copyright" "/usr/share/doc/$name/changelog.Debian.gz"
  # The copyright file is the DEP-5 one, the changelog's first entry is this version.
  # (Extracted whole first: `head` closing a pipe early would fail the pipeline under pipefail.)
  dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/share/doc/$name/copyright" >"$out/$name.copyright"
  [[ "$(sed -n 1p "$out/$name.copyright")" == 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ]] \
    || fail "$name: copyright is not DEP-5"
  dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/share/doc/$name/changelog.Debian.gz" | gzip -dc >"$out/$name.changelog"
  grep -q "^dpwlab ($deb_version) " <(sed -n 1p "$out/$name.changelog") \
    || fail "$name: changelog.Debian.gz does not start with $deb_version"
  lacks "$deb" '^\./usr/share/doc/DPWLab'
  # A lintian override only with its reason: a comment right above every overridden tag.
  if grep -qxF "./usr/share/lintian/overrides/$name" <<<"$(paths "$deb")"; then
    dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/share/lintian/overrides/$name" \
      | awk 'NF && !/^#/ && prev !~ /^#/ { print "override without a reason: " $0; bad = 1 } { prev = $0 } END { exit bad }' \
      || fail "$name: a lintian override has no written reason"
  fi
  # Descriptions: synopsis within 80 characters, extended lines wrapped.
  desc="$(field "$deb" Description)"
  (( ${#desc} > 0 )) || fail "$name has no description"
  awk -v n="$name" 'length > 80 { print n ": description line over 80 characters: " $0; bad = 1 } END { exit bad }' \
    <<<"$desc" || fail "$name: description lines over 80 characters"
done

has "$app" /usr/bin/dpwlab /usr/bin/dpwlab-cli /usr/share/man/man1/dpwlab.1.gz /usr/share/man/man1/dpwlab-cli.1.gz \
    /usr/share/dpwlab/scenarios/default.json /usr/share/dpwlab/scenarios/fair-regression-law.json \
    /usr/share/dpwlab/data/bar_pass_prediction.csv /usr/share/dpwlab/data/communities.data \
    /usr/share/applications/org.dpwlab.DPWLab.desktop /usr/share/metainfo/org.dpwlab.DPWLab.metainfo.xml \
    /usr/share/icons/hicolor/scalable/apps/org.dpwlab.DPWLab.svg /usr/share/doc/dpwlab/README.md \
    "/usr/lib/$multiarch/dpwlab/libdpwlab-export.so"
# Under /usr/lib only dpwlab-cli's private export plugin (app/common/export_plugin.h) and lintian's overrides.
lacks "$app" "^\./usr/include/|^\./usr/lib/[^/]+/[^/]+$|^\./usr/lib/[^/]+/(cmake|pkgconfig)/"
has "$py" /usr/lib/python3/dist-packages/dpwlab/__init__.py
grep -qE '^\./usr/lib/python3/dist-packages/dpwlab/_dpwlab\.cpython-[0-9]+-[^/]*\.so$' <<<"$(paths "$py")" \
  || fail "python3-dpwlab lacks the extension _dpwlab.cpython-*.so in /usr/lib/python3/dist-packages/dpwlab"
lacks "$py" '^\./usr/(bin|include|share/dpwlab)/|python3\.[0-9]+/'
has "$dev" /usr/include/dpw/ot/sliced_wasserstein.h /usr/include/dpw/core/build_info.h \
    "/usr/lib/$multiarch/libdpw_engine.a" "/usr/lib/$multiarch/cmake/DPWEngine/DPWEngineConfig.cmake" \
    "/usr/lib/$multiarch/cmake/DPWEngine/DPWEngineTargets.cmake"
lacks "$dev" '^\./usr/bin/|dist-packages'

# Dependencies: the Python module on this Python X.Y and numpy; the app on its libraries (dpkg-shlibdeps);
# the development files on what find_package(DPWEngine) finds.
depends_py="$(field "$py" Depends)"
for d in 'python3 (>= 3.' 'python3 (<< 3.' 'python3-numpy' 'libc6'; do
  [[ "$depends_py" == *"$d"* ]] || fail "python3-dpwlab Depends lacks '$d': $depends_py"
done
depends_app="$(field "$app" Depends)"
for d in libqt6widgets6 libqt6charts6 libgomp1 libc6; do
  [[ "$depends_app" == *"$d"* ]] || fail "dpwlab Depends lacks '$d': $depends_app"
done
depends_dev="$(field "$dev" Depends)"
for d in libeigen3-dev coinor-libclp-dev zlib1g-dev; do
  [[ "$depends_dev" == *"$d"* ]] || fail "libdpwlab-dev Depends lacks '$d': $depends_dev"
done
[[ "$(field "$app" Section)" == science && "$(field "$py" Section)" == python && "$(field "$dev" Section)" == libdevel ]] \
  || fail "sections: $(field "$app" Section) $(field "$py" Section) $(field "$dev" Section)"

# Packaged programs are the portable build, and their man pages were made from them: the page of
# dpwlab-cli names the version and every command of `dpwlab-cli --help`.
mkdir -p "$out/app" && dpkg-deb -x "$app" "$out/app"
# (then the commit the build was made from and its state, or "unknown" outside a git checkout)
grep -qxE "dpwlab-cli $version \(portable\) commit ([0-9a-f]{40} (clean|dirty)|unknown unknown)" \
  <<<"$("$out/app/usr/bin/dpwlab-cli" --version)" \
  || fail "packaged dpwlab-cli --version: $("$out/app/usr/bin/dpwlab-cli" --version)"
kind="$(file -L "$out/app/usr/bin/dpwlab-cli")"
grep -q 'stripped' <<<"$kind" && ! grep -q 'not stripped' <<<"$kind" \
  || fail "dpwlab-cli is not stripped: $(file -L "$out/app/usr/bin/dpwlab-cli")"
page="$(gzip -dc "$out/app/usr/share/man/man1/dpwlab-cli.1.gz")"
grep -q "dpwlab-cli $version" <<<"$page" || fail "dpwlab-cli.1 does not name version $version"
commands="$("$out/app/usr/bin/dpwlab-cli" --help | sed -n '/^subcommands:/I,$p' | awk 'NR > 1 && !NF {exit} NR > 1 && /^  [a-z]/ {print $1}')"
[[ -n "$commands" ]] || fail "no commands in dpwlab-cli --help"
for c in $commands; do grep -q "^\.SS \"$c\"" <<<"$page" || fail "dpwlab-cli.1 lacks the command $c"; done
for section in EXAMPLES ENVIRONMENT FILES "EXIT STATUS" "SEE ALSO"; do
  grep -q "^\.SH \"\?$section\"\?\$" <<<"$page" || fail "dpwlab-cli.1 lacks the section $section"
done
# The compute-node program: no Qt Gui, EGL, X11 or FFmpeg; its pictures come from the packaged plugin,
# found relative to the program (here in the extracted tree, as under /usr).
if ldd "$out/app/usr/bin/dpwlab-cli" | grep -E 'libQt6Gui|libEGL|libX11|libavcodec|libavformat'; then
  fail "the packaged dpwlab-cli links GUI or FFmpeg libraries (above)"
fi
"$out/app/usr/bin/dpwlab-cli" run default --out "$out/run" >/dev/null 2>"$out/run.err" && [[ -s "$out/run/projections.png" ]] \
  || fail "the packaged dpwlab-cli drew no PNG through its plugin: $(cat "$out/run.err")"
grep -qF -- '\-\-screenshot' <<<"$(gzip -dc "$out/app/usr/share/man/man1/dpwlab.1.gz")" || fail "dpwlab.1 lacks the option --screenshot"

echo "deb_lintian_test: dpwlab, python3-dpwlab, libdpwlab-dev $deb_version: lintian clean; contents and Depends as expected"
echo "  commands in dpwlab-cli.1: $(echo $commands)"
