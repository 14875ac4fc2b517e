#!/usr/bin/env bash
# Layout fidelity against headless Chromium over the shared corpus (../shared/tools/fidelity.py).
# Usage: scripts/fidelity.sh [CORPUS_DIR] [extra fidelity.py flags, e.g. --pixels]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shared=${SHARED_DIR:-$root/../shared}
corpus=${1:-$shared/corpus}
shift || true
if ! command -v chromium-headless-shell >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq chromium-headless-shell >/dev/null
  else echo "fidelity: needs chromium-headless-shell (apt-get install chromium-headless-shell)" >&2; exit 2; fi
fi
python3 -c "import websocket, PIL" 2>/dev/null || pip install -q websocket-client pillow
make -s build >/dev/null
export FONTCONFIG_FILE=$root/fonts/fonts.conf
exec python3 "$shared/tools/fidelity.py" "$root/.build/release/snapshot" "$corpus" --cache "$root/.build/fidelity-cache" "$@"
