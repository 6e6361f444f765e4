#!/usr/bin/env bash
# The browser test of `ladya serve` (tests/browser/run.mjs): Debian's chromium driven by
# playwright-core plays each game on the page. Installs what it needs itself (chromium, a CJK
# font for the xiangqi pieces, Node.js and npm if missing, and the pinned playwright-core), but
# builds nothing: it expects the binary at target/release/ladya (`cargo build --release -p ladya`)
# or wherever LADYA_BIN says. SCREENSHOTS=1 also saves docs/img/serve-*.png.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${LADYA_BIN:-target/release/ladya}
if [ ! -x "$bin" ]; then
    echo "browser-test: no binary at $bin; build it first: cargo build --release -p ladya" >&2
    exit 1
fi

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qiE 'wenquanyi|noto (sans|serif) cjk' || need+=(fonts-wqy-zenhei)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# playwright-core wants Node.js 20 or later (Debian 12's own nodejs is 18).
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
    echo "browser-test: Node.js $(node --version) is too old for playwright-core; install Node.js 20 or later" >&2
    exit 1
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
LADYA_BIN="$(realpath "$bin")" node tests/browser/run.mjs
