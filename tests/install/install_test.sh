#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then use the installed copy as a user would: files in
# their standard places, valid desktop entry and AppStream metainfo, and a fair-regression preset run
# from / by the installed dpwlab-cli, which must find the installed data set by itself.
# usage: install_test.sh BUILD_DIR
set -euo pipefail
build="$1"
prefix="$(mktemp -d)"; out="$(mktemp -d)"
trap 'rm -rf "$prefix" "$out"' EXIT
cmake --install "$build" --prefix "$prefix" --component app >/dev/null
fail() { echo "install_test: $*" >&2; exit 1; }
for f in bin/dpwlab bin/dpwlab-cli \
         share/dpwlab/data/bar_pass_prediction.csv share/dpwlab/data/communities.data \
         share/dpwlab/data/communities.names share/dpwlab/data/PROVENANCE.md \
         share/dpwlab/scenarios/default.json share/dpwlab/scenarios/fair-regression-law.json \
         share/applications/org.dpwlab.DPWLab.desktop share/metainfo/org.dpwlab.DPWLab.metainfo.xml \
         share/icons/hicolor/scalable/apps/org.dpwlab.DPWLab.svg share/man/man1/dpwlab.1.gz share/man/man1/dpwlab-cli.1.gz \
         share/doc/dpwlab/README.md; do
  [[ -e "$prefix/$f" ]] || fail "missing $f"
done
# The licence: LICENSE, or in a tree configured for /usr (a package build) the Debian copyright file.
[[ -e "$prefix/share/doc/dpwlab/LICENSE" || -e "$prefix/share/doc/dpwlab/copyright" ]] || fail "missing share/doc/dpwlab/LICENSE"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$prefix/share/applications/org.dpwlab.DPWLab.desktop" || fail "desktop entry invalid"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$prefix/share/metainfo/org.dpwlab.DPWLab.metainfo.xml" >/dev/null \
    || fail "metainfo invalid"
fi
# From /, with no hint where the data are: the installed program finds <prefix>/share/dpwlab/data.
(cd / && env -u DPW_DATA_DIR "$prefix/bin/dpwlab-cli" run "$prefix/share/dpwlab/scenarios/fair-regression-law.json" \
   --out "$out" --no-png >"$out/stdout.json") || fail "installed dpwlab-cli could not run the Law School preset from /"
grep -q '"fair_eps_inf_mse_mean"' "$out/summary.json" || fail "summary.json lacks the table metrics"
# The installed dpwlab-cli finds its installed export plugin (<libdir>/dpwlab, relative to bin/) and draws.
plugin="$(find "$prefix" -path '*/dpwlab/libdpwlab-export.so' | head -n 1)"
[[ -n "$plugin" ]] || fail "no export plugin libdpwlab-export.so installed"
(cd / && "$prefix/bin/dpwlab-cli" run default --out "$out/default" >/dev/null 2>"$out/default.err") \
  || fail "installed dpwlab-cli could not run the default scenario: $(cat "$out/default.err")"
[[ -s "$out/default/projections.png" ]] || fail "installed dpwlab-cli drew no PNG: $(cat "$out/default.err")"
# Its man page has the sections a reader looks for.
page="$(gzip -dc "$prefix/share/man/man1/dpwlab-cli.1.gz")"
for section in EXAMPLES ENVIRONMENT FILES "EXIT STATUS" "SEE ALSO"; do
  grep -q "^\.SH \"\?$section\"\?\$" <<<"$page" || fail "dpwlab-cli.1 lacks the section $section"
done
echo "install_test: installed into $prefix; preset ran from /; plugin ${plugin#$prefix/} drew the PNGs"
