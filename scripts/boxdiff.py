#!/usr/bin/env python3
"""Show the first boxes where `snapshot layout` disagrees with Chromium for one file.
  scripts/boxdiff.py FILE.html [--width 390] [--n 25]"""
import argparse, json, os, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ap = argparse.ArgumentParser(); ap.add_argument("file"); ap.add_argument("--width", type=int, default=390); ap.add_argument("--n", type=int, default=25)
ap.add_argument("--bin", default=os.path.join(ROOT, ".build/release/snapshot"))
a = ap.parse_args()
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "tools"))
os.environ.setdefault("FONTCONFIG_FILE", os.path.join(ROOT, "fonts/fonts.conf"))
import fidelity
ref = fidelity.chromium_boxes(a.file, a.width, os.path.join(ROOT, ".build/fidelity-cache"))
mine = json.loads(subprocess.run([a.bin, "layout", a.file, "--width", str(a.width), "--json"], capture_output=True, text=True).stdout)["document"]
mb = {b["path"]: b for b in mine["boxes"]}
print("height ours", mine["height"], "chromium", ref["height"])
shown = 0
for b in ref["boxes"]:
    if b["w"] * b["h"] <= 0: continue
    if b["display"].startswith("inline") and b["display"] != "inline-block" and not b["path"].split("/")[-1].startswith("img["): continue
    m = mb.get(b["path"])
    ok = m and all(abs(m[k] - b[k]) <= max(4, 0.02 * abs(b[k])) for k in ("x", "y", "w", "h"))
    if not ok:
        theirs = f"{b['x']:.1f},{b['y']:.1f} {b['w']:.1f}x{b['h']:.1f} {b['display']}"
        ours = f"{m['x']:.1f},{m['y']:.1f} {m['w']:.1f}x{m['h']:.1f}" if m else "MISSING"
        print(f"{b['path']}\n    chromium {theirs}\n    ours     {ours}")
        shown += 1
        if shown >= a.n: break
