# cli-test-lib.sh: the start every `gbacw` shell test shares, sourced with the gbacw
# program as $1: gbacw and data (GBACW_DATADIR) set, a temporary folder as the current
# directory (removed at exit), and fail (), which counts a failure in $failures.
set -u
gbacw=$1
data=${GBACW_DATADIR:?GBACW_DATADIR must name the data directory}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failures=0
fail () { echo "FAIL: $*"; failures=$((failures + 1)); }
