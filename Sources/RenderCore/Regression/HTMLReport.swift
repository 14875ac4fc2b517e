import Foundation

/// One self-contained HTML page (images inlined as data URLs, no network, no external files)
/// to open from a CI artifact: a table of every frame, and for each failing frame the expected
/// and actual images side by side with the diff, a slider and an onion skin.
enum HTMLReport {
    static func render(_ result: RunResult) -> String {
        let failing = result.frames.filter { $0.status.isFailure }
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>snapshot report</title>
        <style>
        body { font: 14px/1.4 -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #1d1d1f; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 32px 0 6px; }
        .meta { color: #666; } .env { background: #fff4e5; border: 1px solid #f0b35b; padding: 8px 12px; margin: 12px 0; }
        table { border-collapse: collapse; margin: 12px 0; } td, th { padding: 4px 10px; border-bottom: 1px solid #e5e5e5; text-align: left; }
        .passed, .unchanged, .recorded, .rerecorded { color: #1a7f37; } .tolerated { color: #9a6700; } .failed, .missing { color: #cf222e; font-weight: 600; }
        .views button { font: inherit; padding: 4px 10px; margin-right: 4px; border: 1px solid #999; background: #f6f6f6; border-radius: 4px; cursor: pointer; }
        .views button.on { background: #1d1d1f; color: white; }
        .panes { display: flex; gap: 12px; align-items: flex-start; } .panes figure { margin: 0; }
        figcaption { color: #666; font-size: 12px; } img { width: 100%; display: block; border: 1px solid #ccc; }
        .stack { position: relative; } .stack img.top { position: absolute; left: 0; top: 0; }
        \(ElementChangesHTML.style).legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; border: 1px solid #999; }
        </style></head><body>
        <h1>snapshot report</h1>
        <div class="meta">\(escape(summaryLine(result)))\(result.suite.map { " · suite " + escape($0) } ?? "")\(result.shard.map { " · shard " + escape($0) } ?? "") · record mode \(result.recordMode.rawValue)</div>

        """
        if !result.environmentChanges.isEmpty {
            html += "<div class=\"env\"><b>The rendering environment changed since the goldens were recorded:</b> \(escape(result.environmentChanges.joined(separator: "; ")))</div>\n"
        }
        if let unreadable = result.invisibleText, !unreadable.isEmpty {
            let failed = unreadable.contains { $0.failed }
            html += "<h2>Text that cannot be read\(failed ? " (fails the run)" : "")</h2>\n<table><tr><th>scene</th><th>element</th><th>text</th><th>background</th><th>contrast</th></tr>\n"
            for run in unreadable {
                func swatch(_ hex: String) -> String {
                    "<span style=\"display:inline-block;width:12px;height:12px;border:1px solid #999;vertical-align:middle;background:\(escape(hex))\"></span> \(escape(hex))"
                }
                html += "<tr><td class=\"\(run.failed ? "failed" : "")\">\(escape(run.scene))</td><td><code>\(escape(run.path))</code></td><td>\(swatch(run.color))</td><td>\(swatch(run.background))</td><td>\(String(format: "%.2f", run.contrast)):1</td></tr>\n"
            }
            html += "</table>\n"
        }
        html += "<table><tr><th>scene</th><th>offset</th><th>status</th><th>details</th></tr>\n"
        for frame in result.frames {
            let anchor = frame.status.isFailure ? "<a href=\"#\(id(frame))\">\(escape(frame.scene))</a>" : escape(frame.scene)
            html += "<tr><td>\(anchor)</td><td>\(escape(frame.offsetName))</td><td class=\"\(frame.tolerated == nil ? frame.status.rawValue : "tolerated")\">\(frame.status.rawValue)</td><td>\(escape(frame.message))</td></tr>\n"
        }
        html += "</table>\n"
        if !failing.isEmpty {
            html += "<div class=\"legend\">Diff:<span style=\"background:#f00\"></span>actual lighter (removed)<span style=\"background:#0a0\"></span>actual darker (added)<span style=\"background:#ff0\"></span>anti-aliasing (ignored)<span style=\"background:#f0f\"></span>changed region<span style=\"background:#bfd9ff\"></span>masked</div>\n"
        }
        if let stale = result.staleGoldens, !stale.isEmpty {
            html += "<h2>Stale goldens</h2>\n<p class=\"meta\">No scene or offset of the suite stands for these; <code>\(escape(result.prune ?? "snapshot prune --yes"))</code> removes them.</p>\n<ul>\n"
            html += stale.map { "<li><code>\(escape($0))</code></li>\n" }.joined() + "</ul>\n"
        }
        for frame in failing { html += section(frame, accept: result.accept) }
        html += """
        <script>
        document.querySelectorAll('.frame').forEach(function (frame) {
          var buttons = frame.querySelectorAll('.views button'), views = frame.querySelectorAll('.view');
          buttons.forEach(function (button, index) {
            button.addEventListener('click', function () {
              buttons.forEach(function (b) { b.classList.remove('on'); }); button.classList.add('on');
              views.forEach(function (v, i) { v.style.display = i === index ? '' : 'none'; });
            });
          });
          var slider = frame.querySelector('input.slider'), top = frame.querySelector('.slide img.top');
          if (slider) slider.addEventListener('input', function () { top.style.clipPath = 'inset(0 ' + (100 - slider.value) + '% 0 0)'; });
          var onion = frame.querySelector('input.onion'), over = frame.querySelector('.onionskin img.top');
          if (onion) onion.addEventListener('input', function () { over.style.opacity = onion.value / 100; });
        });
        </script>
        </body></html>

        """
        return html
    }

    private static func section(_ frame: RunResult.Frame, accept: AcceptCommand?) -> String {
        let expected = frame.artifacts?.expected.flatMap(dataURL)
        let actual = frame.artifacts.flatMap { dataURL($0.actual) }
        let diff = frame.artifacts?.diff.flatMap(dataURL)
        var html = "<div class=\"frame\" id=\"\(id(frame))\"><h2>\(escape(frame.scene)) @\(escape(frame.offsetName)) — \(frame.status.rawValue)</h2>\n"
        html += "<p>\(escape(frame.message))</p>\n"
        if let accept { html += "<p class=\"meta\">Accept this frame: <code>\(escape(accept.frame(scene: frame.scene, offset: frame.offsetName)))</code></p>\n" }
        html += ElementChangesHTML.list(frame.elementChanges)
        if !frame.regionsPt.isEmpty {
            let boxes = frame.regionsPt.prefix(10).map { "x \(Scene.format($0.x)) y \(Scene.format($0.y)) w \(Scene.format($0.width)) h \(Scene.format($0.height))" }
            html += "<p class=\"meta\">Changed regions (pt): \(escape(boxes.joined(separator: " · ")))\(frame.regionsPt.count > 10 ? " …" : "")</p>\n"
        }
        func figure(_ source: String?, _ caption: String, _ outlines: String = "") -> String {
            guard let source else { return "<figure style=\"flex:1\"><figcaption>\(caption): none</figcaption></figure>" }
            return "<figure style=\"flex:1\"><figcaption>\(caption)</figcaption><div class=\"stack\"><img src=\"\(source)\" alt=\"\(caption)\">\(outlines)</div></figure>"
        }
        let canOverlay = expected != nil && actual != nil && frame.expectedSize == frame.actualSize
        html += "<div class=\"views\"><button class=\"on\">Side by side</button>"
        if canOverlay { html += "<button>Slider</button><button>Onion skin</button>" }
        html += "</div>\n"
        html += "<div class=\"view panes\" style=\"max-width:1100px\">\(figure(expected, "expected", ElementChangesHTML.outlines(frame.elementChanges, expected: true)))\(figure(actual, "actual", ElementChangesHTML.outlines(frame.elementChanges, expected: false)))\(figure(diff, "diff"))</div>\n"
        if canOverlay, let expected, let actual {
            html += """
            <div class="view slide" style="display:none;max-width:420px"><input class="slider" type="range" min="0" max="100" value="50" style="width:100%">
            <figcaption>left of the line: actual · right: expected</figcaption>
            <div class="stack"><img src="\(expected)" alt="expected"><img class="top" src="\(actual)" alt="actual" style="clip-path: inset(0 50% 0 0)"></div></div>
            <div class="view onionskin" style="display:none;max-width:420px"><input class="onion" type="range" min="0" max="100" value="50" style="width:100%">
            <figcaption>actual over expected, opacity from the slider</figcaption>
            <div class="stack"><img src="\(expected)" alt="expected"><img class="top" src="\(actual)" alt="actual" style="opacity:0.5"></div></div>

            """
        }
        return html + "</div>\n"
    }

    private static func summaryLine(_ result: RunResult) -> String {
        let parts = FrameStatus.allCases.map(\.rawValue).compactMap { key -> String? in
            guard let count = result.summary[key], count > 0 else { return nil }
            let tolerated = key == FrameStatus.passed.rawValue ? result.summary["withinTolerance"] ?? 0 : 0
            return "\(count) \(key)" + (tolerated > 0 ? " (\(tolerated) within tolerance)" : "")
        }
        return "\(result.summary["frames"] ?? 0) frames" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    private static func id(_ frame: RunResult.Frame) -> String {
        "frame-" + (frame.scene + "-" + frame.offsetName).map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    private static func dataURL(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { "data:image/png;base64," + $0.base64EncodedString() }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
