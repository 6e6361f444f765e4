#!/usr/bin/env bash
# Runs Ladya on a private OpenBench instance on this machine, end to end: OpenBench's Django
# server and one OpenBench worker (its Client/), built and configured from source in a work
# directory outside the repository, then a short SPRT test of Ladya against itself, created
# through OpenBench's own test form and played by the worker with fastchess (built from source).
# Prints the test's result as OpenBench's API reports it, then stops every process it started.
#
#   bash scripts/openbench-local.sh [--games N] [--tc TC] [--commit REV] [--fresh] ...
#
# Needs: git, python3 (venv), make, g++, cargo; PyPI for OpenBench's Python packages. OpenBench
# and fastchess come from Git: OB_GIT and FASTCHESS_GIT (default: their GitHub repositories; a
# local clone or mirror works too), at the pinned commits OB_REF and FASTCHESS_REF.
# Nothing else is fetched from the internet: what an instance takes from GitHub (the engine's
# commit, its bench and its source archive; the opening book) is served from this repository
# by a local HTTP server. See docs/openbench.md for what is replaced and why.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: bash scripts/openbench-local.sh [options]
  --games N            stop once the test has N games (default 40), if SPRT has not ended it
  --tc TC              time control of both sides, OpenBench's syntax (default N=10000:
                       10,000 nodes a move; e.g. 2.0+0.02 for a clock, scaled by bench speed)
  --dev-options OPTS   UCI options of dev  (default "Threads=1 Hash=8")
  --base-options OPTS  UCI options of base (default "Threads=1 Hash=8 UCI_LimitStrength=true
                       UCI_Elo=2000": the same commit, weakened, so that the two sides differ)
  --bounds B           SPRT Elo bounds (default "[0.00, 5.00]")
  --commit REV         commit of this repository to test, dev and base (default HEAD)
  --bench N            its bench signature (default: from its commit message as OpenBench
                       reads it, else the README's "Bench signature")
  --threads N          worker threads, games played at once (default 1)
  --timeout S          give up after S seconds of testing (default 3600)
  --fresh              delete the work directory first (default: keep built fastchess,
                       Python venv and the worker's engine binaries between runs)
environment: OB_DIR (work directory, default /tmp/openbench), OB_PORT (default 8765; the
  file server uses OB_PORT+1), OB_GIT, OB_REF, FASTCHESS_GIT, FASTCHESS_REF
EOF
}

GAMES=40
TC='N=10000'
DEV_OPTIONS='Threads=1 Hash=8'
BASE_OPTIONS='Threads=1 Hash=8 UCI_LimitStrength=true UCI_Elo=2000'
BOUNDS='[0.00, 5.00]'
COMMIT=HEAD
BENCH=
THREADS=1
TIMEOUT=3600
FRESH=0
while [ $# -gt 0 ]; do
    case "$1" in
        --games) GAMES=$2; shift 2 ;;
        --tc) TC=$2; shift 2 ;;
        --dev-options) DEV_OPTIONS=$2; shift 2 ;;
        --base-options) BASE_OPTIONS=$2; shift 2 ;;
        --bounds) BOUNDS=$2; shift 2 ;;
        --commit) COMMIT=$2; shift 2 ;;
        --bench) BENCH=$2; shift 2 ;;
        --threads) THREADS=$2; shift 2 ;;
        --timeout) TIMEOUT=$2; shift 2 ;;
        --fresh) FRESH=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$GAMES$THREADS$TIMEOUT" in *[!0-9]*) echo "--games, --threads, --timeout take numbers" >&2; exit 2 ;; esac

OB_DIR=${OB_DIR:-/tmp/openbench}
OB_PORT=${OB_PORT:-8765}
FILE_PORT=$((OB_PORT + 1))
OB_GIT=${OB_GIT:-https://github.com/AndyGrant/OpenBench}
OB_REF=${OB_REF:-9906bad18e044c4b455539317b8cf037393a7218}
FASTCHESS_GIT=${FASTCHESS_GIT:-https://github.com/Disservin/fastchess}
FASTCHESS_REF=${FASTCHESS_REF:-74deac23aadc6718fa0f8e24ac95d16392d79444}
REPO=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=Ladya
# The GitHub repository a real instance would name (never contacted here).
LADYA_GITHUB=${LADYA_GITHUB:-https://github.com/example/ladya}
BOOK=ladya-openings-chess.epd
ADMIN=ladya-admin
ADMIN_PASSWORD=ladya-local-only

START=$(date +%s)
stamp() { printf '[openbench-local %4ds] %s\n' $(($(date +%s) - START)) "$*"; }
die() { stamp "error: $*" >&2; exit 1; }

# --- processes: each started in its own session, stopped by that session id on exit ---------
PIDS=()
start_bg() { # NAME LOGFILE COMMAND...: runs COMMAND in a new session, records its pid
    local name=$1 log=$2; shift 2
    setsid "$@" >"$log" 2>&1 </dev/null &
    PIDS+=("$!")
    sleep 0.2
    [ "$(ps -o sid= -p "$!" | tr -d ' ')" = "$!" ] || die "$name is not a session leader"
    stamp "started $name (pid $!, log $log)"
}
cleanup() {
    local rc=$? pid left
    trap - EXIT INT TERM
    for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
    sleep 1
    for pid in "${PIDS[@]}"; do
        # Everything the worker started (cargo, fastchess, engines) is in its session.
        pkill -KILL -s "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    for _ in $(seq 20); do # the killed take a moment to go
        left=0
        for pid in "${PIDS[@]}"; do pgrep -s "$pid" >/dev/null 2>&1 && left=1; done
        [ $left = 0 ] && break
        sleep 0.5
    done
    left=0
    for pid in "${PIDS[@]}"; do
        if pgrep -s "$pid" >/dev/null 2>&1; then left=1; stamp "session $pid still has processes"; fi
    done
    [ ${#PIDS[@]} -gt 0 ] && [ $left = 0 ] && stamp "stopped every process started (${#PIDS[@]} sessions)"
    [ $left = 0 ] || rc=1
    exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port_free "$OB_PORT" || die "port $OB_PORT is in use (set OB_PORT)"
port_free "$FILE_PORT" || die "port $FILE_PORT is in use (set OB_PORT)"

git_checkout() { # URL REF DIR: DIR holds REF's files (kept if already there)
    local url=$1 ref=$2 dir=$3
    if [ -f "$dir/.ladya-ref" ] && [ "$(cat "$dir/.ladya-ref")" = "$ref" ]; then return; fi
    rm -rf "$dir"; git init -q "$dir"
    if ! git -C "$dir" fetch -q --depth 1 "$url" "$ref" 2>/dev/null; then
        git -C "$dir" fetch -q "$url" || die "cannot fetch $url"
    fi
    git -C "$dir" -c advice.detachedHead=false checkout -q "$ref" || die "$url has no $ref"
    echo "$ref" >"$dir/.ladya-ref"
}

[ $FRESH = 1 ] && rm -rf "$OB_DIR"
mkdir -p "$OB_DIR" "$OB_DIR/www" "$OB_DIR/logs"
OB_DIR=$(cd "$OB_DIR" && pwd)
SITE=$OB_DIR/OpenBench
CLIENT=$SITE/Client
PY=$OB_DIR/venv/bin/python
stamp "work directory $OB_DIR"

# --- 1. OpenBench's source and Python packages -----------------------------------------------
git_checkout "$OB_GIT" "$OB_REF" "$SITE"
stamp "OpenBench $(git -C "$SITE" log -1 --format='%h %cs')"
if [ ! -x "$PY" ]; then
    python3 -m venv "$OB_DIR/venv"
    "$PY" -m pip install -q -r "$SITE/requirements.txt" -r "$CLIENT/requirements.txt"
fi
stamp "Python packages: $("$PY" -m pip list 2>/dev/null | awk 'tolower($1) ~ /^(django|scipy|requests|psutil|py-cpuinfo)$/ {printf "%s%s %s", sep, $1, $2; sep = ", "}')"

# Patch, shown here and in docs/openbench.md: the worker ends fastchess after every workload
# with `pkill -KILL -f fastchess-ob`, which would match such a process of anyone on the machine.
# The local copy limits it to the worker's own session (the script starts the worker in one).
PATTERN="subprocess.run(\['pkill', '-KILL', '-f', process_name\])"
PATCHED="subprocess.run(['pkill', '-KILL', '-s', str(os.getsid(0)), '-f', process_name])"
if grep -q "$PATTERN" "$CLIENT/utils.py"; then
    sed -i "s/$PATTERN/$PATCHED/" "$CLIENT/utils.py"
    stamp "patched Client/utils.py: kill_process_by_name limited to the worker's session"
fi
grep -qF "$PATCHED" "$CLIENT/utils.py" || die "Client/utils.py: kill_process_by_name not as expected"

# --- 2. fastchess, built from source as the worker would, placed where the worker finds it ---
FC_SRC=$OB_DIR/fastchess
if [ ! -x "$FC_SRC/fastchess" ] || [ "$(cat "$FC_SRC/.ladya-ref" 2>/dev/null)" != "$FASTCHESS_REF" ]; then
    git_checkout "$FASTCHESS_GIT" "$FASTCHESS_REF" "$FC_SRC"
    stamp "building fastchess $(git -C "$FC_SRC" log -1 --format='%h %cs') (make, niced)"
    nice -n 15 make -C "$FC_SRC" -j2 CXX=g++ >"$OB_DIR/logs/fastchess-build.log" 2>&1 \
        || die "fastchess build failed, see $OB_DIR/logs/fastchess-build.log"
fi
cp "$FC_SRC/fastchess" "$CLIENT/fastchess-ob"
stamp "fastchess: $("$CLIENT/fastchess-ob" --version | head -1)"

# --- 3. What GitHub would serve: the engine's source archive and the opening book ------------
SHA=$(git -C "$REPO" rev-parse --verify "$COMMIT^{commit}") || die "no commit $COMMIT"
MESSAGE=$(git -C "$REPO" log -1 --format=%B "$SHA")
git -C "$REPO" archive --format=zip --prefix="ladya-$SHA/" -o "$OB_DIR/www/ladya-$SHA.zip" "$SHA"
git -C "$REPO" show "$SHA:data/openings-chess.epd" >"$OB_DIR/www/$BOOK"
(cd "$OB_DIR/www" && rm -f "$BOOK.zip" && "$PY" -c "import sys, zipfile; zipfile.ZipFile(sys.argv[1] + '.zip', 'w').write(sys.argv[1])" "$BOOK")
BOOK_SHA=$(sha256sum "$OB_DIR/www/$BOOK" | cut -d' ' -f1 | tr a-f A-F)
if [ -z "$BENCH" ]; then # OpenBench's rule: the last "Bench: N" (or "Nodes: N") of the message
    BENCH=$(printf '%s\n' "$MESSAGE" | grep -ioE '(bench|nodes)[ :=]+[0-9,]+' | tail -1 | grep -oE '[0-9,]+$' | tr -d , || true)
    BENCH_FROM="commit message"
    if [ -z "$BENCH" ]; then
        BENCH=$(git -C "$REPO" show "$SHA:README.md" | sed -n 's/^Bench signature: `\([0-9]*\) nodes`.*/\1/p' | head -1)
        BENCH_FROM="README's Bench signature"
    fi
else
    BENCH_FROM="--bench"
fi
[ -n "$BENCH" ] || die "no bench for $SHA: give --bench N"
stamp "Ladya $(git -C "$REPO" log -1 --format='%h %s' "$SHA"), bench $BENCH ($BENCH_FROM)"
start_bg "file server" "$OB_DIR/logs/files.log" python3 -m http.server "$FILE_PORT" --bind 127.0.0.1 --directory "$OB_DIR/www"

# --- 4. The instance's configuration: Ladya as its one engine, Ladya's openings as its book --
"$PY" - "$SITE" "$BOOK" "$BOOK_SHA" "http://127.0.0.1:$FILE_PORT/$BOOK.zip" <<'EOF'
import json, os, sys
site, book, book_sha, book_url = sys.argv[1:]
path = os.path.join(site, 'Config', 'config.json')
with open(path) as f:
    config = json.load(f)
config['books'] = [book]
config['engines'] = ['Ladya']
config['require_manual_registration'] = True
with open(path, 'w') as f:
    json.dump(config, f, indent=4)
with open(os.path.join(site, 'Books', book + '.json'), 'w') as f:
    json.dump({'sha': book_sha, 'source': book_url}, f, indent=4)
EOF
cat >"$SITE/Engines/$ENGINE.json" <<EOF
{
    "private" : false,
    "nps"     : 1000000,
    "source"  : "$LADYA_GITHUB",

    "build" : {
        "path"      : "",
        "compilers" : ["cargo>=1.89.0"],
        "cpuflags"  : [],
        "systems"   : ["Linux", "Windows", "Darwin"]
    },

    "test_presets" : {
        "default" : {
            "base_branch"     : "main",
            "book_name"       : "$BOOK",
            "test_bounds"     : "[0.00, 5.00]",
            "test_confidence" : "[0.10, 0.05]",
            "win_adj"         : "movecount=3 score=400",
            "draw_adj"        : "movenumber=40 movecount=8 score=10"
        },
        "STC" : { "both_options" : "Threads=1 Hash=8",  "both_time_control" : "8.0+0.08" },
        "LTC" : { "both_options" : "Threads=1 Hash=64", "both_time_control" : "40.0+0.4" }
    }
}
EOF
stamp "configured: Config/config.json (engines [Ladya], books [$BOOK]), Engines/$ENGINE.json, Books/$BOOK.json"

# --- 5. Database, admin user, server ---------------------------------------------------------
cd "$SITE"
rm -f db.sqlite3 openbench_watchers.lock
# (OpenBench's PGN watcher thread starts in every Django process: its complaint about the
# tables migrate is creating goes to the log.)
"$PY" manage.py migrate -v 0 >"$OB_DIR/logs/setup.log" 2>&1 || die "migrate failed, see $OB_DIR/logs/setup.log"
DJANGO_SUPERUSER_PASSWORD=$ADMIN_PASSWORD "$PY" manage.py createsuperuser --noinput \
    --username "$ADMIN" --email admin@localhost >>"$OB_DIR/logs/setup.log" 2>&1
"$PY" manage.py shell -c "
from django.contrib.auth.models import User
from OpenBench.models import Profile
Profile.objects.create(user=User.objects.get(username='$ADMIN'), enabled=True, approver=True)"
stamp "database migrated; admin user $ADMIN (enabled, approver)"
start_bg "OpenBench server" "$OB_DIR/logs/server.log" nice -n 5 "$PY" manage.py runserver "127.0.0.1:$OB_PORT" --noreload
for _ in $(seq 60); do port_free "$OB_PORT" || break; sleep 1; done
port_free "$OB_PORT" && die "server did not start, see $OB_DIR/logs/server.log"
stamp "server at http://127.0.0.1:$OB_PORT/"

# --- 6. The test, through OpenBench's own form handler (POST /test/new/) ---------------------
cat >"$OB_DIR/ladya_openbench.py" <<'EOF'
"""Creates and watches the local test. Runs inside OpenBench's Django project (its cwd)."""
import json, os, re, sys, time, urllib.request

sys.path.insert(0, os.getcwd())
os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'OpenSite.settings')
import django
django.setup()

from django.contrib.auth.models import User
from django.test import Client
from OpenBench.models import LogEvent, Test
import OpenBench.views  # first, as the server's URL table imports it: the modules import each other
import OpenBench.workloads.create_workload as create_workload
import OpenBench.workloads.verify_workload as verify_workload


def create(args):
    # The one replaced step: OpenBench asks GitHub's API for the branch's commit, reads the
    # bench from its message and points the worker at GitHub's zipball. Here the same facts
    # come from the local repository, and the archive from the local file server.
    def local_commit_info(errors, request, field):
        return (args['source'], args['branch'], args['sha'], int(args['bench']), args['info'])
    verify_workload.collect_github_info = local_commit_info
    create_workload.branch_is_out_of_date = lambda workload: False  # GitHub's compare API

    form = {
        'dev_engine': 'Ladya', 'base_engine': 'Ladya',
        'dev_repo': args['repo'], 'base_repo': args['repo'],
        'dev_branch': args['sha'], 'base_branch': args['sha'],
        'dev_bench': args['bench'], 'base_bench': args['bench'],
        'dev_network': '', 'base_network': '',
        'dev_options': args['dev_options'], 'base_options': args['base_options'],
        'dev_time_control': args['tc'], 'base_time_control': args['tc'],
        'book_name': args['book'], 'upload_pgns': 'FALSE',
        'test_mode': 'SPRT', 'test_bounds': args['bounds'], 'test_confidence': '[0.05, 0.05]',
        'test_max_games': '0', 'priority': '0', 'throughput': '1000',
        'syzygy_wdl': 'DISABLED', 'syzygy_adj': 'DISABLED',
        'win_adj': 'movecount=3 score=400', 'draw_adj': 'movenumber=40 movecount=8 score=10',
        'workload_size': str(args['workload_size']), 'scale_method': 'BASE',
        'scale_nps': '1000000', 'info': args['info'],
    }
    client = Client()
    client.force_login(User.objects.get(username=args['admin']))
    before = Test.objects.count()
    client.post('/test/new/', form)
    if Test.objects.count() != before + 1:
        sys.exit('OpenBench refused the test: %s' % client.session.get('error_message'))
    test = Test.objects.latest('id')
    if not test.approved:
        sys.exit('test %d was not approved' % test.id)
    print(test.id)


def api(server, test_id):
    url = '%s/api/workload/%d/info/' % (server, test_id)
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)['info']


# The worker's steps, shown as they happen (its log has no times of its own).
STEPS = re.compile(r'^(Building \[|Found \[|Bench for|Speed for|Scale Factor \(Using Base|'
                   r'\[#0\] Launching|Failed to build|.*Wrong Bench)')


def watch(args):
    server, test_id, games = args['server'], int(args['test']), int(args['games'])
    worker, deadline = int(args['worker']), time.time() + int(args['timeout'])
    started, log, read = time.time(), open(args['log'], errors='replace'), ''
    seen, shown = set(), None
    while True:
        read += log.read()
        *lines, read = read.split('\n')
        for line in filter(STEPS.match, lines):
            print('  [%4ds] worker: %s' % (time.time() - started, line.strip()), flush=True)
        info = api(server, test_id)
        for event in LogEvent.objects.filter(test_id=test_id).exclude(summary__startswith='CREATE'):
            if event.id not in seen:
                seen.add(event.id)
                print('  [%4ds] server event: %s' % (time.time() - started, event.summary), flush=True)
        losses, draws, wins = info['tri']
        progress = (info['games'], tuple(info['penta']), round(info['currentllr'], 2))
        if progress != shown and info['games']:
            shown = progress
            print('  [%4ds] server: %d games, W-L-D %d-%d-%d, LLR %.2f' % (
                time.time() - started, info['games'], wins, losses, draws, info['currentllr']),
                flush=True)
        if info['finished'] or info['games'] >= games:
            break
        if any('build' in LogEvent.objects.get(id=i).summary.lower() for i in seen):
            sys.exit('the worker could not build Ladya')
        try:
            os.kill(worker, 0)
        except OSError:
            sys.exit('the worker exited')
        if time.time() > deadline:
            sys.exit('timed out')
        time.sleep(5)

    state = 'passed' if info['passed'] else 'failed' if info['failed'] else 'stopped at %d games' % games
    if not info['finished']:  # as OpenBench's "Stop" button does
        Test.objects.filter(id=test_id).update(finished=True)
    print('OpenBench test %d: %d-%d-%d (W-L-D, %d games), penta [%s], LLR %.2f (%.2f, %.2f) '
          '[%.2f, %.2f], %s%s' % (
              test_id, wins, losses, draws, info['games'],
              ', '.join(map(str, info['penta'])), info['currentllr'], info['lowerllr'],
              info['upperllr'], info['elolower'], info['eloupper'], state,
              ', errors reported' if info['error'] else ''))
    if info['games'] == 0:
        sys.exit('no games were played')


if __name__ == '__main__':
    command, args = sys.argv[1], json.loads(sys.argv[2])
    {'create': create, 'watch': watch}[command](args)
EOF
INFO=$(printf '%s\n' "$MESSAGE" | head -1)
# Each workload is 4 * workload_size * threads games (fastchess -rounds 2*size*threads -games 2).
WORKLOAD_SIZE=$(( (GAMES + 4 * THREADS - 1) / (4 * THREADS) ))
[ "$WORKLOAD_SIZE" -gt 32 ] && WORKLOAD_SIZE=32
json_args() { "$PY" -c 'import json, sys; a = sys.argv[1:]; print(json.dumps(dict(zip(a[::2], a[1::2]))))' "$@"; }
TEST_ID=$("$PY" "$OB_DIR/ladya_openbench.py" create "$(json_args \
    admin "$ADMIN" repo "$LADYA_GITHUB" sha "$SHA" branch "$(git -C "$REPO" rev-parse --short "$SHA")" \
    bench "$BENCH" info "$INFO" source "http://127.0.0.1:$FILE_PORT/ladya-$SHA.zip" \
    dev_options "$DEV_OPTIONS" base_options "$BASE_OPTIONS" tc "$TC" book "$BOOK" \
    bounds "$BOUNDS" workload_size "$WORKLOAD_SIZE")" | tail -1)
stamp "test $TEST_ID created: dev [$DEV_OPTIONS] vs base [$BASE_OPTIONS], tc $TC, SPRT $BOUNDS"

# --- 7. One worker: builds Ladya with make EXE=..., checks the bench, plays with fastchess ---
start_bg "OpenBench worker" "$OB_DIR/logs/worker.log" nice -n 15 env CARGO_BUILD_JOBS=2 PYTHONUNBUFFERED=1 \
    "$PY" "$CLIENT/client.py" -U "$ADMIN" -P "$ADMIN_PASSWORD" -S "http://127.0.0.1:$OB_PORT" \
    -T "$THREADS" -N 1 -I ladya-local --no-client-downloads
WORKER=${PIDS[-1]}
TESTING=$(date +%s)
"$PY" "$OB_DIR/ladya_openbench.py" watch "$(json_args server "http://127.0.0.1:$OB_PORT" \
    test "$TEST_ID" games "$GAMES" worker "$WORKER" timeout "$TIMEOUT" log "$OB_DIR/logs/worker.log")" \
    || { tail -30 "$OB_DIR/logs/worker.log" >&2; die "test did not complete"; }
NOW=$(date +%s)
stamp "testing took $((NOW - TESTING)) s (worker start to result), all $((NOW - START)) s"
