#!/bin/bash
# test-cli-docs.sh GBACW GBACW.1 COMPLETION [GBACW-EDITOR GBACW-EDITOR.1]
# The manual pages format without a warning and describe every command and option the
# programs' --help lists; the bash completion offers the commands, their options and
# the values of options with fixed choices, and files.
set -u
gbacw=$1 man_gbacw=$2 completion=$3 editor=${4-} man_editor=${5-}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
export LC_ALL=C.UTF-8 MANWIDTH=200

# the long options a --help lists
options_of () { "$@" --help | sed -n 's/^  *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p' | grep -v -- '^--help'; }
commands_of () { "$1" --help | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p'; }

# ---------------------------------------------------------------- manual pages
for page in "$man_gbacw" ${man_editor:+"$man_editor"}; do
  warnings=$(groff -man -ww -z -Tutf8 "$page" 2>&1)
  [ -z "$warnings" ] || fail "$page: groff warns: $warnings"
  man -l "$page" > "$tmp/$(basename "$page").txt" 2>"$tmp/man-err.txt" || fail "man -l $page: $(cat "$tmp/man-err.txt")"
  grep -q '@[A-Z]*@' "$page" && fail "$page: a placeholder is left: $(grep -o '@[A-Z]*@' "$page" | head -n 1)"
done
text=$tmp/$(basename "$man_gbacw").txt
"$gbacw" --help > "$tmp/help.txt" 2>"$tmp/help-err.txt" || fail "gbacw --help: exit status $?"
[ -s "$tmp/help-err.txt" ] && fail "gbacw --help writes to standard error"
grep -q '^Usage: gbacw ' "$tmp/help.txt" || fail "gbacw --help: no usage on standard output"
[ "$("$gbacw" --version)" = "gbacw $(sed -n 's/^.TH [^ ]* [^ ]* [^ ]* "gbacw \([^"]*\)".*/\1/p' "$man_gbacw")" ] ||
  fail "gbacw --version ($("$gbacw" --version)) is not the manual page's version"
"$gbacw" > /dev/null 2>&1 && fail "gbacw without a command succeeds"
commands=$(commands_of "$gbacw")
[ "$(echo "$commands" | wc -l)" -ge 13 ] || fail "gbacw --help lists too few commands: $commands"
for c in $commands; do
  grep -Eq "^ {7}$c( |\$)" "$text" || fail "gbacw.1 does not describe the command $c"
  subs=$c
  [ "$c" = roster ] && subs="roster export
roster import"
  while read -r sub; do
    # shellcheck disable=SC2086
    usage=$("$gbacw" $sub --help | sed -n 2p)
    case $usage in "  gbacw $sub [OPTION"*) ;; *) fail "gbacw $sub --help: the usage line is “$usage”" ;; esac
    # shellcheck disable=SC2086
    for o in $(options_of "$gbacw" $sub); do
      grep -Eq -- "$o([^a-z0-9-]|\$)" "$text" || fail "gbacw.1 does not describe $o of gbacw $sub"
    done
  done <<< "$subs"
done
if [ -n "$editor" ]; then
  etext=$tmp/$(basename "$man_editor").txt
  [ "$("$editor" --version)" = "gbacw-editor $("$gbacw" --version | cut -d' ' -f2)" ] ||
    fail "gbacw-editor --version: $("$editor" --version)"
  for o in $(options_of "$editor"); do
    case $o in --help-*) continue ;; esac
    grep -Eq -- "$o([^a-z0-9-]|\$)" "$etext" || fail "gbacw-editor.1 does not describe $o"
  done
fi

# ---------------------------------------------------------------- bash completion
cd "$tmp" || exit 1
touch demo.xml notes.txt
mkdir maps
cat > complete.sh <<'SH'
source "$1"
gbacw=$2
words () { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _gbacw; echo "${COMPREPLY[*]}"; }
editor_words () { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _gbacw_editor; echo "${COMPREPLY[*]}"; }
complete -p gbacw
complete -p gbacw-editor
words "$gbacw" ""
words "$gbacw" ro
words "$gbacw" --v
words "$gbacw" roster ""
words "$gbacw" roster export demo.xml --d
words "$gbacw" roster export demo.xml --delimiter ""
words "$gbacw" roster export demo.xml --encoding = u
words "$gbacw" check demo.xml --format =
words "$gbacw" check demo.xml --format=j
words "$gbacw" play demo.xml --ai c
words "$gbacw" render demo.xml -
words "$gbacw" render demo.xml --output n
words "$gbacw" info d
words "$gbacw" balance demo.xml --games 5 --q
editor_words gbacw-editor --t
editor_words gbacw-editor ""
SH
bash complete.sh "$completion" "$gbacw" > got.txt 2>err.txt || fail "the completion script fails: $(cat err.txt)"
[ -s err.txt ] && fail "the completion script writes errors: $(cat err.txt)"
expect () { # LINE EXPECTED WHAT
  got=$(sed -n "$1p" got.txt)
  [ "$got" = "$2" ] || fail "completion of $3: “$got”, not “$2”"
}
expect 1 "complete -F _gbacw gbacw" "complete -p gbacw"
expect 2 "complete -F _gbacw_editor gbacw-editor" "complete -p gbacw-editor"
expect 3 "$(echo $commands)" "gbacw <TAB>"
expect 4 "roster" "gbacw ro<TAB>"
expect 5 "--version" "gbacw --v<TAB>"
expect 6 "export import --help" "gbacw roster <TAB>"
expect 7 "--delimiter=" "gbacw roster export demo.xml --d<TAB>"
expect 8 "comma semicolon tab" "gbacw roster export demo.xml --delimiter <TAB>"
expect 9 "utf-8 utf-16" "gbacw roster export demo.xml --encoding=u<TAB>"
expect 10 "text json" "gbacw check demo.xml --format=<TAB>"
expect 11 "--format=json" "gbacw check demo.xml --format=j<TAB>, = not a word break"
expect 12 "confederate" "gbacw play demo.xml --ai c<TAB>"
expect 13 "-h  --help  -o  --output= --size= --zoom= --layers= --paper= --hex-size= --overlap= --margin= --no-index " "gbacw render demo.xml -<TAB>"
expect 14 "notes.txt" "gbacw render demo.xml --output n<TAB>"
expect 15 "demo.xml" "gbacw info d<TAB>"
expect 16 "--quiet " "gbacw balance demo.xml --games 5 --q<TAB>"
expect 17 "--test-play" "gbacw-editor --t<TAB>"
expect 18 "demo.xml maps" "gbacw-editor <TAB> (.xml files and folders)"

[ "$failures" = 0 ] && echo "manual pages and bash completion: all checks passed"
exit "$failures"
