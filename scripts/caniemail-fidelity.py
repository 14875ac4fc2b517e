#!/usr/bin/env python3
"""Issue 13's bar on caniemail's pages, with WebKit beside it.

  scripts/caniemail-fidelity.py [--json OUT] [--only PAGE,...]

For every page whose features iOS Mail supports (features.tsv: y or a) and that loads nothing
remote: conformance.py's verdict against Chromium (pixels >= 0.98, content height within 2 %),
and reference_agreement.py's pixel agreement of snapshot with WebKit (the reference: the
screen is a UIWebView) and of WebKit with Chromium, so a page where the two browsers disagree
(WebKit decides) or where glyph rasterisation alone keeps WebKit itself under 0.98 shows as such.
Needs what `make fidelity` needs (Chromium, WebKitGTK under Xvfb); builds release first.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
shared = os.environ.get("SHARED_DIR", os.path.join(root, "..", "shared"))
tools = os.path.join(shared, "tools")
suite = os.path.join(shared, "conformance", "caniemail")

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--json")
ap.add_argument("--only")
a = ap.parse_args()
if not os.path.isdir(tools):
    sys.exit("caniemail-fidelity: needs the reference tools in ../shared/tools (set SHARED_DIR)")
subprocess.run(["make", "-s", "build"], cwd=root, check=True, stdout=subprocess.DEVNULL)
binary = os.path.join(root, ".build/release/snapshot")
env = dict(os.environ, FONTCONFIG_FILE=os.path.join(root, "fonts/fonts.conf"))
work = tempfile.mkdtemp(prefix="caniemail-fidelity-")
try:
    bar_json = os.path.join(work, "bar.json")
    only = ["--only", a.only] if a.only else []
    subprocess.run([sys.executable, os.path.join(tools, "conformance.py"), "caniemail", binary, "--json", bar_json] + only,
                   env=env, check=True, stdout=subprocess.DEVNULL)
    bar = json.load(open(bar_json))
    supported = {}
    for feature in bar["features"]:
        if feature["ios"][:1] in ("y", "a"):
            supported.setdefault(feature["page"], []).append(feature["slug"])
    pages = {p["page"]: p for p in bar["pages"] if p["page"] in supported and not p["remote"]}
    folder = os.path.join(work, "pages")
    os.makedirs(folder)
    for page in pages:
        shutil.copy(os.path.join(suite, page), folder)
    ra_json = os.path.join(work, "ra.json")
    subprocess.run([sys.executable, os.path.join(tools, "reference_agreement.py"), folder, "--snapshot", binary,
                    "--cache", os.path.join(root, ".build/fidelity-cache"), "--json", ra_json],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    browsers = {os.path.basename(r["file"]): r for r in json.load(open(ra_json))}
    rows = []
    for page, result in sorted(pages.items()):
        name = os.path.basename(page)
        r = browsers.get(name, {})
        wk = r.get("snap-webkit", {}).get("pixels")
        between = r.get("webkit-chromium", {}).get("pixels")
        rows.append(dict(page=name, match=result["match"], pixels=result["pixels"], content_h=result["content_h_ratio"],
                         snap_webkit=wk, webkit_chromium=between, features=supported[page]))
    rows.sort(key=lambda row: (row["match"], row["pixels"]))
    print(f"{'page':42} {'match':>5} {'vs-chr':>7} {'cont-h':>7} {'vs-wk':>7} {'wk-chr':>7}")
    for row in rows:
        f = lambda v: f"{v:7.3f}" if v is not None else "      -"
        print(f"{row['page']:42} {'yes' if row['match'] else 'no':>5} {f(row['pixels'])} {f(row['content_h'])} "
              f"{f(row['snap_webkit'])} {f(row['webkit_chromium'])}")
    matched = sum(row["match"] for row in rows)
    ceiling = sum(1 for row in rows if (row["webkit_chromium"] or 0) >= 0.98)
    print(f"caniemail: {matched}/{len(rows)} iOS-supported local pages match Chromium; "
          f"WebKit itself agrees with Chromium at >= 0.98 on {ceiling}")
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)
finally:
    shutil.rmtree(work, ignore_errors=True)
