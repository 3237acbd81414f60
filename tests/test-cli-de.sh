#!/bin/sh
# test-cli-de.sh GBACW LOCALEDIR: gbacw speaks German under LANGUAGE=de with the catalogue
# built from po/de.po (LOCALEDIR/de/LC_MESSAGES/gbacw.mo): its usage, a command's error, a
# count with its plural form; and English again without LANGUAGE.
set -u
gbacw=$1
export GBACW_LOCALEDIR=$2
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data folder}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
n=0

# LANGUAGE is ignored under the C locale: use a German locale where one is generated,
# else C.UTF-8 (built into glibc), under which LANGUAGE=de still picks the catalogue.
if locale -a 2>/dev/null | grep -qix 'de_DE.utf-\{0,1\}8'; then loc=de_DE.UTF-8; else loc=C.UTF-8; fi
unset LANG LC_MESSAGES

run () { # run EXPECTED_STATUS LANGUAGE COMMAND...: stdout and stderr in $tmp/out
  expected=$1 language=$2
  shift 2
  n=$((n + 1))
  if [ -n "$language" ]; then
    LANGUAGE=$language LC_ALL=$loc "$@" >"$tmp/out" 2>&1
  else
    (unset LANGUAGE; LC_ALL=$loc "$@") >"$tmp/out" 2>&1
  fi
  status=$?
  if [ "$status" -ne "$expected" ]; then
    echo "not ok $n - $*: exit $status, expected $expected"; sed 's/^/# /' "$tmp/out"
    failures=$((failures + 1))
  else
    echo "ok $n - $* (LANGUAGE=$language, LC_ALL=$loc)"
  fi
}

expect () { # expect NAME PATTERN: $tmp/out has the fixed string PATTERN
  n=$((n + 1))
  if grep -qF -- "$2" "$tmp/out"; then echo "ok $n - $1"; else
    echo "not ok $n - $1: no '$2' in"; sed 's/^/# /' "$tmp/out"; failures=$((failures + 1)); fi
}

run 0 de "$gbacw" --help
expect "the usage in German" "Aufruf: gbacw BEFEHL [OPTIONEN] ARGUMENTE"
expect "the commands' summaries in German" "Ein Szenario gegen die Regeln prüfen (Exitcode 1 bei Fehlern)"
expect "the closing hint in German" "Mit „gbacw BEFEHL --help“ erhalten Sie die Optionen eines Befehls."

run 2 de "$gbacw" frobnicate
expect "an unknown command in German" "gbacw: unbekannter Befehl „frobnicate“"

run 1 de "$gbacw" check "$tmp/nowhere.xml"
expect "a missing file's error in German" "die Datei kann nicht geöffnet werden"

run 0 de "$gbacw" info "$data/scenarios/demo.xml"
expect "info's labels in German" "Spielrunden: "
expect "a count with its German plural form" " Einheiten, "
expect "the map's hexes in German" "Karte: "

run 0 "" "$gbacw" --help
expect "English without LANGUAGE" "Usage: gbacw COMMAND [OPTIONS] ARGS"

echo "1..$n"
[ "$failures" -eq 0 ]
