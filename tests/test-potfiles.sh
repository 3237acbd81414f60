#!/bin/sh
# test-potfiles.sh SRCDIR: po/POTFILES.in is sorted and lists every source file
# with a translatable string (_() or N_() in C, translatable="yes" in .ui, the desktop file, metainfo and settings schema).
set -u
cd "$1" || exit 1
expected=$(
  { grep -lE '(^|[^A-Za-z0-9_])(N?_|g_dngettext ?)\(' $(find model render editor cli engine rules-check -name '*.c') 2>/dev/null
    grep -l 'translatable="yes"' $(find editor -name '*.ui') 2>/dev/null
    ls data/*.desktop.in data/*.metainfo.xml.in data/*.gschema.xml 2>/dev/null; } | LC_ALL=C sort -u)
listed=$(grep -v '^#' po/POTFILES.in | grep -v '^$')
status=0
if [ "$listed" != "$(printf '%s\n' "$listed" | LC_ALL=C sort)" ]; then
  echo "po/POTFILES.in is not sorted"; status=1
fi
missing=$(printf '%s\n' "$expected" | while read -r f; do printf '%s\n' "$listed" | grep -qx "$f" || echo "$f"; done)
stale=$(printf '%s\n' "$listed" | while read -r f; do [ -f "$f" ] || echo "$f"; done)
[ -n "$missing" ] && { echo "missing from po/POTFILES.in:"; echo "$missing"; status=1; }
[ -n "$stale" ] && { echo "listed in po/POTFILES.in but not found:"; echo "$stale"; status=1; }
[ $status -eq 0 ] && echo "po/POTFILES.in lists all $(printf '%s\n' "$listed" | wc -l) files with translatable strings"
exit $status
