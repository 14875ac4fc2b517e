#!/usr/bin/env python3
"""Writes the seed inputs of each fuzz target into OUT/<Target>/ (called by `make fuzz`).

Seeds come from the mail corpus (../shared/corpus), the repo's test fixtures, the tiny
images in Fuzz/seeds, and small inputs generated here; nothing big is committed.
Usage: make-seeds.py REPO CORPUS OUT
"""
import base64
import json
import os
import quopri
import re
import struct
import sys
import zlib

repo, corpus, out = sys.argv[1:4]


def write(target, name, data):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def files(root, suffix, max_bytes=64 * 1024):
    found = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            path = os.path.join(folder, name)
            if name.endswith(suffix) and os.path.getsize(path) <= max_bytes:
                found.append(path)
    return sorted(found)


def seed_name(path):
    return re.sub(r"[^A-Za-z0-9._-]", "_", os.path.relpath(path, "/"))


# --- HTML + CSS → layout: corpus mails, layout fixtures, and small documents per feature.
html_files = files(corpus, ".html") + files(os.path.join(repo, "Tests", "Fixtures"), ".html")
for path in html_files:
    write("FuzzHTMLLayout", seed_name(path), open(path, "rb").read())
TINY_PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==")
snippets = {
    "table": '<table width="300" border="1" cellpadding="4"><tr><td colspan="2">a</td></tr>'
             '<tr><td width="30%">b</td><td rowspan="2" valign="bottom">c</td></tr><tr><td>d</td></tr></table>',
    "nested-tables": "<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table>" * 3,
    "floats": '<div style="float:left;width:100px;height:50px;background:red"></div><p>text around</p>'
              '<div style="clear:both;float:right;width:40%">r</div>',
    "inline": "<p>Some <b>bold</b> <i>italic</i> <a href='https://x.y'>link</a> <span style='font-size:30px'>big</span>"
              "<br>next line &amp; entity &#x1F600; \u05e9\u05dc\u05d5\u05dd \u4e2d\u6587</p>",
    "images": f'<img src="data:image/png;base64,{TINY_PNG}" width="20" height="10"><img src="https://x/y.png" alt="remote">'
              '<img src="missing.png" alt="alt text" style="display:block">',
    "style": "<style>@media (max-width: 600px) { .c { width: 100% !important } } .c { margin: 0 auto; max-width: 600px }"
             " @media (prefers-color-scheme: dark) { body { background: #000; color: #fff } }</style>"
             '<div class="c" style="padding: 10px 5%; border: 1px solid #ccc; border-radius: 4px">content</div>',
    "lists": "<ul><li>one<ol><li>two</li></ol></li></ul><blockquote>q</blockquote><pre>  pre\n text</pre><hr>",
    "viewport": '<meta name="viewport" content="width=device-width, initial-scale=1"><div style="width:1200px">wide</div>',
    "quirks": '<html><body><table><tr><td style="font-size:12px">q</td></tr></table><font size="+2" color="blue">f</font>',
    "positions": '<div style="position:relative;top:10px;left:-5px;line-height:0">p</div><center>c</center>'
                 '<div style="display:inline-block;width:50px;vertical-align:middle">ib</div>',
    "backgrounds": '<div style="background:#eee url(data:image/png;base64,' + TINY_PNG + ') repeat-x;height:40px;'
                   'background-size:cover">bg</div>',
}
for name, html in snippets.items():
    write("FuzzHTMLLayout", name + ".html", html)

# --- CSS alone: every <style> sheet and style attribute of the mails, and small sheets.
for path in html_files:
    text = open(path, encoding="utf-8", errors="replace").read()
    for index, sheet in enumerate(re.findall(r"<style[^>]*>(.*?)</style>", text, re.S | re.I)):
        write("FuzzCSS", f"{seed_name(path)}-{index}.css", sheet[:16 * 1024])
    inline = re.findall(r'style="([^"]*)"', text)
    if inline:
        write("FuzzCSS", f"{seed_name(path)}-inline.css", ";\n".join(inline)[:8 * 1024])
sheets = {
    "selectors": "div > p + ul ~ ol, #main .lead:first-child a[href^='https'], td:nth-child(2n+1):not(.x), "
                 "li:last-child::before, *[data-x='1' i] { color: red }",
    "media": "@media screen and (min-width: 320px) and (max-width: 600px), print { p { margin: 0 } } "
             "@media (400px <= width < 800px) { a { color: blue } } @media not all and (orientation: landscape) {}",
    "values": "p { font: italic bold 12px/1.5 'Helvetica Neue', Arial, sans-serif; color: rgb(10 20 30 / 50%); "
              "background: linear-gradient(red, blue); margin: -1em auto calc(10px + 2%); width: 1e3px; "
              "border: thin dashed hsl(120deg 50% 50%); line-height: normal; text-decoration: underline overline }",
    "escapes": "@charset \"utf-8\"; @import url(x.css); .a\\:b { content: \"\\201C\" } /* comment */ <!-- --> "
               "@font-face { font-family: X; src: url(data:font/woff;base64,AAAA) }",
    "important": "td { padding: 0 !important; font-size: 0 !IMPORTANT } @supports (display: grid) { x { y: z } }",
}
for name, css in sheets.items():
    write("FuzzCSS", name + ".css", css)

# --- Images: PNGs of every colour type, depth and interlacing, generated here; the tiny
# JPEG / GIF / WebP / BMP files committed beside this script; small fixture PNGs.


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, colour_type, depth, interlace=0, extra=b"", rows=None):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    row_bytes = (width * channels * depth + 7) // 8
    if rows is None:
        rows = b"".join(b"\x00" + bytes((x * 37 + y * 11) & 0xFF for x in range(row_bytes)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, interlace)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


depths = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
for colour_type, allowed in depths.items():
    for depth in allowed:
        extra = chunk(b"PLTE", bytes(range(48))) if colour_type == 3 else b""
        write("FuzzImages", f"png-c{colour_type}-d{depth}.png", png(5, 3, colour_type, depth, extra=extra))
write("FuzzImages", "png-interlaced.png", png(9, 9, 6, 8, interlace=1))
write("FuzzImages", "png-trns-gamma.png",
      png(4, 4, 2, 8, extra=chunk(b"gAMA", struct.pack(">I", 45455)) + chunk(b"tRNS", b"\x00\x10\x00\x20\x00\x30")))
write("FuzzImages", "png-palette-trns.png", png(4, 4, 3, 8, extra=chunk(b"PLTE", bytes(range(12))) + chunk(b"tRNS", b"\x80")))
write("FuzzImages", "png-truncated.png", png(64, 64, 6, 8)[:60])
for path in files(os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds"), "", 4096):
    write("FuzzImages", os.path.basename(path), open(path, "rb").read())
for path in files(os.path.join(repo, "Tests", "Fixtures"), ".png", 32 * 1024):
    write("FuzzImages", seed_name(path), open(path, "rb").read())

# --- Suite files: every key of the format, good and wrong types.
suites = {
    "full": {
        "golden": "golden",
        "defaults": {"device": "iphone-13", "offsets": [0, "0:end:100", "end"], "appearance": "dark",
                     "tolerance": {"threshold": 0.1, "includeAA": False, "maxDiffPixels": 10, "maxDiffRatio": 0.01,
                                   "window": 8}, "timezone": "Europe/Berlin"},
        "scenes": [
            {"name": "inline", "html": "<p>x</p>", "header": {"height": 80, "color": "#ff0000", "html": "<b>h</b>",
                                                             "mode": "collapse", "min": 40},
             "viewport": {"width": 375, "height": 667, "scale": 2}, "bounce": True, "overscrollColor": "#BFBDC2",
             "indicator": "follow", "indicatorStyle": "white", "strategy": "reframe", "viewportRules": "webkit",
             "engine": "wkwebview", "safeArea": {"top": 20, "bottom": 34}, "insetAdjustment": "never",
             "toolbarHeight": 44, "masks": [{"x": 0, "y": 0, "width": 10, "height": 10}]},
            {"name": "mail-file", "mail": "mail.html"},
            {"name": "message", "mail": "message.eml", "timezone": "+02:00"},
        ],
    },
    "minimal": {"scenes": [{"name": "a", "html": ""}]},
    "wrong-types": {"scenes": [{"name": 1, "html": ["x"], "offsets": "0", "bounce": "yes"}]},
    "escape": {"golden": "/tmp", "scenes": [{"name": "x", "mail": "../../etc/passwd"}, {"name": "x", "mail": "/etc/hosts"}]},
    "offsets": {"scenes": [{"name": "o", "html": "", "offsets": [-0.0, 1e308, "1:end:0.5", "end", "0:10:3", -5]}]},
}
for name, suite in suites.items():
    write("FuzzSuite", name + ".json", json.dumps(suite, indent=1))
write("FuzzSuite", "not-json.json", '{"scenes": [ {"name": "a", "html": "<p>\\ud800"}')

# --- Command lines: one argument per line; the first line also goes to the offsets parser.
command_lines = [
    ["0,50,150", "--offsets", "0:end:100,end", "--bounce"],
    ["0:600:50", "mail.html", "--width", "390", "--height=844", "--scale", "3", "--header-height", "100"],
    ["end", "--device", "iphone-15-pro", "--safe-area-top", "59", "--toolbar-height", "44", "--inset-adjustment", "always"],
    ["-0", "--header-mode", "collapse", "--header-min", "44", "--indicator", "follow", "--indicator-style", "white"],
    ["1e309", "--strategy", "reframe", "--viewport-rules", "webkit", "--engine", "wkwebview", "--appearance", "dark"],
    ["0:0.3:0.1", "--overscroll-color", "#1C1C1E", "--header-color", "rgb(1 2 3 / 50%)", "--header-html", "<b>x</b>"],
    ["NaN", "--threshold", "0.1", "--max-diff-pixels", "5", "--max-diff-ratio", "0.5", "--window", "8",
     "--mask", "0,0,10,10;5,5,1,1", "--include-aa", "--shard", "1/3", "--record", "missing", "--scene", "a,b"],
    ["0", "--filmstrip", "s.png", "--apng", "a.png", "--frame-delay", "200", "--png", "small", "--jobs", "2",
     "--timezone", "Europe/Berlin", "--full-page", "--json"],
]
for index, argv in enumerate(command_lines):
    write("FuzzArguments", f"argv-{index}", "\n".join(argv))

# --- MIME messages (.eml): generated here, CRLF line ends, one per structure a reader meets.


def mime(headers, body):
    """A message or part: header lines, a blank line, the body (str or bytes)."""
    head = "".join(line + "\r\n" for line in headers).encode() + b"\r\n"
    return head + (body if isinstance(body, bytes) else body.replace("\n", "\r\n").encode())


def multipart(subtype, boundary, parts, params=""):
    body = b"This is a multi-part message in MIME format.\r\n"
    for part in parts:
        body += b"\r\n--" + boundary.encode() + b"\r\n" + part
    body += b"\r\n--" + boundary.encode() + b"--\r\n"
    return [f'Content-Type: multipart/{subtype}; boundary="{boundary}"{params}'], body


def b64(data, width=76):
    text = base64.b64encode(data if isinstance(data, bytes) else data.encode()).decode()
    return "\r\n".join(text[i:i + width] for i in range(0, len(text), width)).encode()


def word(text, charset="utf-8", encoding="B"):
    data = text.encode(charset)
    if encoding == "B":
        return f"=?{charset}?B?{base64.b64encode(data).decode()}?="
    return f"=?{charset}?Q?{quopri.encodestring(data, header=True).decode()}?="


ENVELOPE = [
    f"From: {word('Zoë Müller')} <zoe@example.com>",
    "To: Bob <bob@example.com>, carol@example.com",
    'Cc: "Dave, the reviewer" <dave@example.org>',
    "Date: Sun, 03 Mar 2024 10:42:00 +0100",
    "Message-ID: <seed@example.com>",
    "MIME-Version: 1.0",
]


def message(subject, content_headers, body, envelope=ENVELOPE):
    return mime(envelope + [f"Subject: {subject}"] + content_headers, body)


HTML_BODY = ('<html><head><style>p { margin: 0 0 8px } .h { display: none }</style></head><body>'
             '<p class="h">preheader</p><table width="100%"><tr><td>Café <b>crème</b></td><td>12 €</td></tr></table>'
             '<p>Hello, <a href="https://example.com">world</a>.<br>Line two.</p></body></html>')
PLAIN_BODY = "Hello Bob,\n\nsee below.\n\n> quoted line\n> > deeper\n\n-- \nZoë\n"
png_seed = base64.b64decode(TINY_PNG)

messages = {}
messages["plain-utf8"] = message("plain", ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit"],
                                 PLAIN_BODY.encode())
messages["html-qp"] = message(word("Café menu — größer"), ["Content-Type: text/html; charset=utf-8",
                                                           "Content-Transfer-Encoding: quoted-printable"],
                              quopri.encodestring(HTML_BODY.encode()).replace(b"\n", b"\r\n"))
headers, body = multipart("alternative", "alt-1", [
    mime(["Content-Type: text/plain; charset=iso-8859-1", "Content-Transfer-Encoding: quoted-printable"],
         quopri.encodestring(PLAIN_BODY.encode("iso-8859-1")).replace(b"\n", b"\r\n")),
    mime(["Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64"], b64(HTML_BODY)),
])
messages["alternative-qp-base64"] = message(word("Grüße", "iso-8859-1", "Q"), headers, body)
related_html = HTML_BODY.replace("Hello,", 'Hello, <img src="cid:logo@seed" width="20" alt="logo">')
inner_headers, inner_body = multipart("related", "rel-1", [
    mime(["Content-Type: text/html; charset=utf-8"], related_html),
    mime(["Content-Type: image/png; name=logo.png", "Content-Transfer-Encoding: base64", "Content-ID: <logo@seed>",
          "Content-Disposition: inline; filename=logo.png"], b64(png_seed)),
], '; type="text/html"')
headers, body = multipart("mixed", "mix-1", [
    mime(inner_headers, inner_body),
    mime(["Content-Type: application/pdf; name=menu.pdf", "Content-Transfer-Encoding: base64",
          "Content-Disposition: attachment; filename*=UTF-8''men%C3%BC.pdf"], b64(b"%PDF-1.4 " * 20)),
])
messages["mixed-related-cid"] = message("related with cid image", headers, body)
messages["iso-2022-jp"] = message(word("こんにちは", "iso-2022-jp"),
                                  ["Content-Type: text/plain; charset=ISO-2022-JP", "Content-Transfer-Encoding: 7bit"],
                                  "日本語のメールです。\n二行目。\n".encode("iso-2022-jp"))
forwarded = message("the original", ["Content-Type: text/html; charset=utf-8"], "<p>Forwarded <i>body</i></p>")
headers, body = multipart("mixed", "fwd-1", [
    mime(["Content-Type: text/plain; charset=us-ascii"], "See the forwarded message.\n"),
    mime(["Content-Type: message/rfc822", "Content-Disposition: inline"], forwarded),
])
messages["forwarded-rfc822"] = message("Fwd: the original", headers, body)
headers, body = multipart("digest", "dig-1", [
    mime([], message("first", ["Content-Type: text/plain"], "one\n")),
    mime([], message("second", ["Content-Type: text/html"], "<b>two</b>\n")),
])
messages["digest"] = message("digest", headers, body)
messages["windows-1252-html"] = message("=?windows-1252?Q?=93quoted=94_=80?=",
                                        ["Content-Type: text/html; charset=windows-1252"],
                                        '<p>\x93smart quotes\x94 \x80 10 \x96 20</p>'.encode("latin-1"))
messages["malformed-headers"] = (b"From: <<<@@>>\r\nTo: ,,,;\r\nSubject: =?utf-8?B?broken?= =?unknown?Q?x?= =?utf-8?B?\r\n"
                                 b"Date: Feb 30 99 25:61 +9999\r\nContent-Type: text/html; charset=\"no-such-charset\r\n"
                                 b"Content-Transfer-Encoding: base64\r\n folded-garbage\r\nno colon line\r\n\r\n"
                                 b"PGI+YnJva2VuPC9i!!!PgoK\r\n")
messages["missing-boundary"] = message("no boundary", ["Content-Type: multipart/alternative"],
                                       "--x\nContent-Type: text/plain\n\nlost\n--x--\n")
messages["unterminated-multipart"] = message("unterminated", ['Content-Type: multipart/mixed; boundary="u"'],
                                             "--u\nContent-Type: text/html\n\n<p>open\n--u\nContent-Type: text/plain\n")
headers, body = multipart("alternative", "deep-0", [
    mime(*multipart("related", "deep-1", [mime(*multipart("alternative", "deep-2", [
        mime(["Content-Type: text/html; charset=utf-16"], "<p>wide</p>".encode("utf-16")),
        mime(["Content-Type: text/plain; format=flowed; delsp=yes"], "flowed line \nwraps here\n"),
    ]))])),
])
messages["nested-utf16-flowed"] = message(word("ünïcödé", "utf-8", "Q"), headers, body)
messages["no-mime-version"] = b"Subject: bare\r\n\r\nJust text, no MIME headers at all.\r\n"
for name, data in messages.items():
    write("FuzzMessages", name + ".eml", data)
for path in files(os.path.join(repo, "Tests", "Fixtures"), ".eml"):
    write("FuzzMessages", seed_name(path), open(path, "rb").read())
