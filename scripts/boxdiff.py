#!/usr/bin/env python3
"""Show the first boxes where `snapshot layout` disagrees with a browser for one mail.
  scripts/boxdiff.py FILE.html [--reference webkit|chromium] [--images placeholder|blocked] [--width 390] [--n 25]
A box disagrees when x, y, w or h is off by more than max(4 px, 2 %), as fidelity.py scores it."""
import argparse, json, os, subprocess
import reference
ap = argparse.ArgumentParser(); ap.add_argument("file"); ap.add_argument("--width", type=int, default=390); ap.add_argument("--n", type=int, default=25)
ap.add_argument("--bin", default=os.path.join(reference.ROOT, ".build/release/snapshot"))
reference.add_argument(ap); reference.add_images_argument(ap)
a = ap.parse_args()
with reference.BrowserCopy(a.file, a.images) as seen:
    ref = reference.boxes(a.reference, seen, a.width)
mine = json.loads(subprocess.run([a.bin, "layout", a.file, "--width", str(a.width), "--json", "--images", a.images],
                                 capture_output=True, text=True).stdout)["document"]
mb = {b["path"]: b for b in mine["boxes"]}
print("height ours", mine["height"], a.reference, ref["height"])
shown = 0
for b in ref["boxes"]:
    if b["w"] * b["h"] <= 0: continue
    if b["display"].startswith("inline") and b["display"] != "inline-block" and not b["path"].split("/")[-1].startswith("img["): continue
    m = mb.get(b["path"])
    ok = m and all(abs(m[k] - b[k]) <= max(4, 0.02 * abs(b[k])) for k in ("x", "y", "w", "h"))
    if not ok:
        theirs = f"{b['x']:.1f},{b['y']:.1f} {b['w']:.1f}x{b['h']:.1f} {b['display']}"
        ours = f"{m['x']:.1f},{m['y']:.1f} {m['w']:.1f}x{m['h']:.1f}" if m else "MISSING"
        print(f"{b['path']}\n    {a.reference:<8} {theirs}\n    ours     {ours}")
        shown += 1
        if shown >= a.n: break
