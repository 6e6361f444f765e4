#!/usr/bin/env bash
# Generates the 3- and 4-piece Syzygy tables (WDL .rtbw and DTZ .rtbz, 35 pairs) with the
# tables' own generator, `rtbgen` and `rtbgenp` from the syzygy1/tb sources, which must already
# be built (see that project's README). Idempotent: a table whose two files exist is skipped.
#
#   scripts/syzygy-tables.sh [OUT_DIR]     (default target/syzygy)
#
# The generator's programs are looked for in $RTBGEN_DIR, else on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-target/syzygy}
threads=${THREADS:-$(nproc)}

find_tool() {
    if [ -n "${RTBGEN_DIR:-}" ] && [ -x "$RTBGEN_DIR/$1" ]; then
        echo "$RTBGEN_DIR/$1"
    elif command -v "$1" >/dev/null; then
        command -v "$1"
    else
        echo "syzygy-tables: no '$1' in \$RTBGEN_DIR or on PATH; build the syzygy1/tb generator first" >&2
        exit 2
    fi
}
rtbgen=$(find_tool rtbgen)
rtbgenp=$(find_tool rtbgenp)

mkdir -p "$out"
out=$(cd "$out" && pwd)

# Pieces in the tables' naming order; a side's pieces are listed strongest first, and in
# KXvKY the stronger (or equal) side comes first.
pieces=(Q R B N P)
tables=()
for ((i = 0; i < 5; i++)); do
    tables+=("K${pieces[i]}vK")
done
for ((i = 0; i < 5; i++)); do
    for ((j = i; j < 5; j++)); do
        tables+=("K${pieces[i]}${pieces[j]}vK")
    done
done
for ((i = 0; i < 5; i++)); do
    for ((j = i; j < 5; j++)); do
        tables+=("K${pieces[i]}vK${pieces[j]}")
    done
done

start=$SECONDS
made=0
for table in "${tables[@]}"; do
    if [ -s "$out/$table.rtbw" ] && [ -s "$out/$table.rtbz" ]; then
        continue
    fi
    if [[ $table == *P* ]]; then gen=$rtbgenp; else gen=$rtbgen; fi
    # The generator writes into the current directory and reads the smaller tables it
    # converts into from RTBPATH.
    (cd "$out" && RTBPATH="$out" "$gen" -t "$threads" "$table" >/dev/null)
    if [ ! -s "$out/$table.rtbw" ] || [ ! -s "$out/$table.rtbz" ]; then
        echo "syzygy-tables: $gen did not write $table" >&2
        exit 1
    fi
    made=$((made + 1))
done
echo "syzygy-tables: ${#tables[@]} tables in $out ($made made in $((SECONDS - start)) s)"
