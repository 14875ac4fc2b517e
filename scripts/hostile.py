#!/usr/bin/env python3
"""The hostile-input battery (issue 6): generates each input in a scratch folder, runs the
release binary on it as a subprocess and prints a table of case, exit code, wall time, peak
memory and the first stderr line.

A case passes when the run ends in under 5 s with at most 1 GB of memory, by exit 0 (with or
without a warning) or exit 2 with a one-line message, and never by a signal.

    scripts/hostile.py [--binary .build/release/snapshot] [--only NAME,...] [--keep DIR]

Inputs are made by code here, never committed: the largest (a 20 MB line) takes a moment.
"""
import argparse
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

WALL_LIMIT = 5.0
RSS_LIMIT_MB = 1024


# ---------------------------------------------------------------- image helpers

def png_chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, rows=None, color_type=2):
    """A PNG; without `rows` every row is zero bytes, deflated as a stream so a huge image
    costs little memory to make."""
    channels = {0: 1, 2: 3, 6: 4}[color_type]
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    compressor = zlib.compressobj(9)
    parts = []
    row = bytes(1 + width * channels)
    if rows is None:
        block = row * max(1, (1 << 22) // len(row))
        per_block = len(block) // len(row)
        left = height
        while left > 0:
            count = min(left, per_block)
            parts.append(compressor.compress(block if count == per_block else row * count))
            left -= count
    else:
        for data in rows:
            parts.append(compressor.compress(data))
    parts.append(compressor.flush())
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", b"".join(parts)) + png_chunk(b"IEND", b"")


def data_uri(data, mime="image/png"):
    import base64
    return f"data:{mime};base64," + base64.b64encode(data).decode()


# ---------------------------------------------------------------- the cases
# Each returns (files: {name: bytes}, arguments after `snapshot`), run inside its own folder.

def render(mail="mail.html", *extra):
    return ["render", mail, "--out", "out", *extra]


def html_case(text, *extra):
    data = text.encode() if isinstance(text, str) else text
    return {"mail.html": data}, render("mail.html", *extra)


CASES = {}


def case(name, unseen=False):
    def register(function):
        CASES[name] = (function, unseen)
        return function
    return register


@case("nesting-100k")
def _():
    return html_case("<div>" * 100_000 + "deep" + "</div>" * 100_000)


@case("single-line-20mb")
def _():
    words = "lorem ipsum dolor sit amet "
    return html_case("<p>" + words * (20_000_000 // len(words)) + "</p>")


@case("invalid-utf8-nul")
def _():
    noise = bytes(range(256)) * 200
    chunk = b"<p>\xff\xfe\xc0\x80\xed\xa0\x80 \x00text\x00<b\x00>\xf8\x88\x80\x80\x80</p>" + noise
    return html_case(chunk * 50)


@case("colspan-100000")
def _():
    return html_case("<table><tr><td colspan=100000>wide</td></tr><tr><td rowspan=100000>a<td>b</tr></table>")


@case("width-99999999")
def _():
    return html_case("<table width=99999999><tr><td width=99999999>x</td></tr></table>"
                     "<img width=99999999 height=99999999><div style='width:99999999px;height:99999999px'>y</div>")


@case("negative-nan-sizes")
def _():
    return html_case("<table width=-5 height=NaN><tr><td width=NaN>x</td></tr></table>"
                     "<img width=-1 height=NaN><div style='width:NaNpx;height:-1e308px;margin:-1e308px;padding:1e308px'>y</div>"
                     "<div style='width:calc(1e308px * 10);line-height:NaN;font-size:-3px'>z</div>")


@case("font-size-1e9")
def _():
    return html_case("<p style='font-size:1e9px'>huge</p><font size=1e9>font</font><p style='font-size:1e308px;line-height:1e9'>x</p>")


@case("nested-tables-10k")
def _():
    return html_case("<table><tr><td>" * 10_000 + "deep" + "</td></tr></table>" * 10_000)


@case("huge-image-36mpx")
def _():
    image = png(6000, 6000)
    return {"mail.html": b"<img src='big.png'><img src='big.png' width=100>", "big.png": image}, render()


@case("truncated-image")
def _():
    rows = [bytes([0] + [(x * 7 + y) % 256 for x in range(600)]) for y in range(200)]
    image = png(200, 200, rows)
    return {"mail.html": b"<img src='cut.png'><img src='garbage.png'>",
            "cut.png": image[: len(image) // 2], "garbage.png": b"\x89PNG\r\n\x1a\n" + os.urandom(5000)}, render()


@case("png-30000x30000")
def _():
    return {"mail.html": b"<img src='bomb.png'>", "bomb.png": png(30_000, 30_000, color_type=0)}, render()


@case("data-uri-bomb")
def _():
    bomb = data_uri(png(20_000, 20_000, color_type=0))
    distinct = "".join(f"<img src='{data_uri(png(300, 300 + i))}'>" for i in range(200))
    return html_case(f"<img src='{bomb}'><div style=\"background:url('{bomb}')\">x</div>" + distinct
                     + "<img src='data:image/png;base64," + "A" * 25_000_000 + "'>")


def suite_case(text):
    return {"snapshot.json": text.encode(), "mail.html": b"<p>hello</p>"}, ["check", "snapshot.json", "--artifacts", "art"]


@case("suite-wrong-types")
def _():
    return suite_case('{"scenes": [{"name": 5, "mail": ["x"], "offsets": "0,50"}]}')


@case("suite-offsets-types")
def _():
    return suite_case('{"scenes": [{"name": "a", "mail": "mail.html", "offsets": [true, null, {"x": 1}]}]}')


@case("suite-viewport-string")
def _():
    return suite_case('{"scenes": [{"name": "a", "html": "<p>x</p>", "viewport": {"width": "wide", "scale": -1}}]}')


@case("suite-not-object")
def _():
    return suite_case('[1, 2, 3, "scenes"]')


@case("suite-offset-1e309")
def _():
    return suite_case('{"scenes": [{"name": "a", "mail": "mail.html", "offsets": [1e309]}]}')


@case("offsets-1e309")
def _():
    return html_case("<p>x</p>", "--offsets", "1e309")


@case("offsets-minus-zero")
def _():
    return html_case("<p>x</p>", "--offsets", "-0")


@case("offsets-nan")
def _():
    return html_case("<p>x</p>", "--offsets", "NaN,0")


# ---- cases not in the issue

@case("inline-nesting-100k", unseen=True)
def _():
    return html_case("<b><i><span style='padding:1px'>" * 33_000 + "deep" + "</span></i></b>" * 33_000)


@case("br-1e6", unseen=True)
def _():
    return html_case("<p>" + "<br>" * 1_000_000 + "</p>")


@case("pre-10mb", unseen=True)
def _():
    return html_case("<pre>" + "line of preformatted text\twith a tab\n" * 270_000 + "</pre>")


@case("css-1e5-selectors", unseen=True)
def _():
    rules = "".join(f".c{i} > div ~ p:nth-child(2n+1) a[href^='x{i}'] {{ color: red; }}\n" for i in range(100_000))
    return html_case("<style>" + rules + "</style>" + "<div class='c1'><p><a href='x1'>x</a></p></div>" * 2000)


@case("not-chain-10k", unseen=True)
def _():
    return html_case("<style>" + ":not(" * 10_000 + "p" + ")" * 10_000 + " { color: red }</style><p>x</p>")


@case("border-1e9px", unseen=True)
def _():
    return html_case("<div style='border:1e9px solid red;border-radius:1e9px'>x</div>"
                     "<div style='box-shadow:0 0 1e6px 1e6px blue'>y</div>")


@case("margin-negative-1e9", unseen=True)
def _():
    return html_case("<div style='margin-top:-1e9px'>up</div><div style='margin-left:-1e9px;margin-bottom:-1e9px'>left</div><p>after</p>")


@case("letter-spacing-1e9", unseen=True)
def _():
    return html_case("<p style='letter-spacing:1e9px;word-spacing:-1e9px'>spaced out words here</p>")


@case("svg-hostile", unseen=True)
def _():
    # SVG billion laughs through <use>, a turbulence of 10^5 octaves, a convolution of order
    # 30 (aborts librsvg), a 10^5-pixel square, 120 000 elements and references out of the
    # folder: each refused before librsvg draws it (SVGLimits), as <img>, background and inline.
    uses = ("<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='100' height='100'><defs><rect id='a0' width='1' height='1'/>"
            + "".join(f"<g id='a{i + 1}'>" + f"<use xlink:href='#a{i}'/>" * 10 + "</g>" for i in range(12)) + "</defs><use xlink:href='#a12'/></svg>")
    svgs = [
        uses,
        "<svg xmlns='http://www.w3.org/2000/svg' width='390' height='844'><filter id='f'><feTurbulence baseFrequency='0.05' numOctaves='100000'/></filter><rect width='390' height='844' filter='url(#f)'/></svg>",
        "<svg xmlns='http://www.w3.org/2000/svg' width='390' height='844'><filter id='f'><feConvolveMatrix order='30' kernelMatrix='" + " ".join(["1"] * 900) + "'/></filter><rect width='390' height='844' fill='red' filter='url(#f)'/></svg>",
        "<svg xmlns='http://www.w3.org/2000/svg' width='100000' height='100000'><rect width='10' height='10'/></svg>",
        "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>" + "<g/>" * 120_000 + "</svg>",
        "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='40' height='20'><image xlink:href='/etc/hostname' width='40' height='20'/><image href='http://127.0.0.1:9/x.png' width='40' height='20'/></svg>",
    ]
    html = "".join(f"<img src='{data_uri(svg.encode(), 'image/svg+xml')}'><div style=\"height:50px;background:url('{data_uri(svg.encode(), 'image/svg+xml')}')\"></div>{svg}" for svg in svgs)
    return html_case(html)


@case("colgroup-spans-20k", unseen=True)
def _():
    # 20 000 tables whose <colgroup>/<col> spans ask for a million columns each: kept as
    # spans, capped at 1000 columns per table, never expanded per column.
    return html_case('<table><colgroup span=1000 style="background:red"></colgroup><col span=999999><tr><td>x</td></tr></table>' * 20_000)


@case("positioned-boxes-50k", unseen=True)
def _():
    # Absolute boxes with static positions in lines and blocks, relative ones with z-index,
    # stickies and fixed boxes: each placed once, each a paint layer.
    parts = []
    for i in range(50_000):
        kind = ("<span style='position:absolute'>a</span>x ", f"<div style='position:relative;z-index:{(i * 7919) % 2001 - 1000}'>r</div>",
                "<div style='position:sticky;top:0'>s</div>", "<div style='position:fixed;bottom:0;left:%dpx'>f</div>" % (i % 300))[i % 4]
        parts.append(kind)
    return html_case("<div style='position:relative'>" + "".join(parts) + "</div>")


@case("positioned-nesting-3k", unseen=True)
def _():
    # Each level a containing block, a stacking context and an overflow clip for the next.
    level = "<div style='position:absolute;left:1px;top:1px;z-index:1;overflow:hidden;border-radius:3px;clip:rect(0,500px,500px,0)'>"
    return html_case(level * 3_000 + "deep" + "</div>" * 3_000)


@case("spaced-words-100k", unseen=True)
def _():
    # Words that kern with the space, with word spacing, and spaces after fallback-font words:
    # each asks for attributes per word (once quadratic to insert).
    return html_case("<p style='word-spacing:1px'>" + "A " * 100_000 + "</p><p>" + "To 骨 " * 30_000 + "</p>")


@case("pre-1e6-tabs", unseen=True)
def _():
    return html_case("<p style='white-space:pre'>" + "\t" * 1_000_000 + "x</p>")


@case("ol-100k-items", unseen=True)
def _():
    return html_case("<ol start=99999999999>" + "<li>item" * 100_000 + "</ol>")


@case("floats-50k", unseen=True)
def _():
    return html_case("<div style='width:300px'>" + "<div style='float:left;width:7px;height:3px'></div>" * 50_000 + "text</div>")


@case("inline-floats-2k-in-long-text", unseen=True)
def _():
    # Every float sits in one long paragraph: each one met makes the line layout place it.
    words = "".join(f"word{i} <span style='float:{'left' if i % 2 else 'right'};width:{i % 50 + 1}px;height:9px'></span>"
                    for i in range(3_000))
    return html_case("<p style='width:300px'>" + words * 4 + "</p>")


@case("shape-floats-5k", unseen=True)
def _():
    # Lines beside shapes are laid out one at a time: 5,000 shaped floats, each with a paragraph.
    item = ("<div style='float:left;width:60px;height:40px;shape-outside:polygon(0 0,100% 0,0 100%);shape-margin:3px'></div>"
            "<p>lorem ipsum dolor sit amet consectetur</p>")
    return html_case("<div style='width:300px'>" + item * 5_000 + "</div>")


@case("shape-polygon-tall", unseen=True)
def _():
    # A float 200,000 px tall with the most polygon points allowed, a long paragraph beside it.
    points = ",".join(f"{(i * 37) % 100}% {i / 10:.1f}%" for i in range(1_000))
    words = "lorem ipsum dolor sit amet " * 40_000
    return html_case(f"<div style='width:300px'><div style='float:left;width:200px;height:200000px;"
                     f"shape-outside:polygon({points});shape-margin:4px'></div><p style='font-size:4px'>{words}</p></div>")


@case("shape-gradients-2k", unseen=True)
def _():
    # Each drawn to find its shape: past a budget of pixels the rest are margin boxes.
    item = ("<div style='float:left;width:250px;height:120px;shape-margin:60px;"
            "shape-outside:radial-gradient(black, transparent)'></div>text ")
    return html_case("<div style='width:300px'>" + item * 2_000 + "</div>")


@case("css-braces-1e6", unseen=True)
def _():
    return html_case("<style>" + "{[(" * 333_333 + "</style><p>x</p>")


@case("background-1px-tiles", unseen=True)
def _():
    tile = data_uri(png(1, 1, [b"\x00\xff\x00\x00"]))
    return html_case(f"<div style=\"height:30000px;background:url('{tile}') repeat;background-size:0.01px 0.01px\">x</div>", "--offsets", "0,end")


@case("gradient-10k-stops", unseen=True)
def _():
    stops = ",".join(f"{'red' if i % 2 else 'blue'} {i / 100}%" for i in range(10_000))
    return html_case(f"<div style='height:800px;background:linear-gradient({stops})'>x</div>")


@case("attributes-100k", unseen=True)
def _():
    return html_case("<p " + " ".join(f"a{i}=v" for i in range(100_000)) + " class='" + " ".join(f"k{i}" for i in range(100_000)) + "'>x</p>")


@case("formatting-reconstruction", unseen=True)
def _():
    # Each <p> reopens every open formatting element (HTML's "reconstruct the active formatting
    # elements"): 1000 distinct <b>s times 15 000 paragraphs would be 15 million elements.
    return html_case("".join(f"<b id=b{i}>" for i in range(1000)) + "<p>x" * 15_000)


@case("zalgo-combining-marks", unseen=True)
def _():
    return html_case("<p>" + ("Z" + "\u0301\u0308\u0327" * 30_000 + " ") * 3 + "</p>")


@case("zwj-emoji-chain", unseen=True)
def _():
    return html_case("<p>" + "\U0001F468\u200D" * 50_000 + "</p>")


@case("wide-table-20k-cells", unseen=True)
def _():
    return html_case("<table><tr>" + "<td>c" * 15_000 + "</table>")


@case("rowspan-grid", unseen=True)
def _():
    return html_case("<table>" + "<tr>" + "<td rowspan=65534>x" * 100 + "<tr><td>y" * 1_000 + "</table>")


@case("images-10k", unseen=True)
def _():
    tile = data_uri(png(100, 100))
    return html_case(f"<img src='{tile}' width=30 height=30>" * 10_000)


@case("overdraw-5000-layers", unseen=True)
def _():
    layer = "<div style='height:900px;margin-bottom:-900px;background:rgba(255,0,0,.01)'>x</div>"
    return html_case(layer * 5_000)


@case("box-shadow-2000", unseen=True)
def _():
    return html_case("<div style='box-shadow:" + ",".join(["0 0 1000px 1000px red"] * 2_000) + "'>x</div>")


@case("sizing-extremes")
def _():
    # aspect-ratio far from 1 on nested blocks, display: contents and alternating writing modes 10 000 deep.
    ratios = "".join(f"<div style='aspect-ratio:{r}'>" for r in ["1e9", "1e-9", "1/1e-300", "auto 1e308"] * 50)
    contents = "<div style='display:contents;margin:1e9px'>" * 10_000
    modes = "".join(f"<div style='writing-mode:{m};aspect-ratio:1e-9;width:fit-content'>x "
                    for m in ["vertical-rl", "horizontal-tb", "vertical-lr", "sideways-lr"] * 2_500)
    return html_case("<body>" + ratios + "x" + "</div>" * 200 + contents + "y" + "</div>" * 10_000 + modes + "z")


@case("var-exponential", unseen=True)
def _():
    # Each custom property doubles the one before: 2^60 bytes unless capped; on every element.
    chain = "".join(f"--v{i}: var(--v{i - 1}) var(--v{i - 1});" for i in range(1, 61))
    return html_case("<style>* { --v0: xxxxxxxxxxxxxxxx; " + chain + " width: var(--v60, 10px); margin: var(--v30) }</style>"
                     + "<div><p>x</p></div>" * 5_000)


@case("var-cycles-10k", unseen=True)
def _():
    chain = "".join(f"--c{i}: var(--c{i + 1}, 1px);" for i in range(10_000)) + "--c10000: var(--c0);"
    return html_case("<div style='" + chain + "width: var(--c0, 5px)'>x</div>" * 20)


@case("calc-nesting-10k", unseen=True)
def _():
    deep = "calc(" * 10_000 + "1px" + ")" * 10_000
    parens = "calc(" + "(" * 10_000 + "1px" + ")" * 10_001
    long_sum = "calc(" + " + ".join(["1% - 1px"] * 50_000) + ")"
    return html_case(f"<div style='width:{deep};height:{parens}'>x</div><div style='width:{long_sum}'>y</div>"
                     "<div style='width:calc(1e308 * 1e308 * 1px);margin-left:calc(-1px / 0);padding:calc(0px / 0)'>z</div>"
                     + "<div style='width:min(100%, calc(50% + 10px));color:color-mix(in oklch, red, color-mix(in lab, blue, lch(50% 200 " + "1" * 400 + ")))'>w</div>" * 2_000)


def message_case(data):
    return {"mail.eml": data}, render("mail.eml", "--offsets", "0")


@case("eml-subject-unclosed-words-1mb", unseen=True)
def _():
    # GMime's RFC 2047 decoder is quadratic: this never ended before fields were cut at 64 KB.
    return message_case(b"From: a@b.c\r\nSubject: " + b"=?utf-8?B?QUFB" * 80_000 + b"\r\n\r\nbody\r\n")


@case("eml-parts-150k", unseen=True)
def _():
    return message_case(b"From: a@b.c\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" + b"--b\r\nx\r\n" * 150_000 + b"--b--\r\n")


@case("eml-forwarded-5000", unseen=True)
def _():
    parts = b"".join(b"--b\r\nContent-Type: message/rfc822\r\n\r\nFrom: a@b.c\r\nSubject: s%d\r\n\r\ntext %d\r\n" % (i, i) for i in range(5000))
    return message_case(b"From: a@b.c\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" + parts + b"--b--\r\n")


@case("eml-address-comments-500k", unseen=True)
def _():
    return message_case(b"From: " + b"(" * 500_000 + b"a@b.c\r\nTo: " + b'"' * 300_000 + b"\r\nSubject: x\r\n\r\nbody\r\n")


# ---------------------------------------------------------------- running

def run_case(binary, name, function, keep):
    folder = tempfile.mkdtemp(prefix=f"hostile-{name}-", dir=keep)
    files, arguments = function()
    for file_name, data in files.items():
        with open(os.path.join(folder, file_name), "wb") as handle:
            handle.write(data)
    started = time.monotonic()
    process = subprocess.Popen([binary, *arguments], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # Read stderr on the side so a chatty run cannot block on a full pipe.
    import threading
    chunks = []
    reader = threading.Thread(target=lambda: chunks.append(process.stderr.read()))
    reader.start()
    killed = False
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - started > 60:
            process.kill()
            killed = True
            pid, status, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.01)
    wall = time.monotonic() - started
    reader.join()
    process.returncode = 0
    lines = chunks[0].decode(errors="replace").splitlines() if chunks else []
    if os.WIFSIGNALED(status):
        code = f"SIG{signal.Signals(os.WTERMSIG(status)).name[3:]}" if not killed else "killed"
    else:
        code = os.WEXITSTATUS(status)
    rss = usage.ru_maxrss / 1024
    problems = []
    if not isinstance(code, int):
        problems.append("signal")
    elif code not in (0, 2):
        problems.append(f"exit {code}")
    elif code == 2 and len(lines) != 1:
        problems.append(f"{len(lines)} stderr lines")
    if wall > WALL_LIMIT:
        problems.append("slow")
    if rss > RSS_LIMIT_MB:
        problems.append("memory")
    if not keep:
        subprocess.run(["rm", "-rf", folder])
    return code, wall, rss, lines, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/snapshot")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--keep", help="keep each case's folder under this directory")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"hostile.py: no binary at {binary}; run `make build` first")
    chosen = options.only.split(",") if options.only else list(CASES)
    unknown = [name for name in chosen if name not in CASES]
    if unknown:
        sys.exit(f"hostile.py: unknown case {unknown[0]} (known: {', '.join(CASES)})")
    if options.keep:
        os.makedirs(options.keep, exist_ok=True)
    print(f"| case | exit | wall s | max RSS MB | result | message |")
    print(f"|---|---|---|---|---|---|")
    failures = 0
    for name in chosen:
        function, unseen = CASES[name]
        code, wall, rss, lines, problems = run_case(binary, name, function, options.keep)
        failures += bool(problems)
        message = lines[0] if lines else ""
        if len(lines) > 1:
            message += f" (+{len(lines) - 1} more)"
        if len(message) > 150:
            message = message[:147] + "..."
        label = name + (" *" if unseen else "")
        print(f"| {label} | {code} | {wall:.2f} | {rss:.0f} | {'ok' if not problems else 'FAIL: ' + ', '.join(problems)} | {message.replace('|', '/')} |", flush=True)
    print(f"\n{len(chosen)} cases (* = not in the issue), {failures} failing; limits: {WALL_LIMIT:g} s, {RSS_LIMIT_MB} MB, exit 0 or 2 with one line")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
