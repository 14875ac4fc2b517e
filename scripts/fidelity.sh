#!/usr/bin/env bash
# Fidelity with images on (issue 16): the corpus copied with every image that cannot load replaced
# by a grey image of its tag's size (../shared/tools/fill_images.py), then snapshot measured against
# WebKit (the reference) and Chromium at once (reference_agreement.py): per mail, then the summaries
# of webkit-chromium, snap-chromium and snap-webkit (box agreement, heights, pixel agreement).
# Usage: scripts/fidelity.sh [CORPUS_DIR] [reference_agreement.py flags: --json OUT, --pngs DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shared=${SHARED_DIR:-$root/../shared}
corpus=${1:-$shared/corpus}
shift || true
[ -d "$shared/tools" ] || { echo "fidelity: needs the reference tools in $shared/tools (set SHARED_DIR)" >&2; exit 2; }
missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
/usr/bin/python3 -c "import gi; gi.require_version('WebKit2', '4.1')" 2>/dev/null || missing+=(python3-gi python3-gi-cairo gir1.2-webkit2-4.1)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq "${missing[@]}" >/dev/null
  else echo "fidelity: needs ${missing[*]} (apt-get install ${missing[*]})" >&2; exit 2; fi
fi
python3 -c "import websocket, PIL, numpy" 2>/dev/null || pip install -q websocket-client pillow numpy
make -s build >/dev/null
export FONTCONFIG_FILE=$root/fonts/fonts.conf
filled=$root/.build/fidelity/$(basename "$corpus")-filled
rm -rf "$filled"
python3 "$shared/tools/fill_images.py" "$corpus" "$filled"
exec python3 "$shared/tools/reference_agreement.py" "$filled" --snapshot "$root/.build/release/snapshot" \
  --cache "$root/.build/fidelity-cache" "$@"
