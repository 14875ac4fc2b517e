#!/usr/bin/env python3
"""Our full-page render beside headless Chromium's, for looking at differences.
  scripts/side-by-side.py MAIL.html OUT.png [--width 390] [--crop-height H]
Needs chromium-headless-shell, websocket-client and pillow (scripts/fidelity.sh installs them)."""
import argparse, os, subprocess, sys, tempfile
from PIL import Image
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser(); ap.add_argument("mail"); ap.add_argument("out")
ap.add_argument("--width", type=int, default=390); ap.add_argument("--crop-height", type=int, default=0)
a = ap.parse_args()
env = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "fonts/fonts.conf"))
tmp = tempfile.mkdtemp(prefix="sbs-")
ref = os.path.join(tmp, "chromium.png")
subprocess.run([sys.executable, os.path.join(ROOT, "..", "shared", "tools", "chromium_ref.py"), "page", a.mail,
                "--width", str(a.width), "--scale", "1", "--out", ref], check=True, env=env)
subprocess.run([os.path.join(ROOT, ".build/release/snapshot"), "render", a.mail, "--full-page", "--scale", "1",
                "--width", str(a.width), "--out", tmp], check=True, stdout=subprocess.DEVNULL, env=env)
ours, theirs = Image.open(os.path.join(tmp, "page.png")).convert("RGB"), Image.open(ref).convert("RGB")
h = max(ours.size[1], theirs.size[1])
if a.crop_height: h = min(h, a.crop_height)
canvas = Image.new("RGB", (ours.size[0] + theirs.size[0] + 20, h), "magenta")
canvas.paste(ours, (0, 0)); canvas.paste(theirs, (ours.size[0] + 20, 0))
canvas.save(a.out)
print(a.out, "(left: snapshot, right: chromium)")
