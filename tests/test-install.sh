#!/bin/sh
# test-install.sh MESON BUILDDIR PREFIX BINDIR DATADIR MANDIR COMPLETIONSDIR EDITOR(true|false)
# What a packager does: install into a staging folder (DESTDIR), move it elsewhere, and run
# the installed programs from there without GBACW_DATADIR and away from the source tree:
# they find their data below their own prefix, and only there. The installed desktop
# file, metainfo, MIME type, manual pages and bash completion pass their tools' checks.
set -u
meson=$1 build=$2 prefix=$3 bindir=$4 datadir=$5 mandir=$6 completionsdir=$7 editor=$8
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
unset GBACW_DATADIR GSETTINGS_SCHEMA_DIR GBACW_LOCALEDIR
case $bindir in /*) ;; *) bindir=$prefix/$bindir ;; esac
case $datadir in /*) ;; *) datadir=$prefix/$datadir ;; esac
case $mandir in /*) ;; *) mandir=$prefix/$mandir ;; esac

"$meson" install -C "$build" --no-rebuild --quiet --destdir "$tmp/stage" > "$tmp/install.txt" 2>&1 ||
  { cat "$tmp/install.txt"; echo "FAIL: meson install"; exit 1; }
# the staging folder moved: the programs must follow their own location
mv "$tmp/stage" "$tmp/moved"
root=$tmp/moved
bin=$root$bindir
data=$root$datadir/gbacw
cd / || exit 1

"$bin/gbacw" --version | grep -q '^gbacw [0-9]' || fail "installed gbacw --version"
"$bin/gbacw" info "$data/scenarios/demo.xml" > "$tmp/info.txt" 2>&1 || fail "installed gbacw info of the installed demo: $(cat "$tmp/info.txt")"
grep -q '^Title: ' "$tmp/info.txt" || fail "installed gbacw info printed no title"
"$bin/gbacw" generate --size 6x5 --units 8 "$tmp/generated.xml" 2>"$tmp/err.txt" ||
  fail "installed gbacw generate (the demo as the default template): $(cat "$tmp/err.txt")"
"$bin/gbacw" check "$tmp/generated.xml" --format json > /dev/null 2>"$tmp/err.txt"
[ $? -le 1 ] || fail "installed gbacw check: $(cat "$tmp/err.txt")"

# the German catalogue, below its own prefix (C.UTF-8: LANGUAGE is ignored under C)
LANGUAGE=de LC_ALL=C.UTF-8 "$bin/gbacw" --help > "$tmp/de.txt" 2>&1
grep -qF 'Aufruf: gbacw BEFEHL' "$tmp/de.txt" || fail "the installed gbacw is not German under LANGUAGE=de: $(head -3 "$tmp/de.txt")"

# only its own prefix: without the installed schema and demo nothing else is used
mv "$data/gbacw-scenario.rng" "$tmp/rng"
"$bin/gbacw" info "$tmp/generated.xml" > /dev/null 2>"$tmp/err.txt" && fail "gbacw found a schema outside its prefix"
grep -q "$data/gbacw-scenario.rng" "$tmp/err.txt" || fail "the missing schema's message does not name $data: $(cat "$tmp/err.txt")"
mv "$tmp/rng" "$data/gbacw-scenario.rng"
mv "$data/scenarios/demo.xml" "$tmp/demo.xml"
"$bin/gbacw" generate --size 4x4 --units 4 "$tmp/g2.xml" 2>/dev/null && fail "gbacw found a demo scenario outside its prefix"
mv "$tmp/demo.xml" "$data/scenarios/demo.xml"
# GBACW_DATADIR still overrides it (an uninstalled build's data)
GBACW_DATADIR=$tmp/nowhere "$bin/gbacw" generate --size 4x4 --units 4 "$tmp/g3.xml" 2>/dev/null &&
  fail "GBACW_DATADIR did not override the installed data"

# manual pages
for page in gbacw ${editor:+gbacw-editor}; do
  [ "$page" = gbacw-editor ] && [ "$editor" != true ] && continue
  MANWIDTH=80 man -l "$root$mandir/man1/$page.1" > "$tmp/man.txt" 2>"$tmp/err.txt" || fail "man -l $page.1: $(cat "$tmp/err.txt")"
  grep -q "$datadir/gbacw" "$tmp/man.txt" || fail "$page.1 does not name the installed data folder $datadir/gbacw"
done

# bash completion, where bash-completion looks for it
completion=$root$completionsdir/gbacw
[ -f "$completion" ] || fail "no $completionsdir/gbacw"
[ "$(bash -c ". '$completion'; complete -p gbacw")" = "complete -F _gbacw gbacw" ] || fail "the completion does not complete gbacw"

# the MIME type: root-XML, and magic for readers that sniff bytes
if command -v update-mime-database > /dev/null; then
  update-mime-database "$root$datadir/mime" 2>"$tmp/err.txt" || fail "update-mime-database: $(cat "$tmp/err.txt")"
  grep -qx 'urn:gbacw:scenario scenario application/x-gbacw-scenario' "$root$datadir/mime/XMLnamespaces" ||
    fail "no root-XML rule in XMLnamespaces"
  if command -v gio > /dev/null; then
    type_of () { XDG_DATA_HOME=$tmp/nohome XDG_DATA_DIRS=$root$datadir:/usr/share gio info -a standard::content-type "$1" | sed -n 's/.*standard::content-type: //p'; }
    [ "$(type_of "$data/scenarios/demo.xml")" = application/x-gbacw-scenario ] ||
      fail "the demo scenario's type is $(type_of "$data/scenarios/demo.xml")"
    [ "$(type_of "$data/charts/standard.xml")" = application/xml ] ||
      fail "a chart library's type is $(type_of "$data/charts/standard.xml"), not application/xml"
  fi
fi

if [ "$editor" = true ]; then
  "$bin/gbacw-editor" --version | grep -q '^gbacw-editor [0-9]' || fail "installed gbacw-editor --version"
  desktop=$root$datadir/applications/org.gbacw.Editor.desktop
  grep -qx 'MimeType=application/x-gbacw-scenario;' "$desktop" || fail "no MimeType= in the desktop file"
  LANGUAGE=de LC_ALL=C.UTF-8 "$bin/gbacw-editor" --help > "$tmp/de.txt" 2>&1
  grep -qF 'Die Version ausgeben und beenden' "$tmp/de.txt" ||
    fail "the installed gbacw-editor is not German under LANGUAGE=de: $(head -5 "$tmp/de.txt")"
  grep -qx 'Name\[de\]=GBACW-Editor' "$desktop" || fail "the desktop file has no German name"
  if command -v desktop-file-validate > /dev/null; then
    desktop-file-validate "$desktop" || fail "desktop-file-validate"
  fi
  metainfo=$root$datadir/metainfo/org.gbacw.Editor.metainfo.xml
  grep -q 'xml:lang="de"' "$metainfo" || fail "the metainfo has no German text"
  if command -v appstream-util > /dev/null; then
    appstream-util validate-relax --nonet "$metainfo" > "$tmp/err.txt" 2>&1 || fail "appstream-util: $(cat "$tmp/err.txt")"
  fi
  if command -v appstreamcli > /dev/null; then
    appstreamcli validate --no-net "$metainfo" > "$tmp/err.txt" 2>&1 || fail "appstreamcli: $(cat "$tmp/err.txt")"
  fi
  [ "$(readlink "$root$completionsdir/gbacw-editor")" = gbacw ] || fail "no gbacw-editor completion"
fi

[ "$failures" = 0 ] && echo "installed into a moved DESTDIR: all checks passed"
exit "$failures"
