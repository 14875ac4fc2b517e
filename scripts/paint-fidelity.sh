#!/usr/bin/env bash
# Fidelity of the paint features (issue 15): caniemail's pages for gradients, borders, effects,
# images, controls and media, copied with their remote images filled (fill_images.py, as
# `make fidelity` does for the corpus), measured against WebKit and Chromium at once.
# Usage: scripts/paint-fidelity.sh [reference_agreement.py flags: --json OUT, --pngs DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SHARED_DIR:-$PWD/../shared}
pages="css-backdrop-filter css-background css-box-model css-border css-border-radius css-box-shadow css-clip-path
       css-gradients css-visual-effects css-mask-image css-mix-blend-mode css-object css-list html-audio html-forms
       HTML5 html-hr html-marquee html-object html-picture html-popover html-srcset images html-video video-as-img
       html-image-maps"
folder=$PWD/.build/fidelity/caniemail-paint
rm -rf "$folder" && mkdir -p "$folder"
for page in $pages; do cp "$shared/conformance/caniemail/tests/$page.html" "$folder/"; done
exec scripts/fidelity.sh "$folder" "$@"
