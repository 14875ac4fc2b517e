#!/usr/bin/env python3
"""Frame-rendering benchmark: snapshot against headless Chromium and the bare encode floor.

    python3 bench/bench.py [--snapshot .build/release/snapshot] [--repeat 3] [--corpus ../shared/corpus]

Cases: the three largest mails of the corpus and a synthetic 50-screen mail, 20 offsets each
spread over the whole scroll range, 390 x 844 pt at scale 3 (1170 x 2532 px frames). Per case:

  snapshot     wall time of the whole `snapshot render` process (start-up, layout, all frames,
               one worker per core) divided by the frame count
  1 thread     the same with --jobs 1
  CPU          CPU time (user + system) of the --jobs 1 run per frame: what a frame costs
               whatever the load of a shared machine (start-up and layout included)
  chromium     ../shared/tools/chromium_ref.py frames: scroll + capture per frame, page load
               excluded (skipped, with a message, when Chromium is not installed)
  floor        zlib level 1 over the same frames' scanlines on one core (bench/encode_floor.c),
               wall time and CPU time
  peak RSS     of the snapshot process
  identical    the parallel frames are byte-identical to the --jobs 1 frames

Each timing is the best of --repeat runs (the machine is shared; the best run is the least
disturbed one). Run it with `make bench`; it is not part of `make test`.
"""
import argparse, glob, json, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT, SCALE, HEADER, FRAMES = 390, 844, 3, 100, 20


def run_timed(command, env=None):
    """Runs a command; returns (wall seconds, stdout)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = process.communicate()
    wall = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"bench: {' '.join(command)} failed: {err.decode().strip()}")
    return wall, out.decode()


def run_with_rss(command):
    """Runs a command; returns (wall seconds, peak RSS in MB, CPU seconds). wait4 gives this
    child's own resource usage (getrusage's RUSAGE_CHILDREN would mix all children)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    err = process.stderr.read().decode()
    process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"bench: {' '.join(command)} failed: {err.strip()}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def document_height(snapshot, mail):
    _, out = run_timed([snapshot, "layout", mail, "--json"])
    return json.loads(out)["contentSize"]["height"]


def offsets_for(snapshot, mail):
    """FRAMES offsets from rest to the bottom of the scroll range, evenly spaced."""
    scroll = max(0, document_height(snapshot, mail) + HEADER - HEIGHT)
    return [round(scroll * i / (FRAMES - 1)) for i in range(FRAMES)]


def synthetic_mail(snapshot, directory, screens=50):
    """A long newsletter-like mail (headings, paragraphs, tables, lists, borders), grown
    until it is `screens` viewport heights tall."""
    def html(sections):
        parts = ['<html><head><meta name="viewport" content="width=device-width"></head>'
                 '<body style="font-family:Arial,sans-serif;font-size:16px;color:#333;margin:0;padding:16px">']
        for i in range(sections):
            parts.append(f'<h2 style="color:#1a4f8b">{i + 1}. Section heading number {i + 1}</h2>')
            parts.append('<p>This paragraph stands for the body of a long mail: enough words to wrap over '
                         'several lines of a phone screen, with <b>bold</b>, <i>italic</i> and '
                         f'<a href="https://example.com/{i}">a link</a> in it, as newsletters have.</p>')
            parts.append('<table width="100%" cellpadding="8" cellspacing="0" style="border:1px solid #ccd">'
                         f'<tr style="background:#eef2f8"><th align="left">Item {i}</th><th align="right">Price</th></tr>'
                         f'<tr><td>Paper notebook, dotted, {i} pages</td><td align="right">${i}.00</td></tr></table>')
            parts.append(f'<ul><li>First point of section {i}</li><li>Second point, a little longer than the first</li></ul>')
        return "".join(parts) + "</body></html>"

    path = os.path.join(directory, f"synthetic-{screens}-screens.html")
    sections = 20
    for _ in range(4):
        with open(path, "w") as f:
            f.write(html(sections))
        height = document_height(snapshot, path)
        if abs(height / HEIGHT - screens) < 0.5:
            break
        sections = max(1, round(sections * screens * HEIGHT / height))
    return path


def chromium_ms_per_frame(mail, offsets, out):
    tool = os.path.join(os.path.dirname(ROOT), "shared", "tools", "chromium_ref.py")
    env = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "fonts", "fonts.conf"))
    _, out_text = run_timed([sys.executable, tool, "frames", mail, "--width", str(WIDTH), "--height", str(HEIGHT),
                             "--scale", str(SCALE), "--header", str(HEADER),
                             "--offsets", ",".join(map(str, offsets)), "--out", out], env=env)
    match = re.search(r"ms/frame ([0-9.]+)", out_text)
    if not match:
        raise SystemExit(f"bench: cannot read Chromium's timing from: {out_text.strip()}")
    return float(match.group(1))


def chromium_missing():
    if not shutil.which("chromium-headless-shell"):
        return "chromium-headless-shell is not installed (apt-get install chromium-headless-shell)"
    try:
        import websocket  # noqa: F401
    except ImportError:
        return "the websocket-client Python package is not installed (pip install websocket-client)"
    if not os.path.exists(os.path.join(os.path.dirname(ROOT), "shared", "tools", "chromium_ref.py")):
        return "../shared/tools/chromium_ref.py is missing"
    return None


def build_floor_tool(directory):
    binary = os.path.join(directory, "encode_floor")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libpng", "zlib"], capture_output=True, text=True, check=True)
    # The Swift toolchain brings clang; a Debian host may have cc (gcc) instead.
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        raise SystemExit("bench: no C compiler (cc or clang) for bench/encode_floor.c")
    subprocess.run([compiler, "-O2", "-o", binary, os.path.join(ROOT, "bench", "encode_floor.c")] + flags.stdout.split(), check=True)
    return binary


def same_bytes(a_paths, b_paths):
    return all(open(a, "rb").read() == open(b, "rb").read() for a, b in zip(a_paths, b_paths))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--snapshot", default=os.path.join(ROOT, ".build", "release", "snapshot"))
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
    parser.add_argument("--largest", type=int, default=3, help="how many of the largest corpus mails")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not os.access(args.snapshot, os.X_OK):
        raise SystemExit(f"bench: {args.snapshot} is missing; run `make build` first")

    work = tempfile.mkdtemp(prefix="snapshot-bench-")
    try:
        floor_tool = build_floor_tool(work)
        mails = sorted(glob.glob(os.path.join(args.corpus, "**", "*.html"), recursive=True), key=os.path.getsize, reverse=True)
        cases = [(os.path.basename(m), m) for m in mails[:args.largest]]
        synthetic = synthetic_mail(args.snapshot, work)
        cases.append(("synthetic 50 screens", synthetic))
        missing = chromium_missing()
        if missing:
            print(f"bench: skipping Chromium: {missing}")
        cores = os.cpu_count()
        print(f"{len(cases)} cases, {FRAMES} offsets each, {WIDTH}x{HEIGHT} pt @{SCALE}x "
              f"({WIDTH * SCALE}x{HEIGHT * SCALE} px), {cores} cores, best of {args.repeat}\n")

        rows = []
        for name, mail in cases:
            offsets = offsets_for(args.snapshot, mail)
            screens = (document_height(args.snapshot, mail)) / HEIGHT
            base = [args.snapshot, "render", mail, "--offsets", ",".join(map(str, offsets)),
                    "--width", str(WIDTH), "--height", str(HEIGHT), "--scale", str(SCALE), "--header-height", str(HEADER)]
            parallel_dir, single_dir = os.path.join(work, "parallel"), os.path.join(work, "single")
            best, best_single, best_cpu, chromium, peak = float("inf"), float("inf"), float("inf"), None, 0.0
            for _ in range(args.repeat):
                # Interleaved, so all three see the same machine load.
                wall, rss, cpu = run_with_rss(base + ["--out", parallel_dir])
                best, peak = min(best, wall), max(peak, rss)
                wall, rss, cpu = run_with_rss(base + ["--out", single_dir, "--jobs", "1"])
                best_single, best_cpu, peak = min(best_single, wall), min(best_cpu, cpu), max(peak, rss)
                if not missing:
                    ms = chromium_ms_per_frame(mail, offsets, os.path.join(work, "chromium"))
                    chromium = ms if chromium is None else min(chromium, ms)
            frames = [os.path.join(parallel_dir, f"frame-{o}.png") for o in offsets]
            identical = same_bytes(frames, [os.path.join(single_dir, f"frame-{o}.png") for o in offsets])
            _, floor_out = run_timed([floor_tool] + frames)
            floor_match = re.search(r"ms/frame ([0-9.]+) cpu ms/frame ([0-9.]+)", floor_out)
            floor, floor_cpu = float(floor_match.group(1)), float(floor_match.group(2))
            ours = best * 1000 / len(offsets)
            rows.append(dict(name=name, screens=screens, ours=ours, single=best_single * 1000 / len(offsets),
                             cpu=best_cpu * 1000 / len(offsets), floor_cpu=floor_cpu,
                             chromium=chromium, floor=floor, rss=peak, identical=identical))
            for d in (parallel_dir, single_dir, os.path.join(work, "chromium")):
                shutil.rmtree(d, ignore_errors=True)
            print_row(rows[-1], header=len(rows) == 1)
        print()
        png_costs(args.snapshot, cases[0][1], work, args.repeat)
        print()
        verdict(rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)


COLUMNS = ["case", "screens", "snapshot ms/f", "1 thread ms/f", "chromium ms/f", "floor ms/f",
           "chromium/snapshot", "snapshot/floor", "CPU ms/f", "floor CPU ms/f", "CPU/floor CPU", "peak RSS MB", "identical"]


def print_row(row, header):
    if header:
        print("| " + " | ".join(COLUMNS) + " |")
        print("|" + "|".join("---" for _ in COLUMNS) + "|")
    chromium = f"{row['chromium']:.1f}" if row["chromium"] is not None else "skipped"
    speedup = f"{row['chromium'] / row['ours']:.1f}" if row["chromium"] is not None else "-"
    cells = [row["name"], f"{row['screens']:.1f}", f"{row['ours']:.1f}", f"{row['single']:.1f}", chromium,
             f"{row['floor']:.1f}", speedup, f"{row['ours'] / row['floor']:.2f}", f"{row['cpu']:.1f}",
             f"{row['floor_cpu']:.1f}", f"{row['cpu'] / row['floor_cpu']:.2f}", f"{row['rss']:.0f}",
             "yes" if row["identical"] else "NO"]
    print("| " + " | ".join(cells) + " |", flush=True)


def png_costs(snapshot, mail, work, repeat):
    """What each --png mode costs: one thread, so the number is the encoder's, not the cores'."""
    offsets = offsets_for(snapshot, mail)
    for mode in ("fast", "small"):
        out = os.path.join(work, "png-" + mode)
        command = [snapshot, "render", mail, "--offsets", ",".join(map(str, offsets)), "--png", mode, "--jobs", "1", "--out", out]
        wall = min(run_with_rss(command)[0] for _ in range(repeat))
        size = sum(os.path.getsize(os.path.join(out, f"frame-{o}.png")) for o in offsets) / len(offsets)
        print(f"--png {mode:5}: {wall * 1000 / len(offsets):6.1f} ms/frame on one thread, {size / 1024:5.0f} KB/frame "
              f"({os.path.basename(mail)})")
        shutil.rmtree(out, ignore_errors=True)


def verdict(rows):
    """The issue's targets, checked on this run's numbers."""
    checks = []
    if all(r["chromium"] is not None for r in rows):
        checks.append(("chromium/snapshot >= 8 on every case", all(r["chromium"] / r["ours"] >= 8 for r in rows)))
    checks.append(("snapshot/floor <= 1.5 on every case", all(r["ours"] / r["floor"] <= 1.5 for r in rows)))
    long_mail = rows[-1]
    checks.append((f"peak RSS <= 250 MB on the 50-screen mail ({long_mail['rss']:.0f} MB)", long_mail["rss"] <= 250))
    checks.append(("frames identical to single-threaded ones", all(r["identical"] for r in rows)))
    for text, ok in checks:
        print(f"{'ok  ' if ok else 'MISS'} {text}")


if __name__ == "__main__":
    main()
