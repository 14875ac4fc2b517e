#!/usr/bin/env python3
"""Our full-page render beside a browser's, for looking at differences.
  scripts/side-by-side.py MAIL.html OUT.png [--reference webkit|chromium] [--images placeholder|blocked]
                          [--width 390] [--crop-height H]
Renders with .build/release/snapshot, or the binary $SNAPSHOT_BIN names.
Needs the reference tools' setup (scripts/fidelity.sh installs it)."""
import argparse, os, subprocess, tempfile
from PIL import Image
import reference
ap = argparse.ArgumentParser(); ap.add_argument("mail"); ap.add_argument("out")
ap.add_argument("--width", type=int, default=390); ap.add_argument("--crop-height", type=int, default=0)
reference.add_argument(ap); reference.add_images_argument(ap)
a = ap.parse_args()
with reference.BrowserCopy(a.mail, a.images) as seen:
    ref = reference.page(a.reference, seen, a.width)
if ref is None:
    raise SystemExit(f"side-by-side: {a.reference} did not render {a.mail}")
tmp = tempfile.mkdtemp(prefix="sbs-")
subprocess.run([os.environ.get("SNAPSHOT_BIN") or os.path.join(reference.ROOT, ".build/release/snapshot"), "render", a.mail, "--full-page", "--scale", "1",
                "--width", str(a.width), "--images", a.images, "--out", tmp], check=True, stdout=subprocess.DEVNULL)
ours, theirs = Image.open(os.path.join(tmp, "page.png")).convert("RGB"), Image.open(ref).convert("RGB")
h = max(ours.size[1], theirs.size[1])
if a.crop_height: h = min(h, a.crop_height)
canvas = Image.new("RGB", (ours.size[0] + theirs.size[0] + 20, h), "magenta")
canvas.paste(ours, (0, 0)); canvas.paste(theirs, (ours.size[0] + 20, 0))
canvas.save(a.out)
print(a.out, f"(left: snapshot, right: {a.reference})")
