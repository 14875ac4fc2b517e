// Layout benchmark: parse → style → layout → paint of each mail, once per scene as the
// renderer does it, against a baseline measured in the same run (gumbo's parse alone).
// Usage: LayoutBenchmark [CORPUS_DIR] [--runs N]
import Foundation
import RenderCore

let arguments = CommandLine.arguments.dropFirst()
let corpus = arguments.first { !$0.hasPrefix("--") } ?? "../shared/corpus"
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[arguments.index(after: $0)]) } ?? 15

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

let files = (FileManager.default.enumerator(atPath: corpus)?.compactMap { $0 as? String } ?? [])
    .filter { $0.hasSuffix(".html") }.sorted()
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("LayoutBenchmark: no .html files under \(corpus)\n".utf8))
    exit(2)
}
_ = LaidOutDocument(html: "<p>warm up</p>", viewportWidth: 390, viewportHeight: 844)  // fonts loaded once
print("mail                                   bytes   parse ms  layout ms  layout/parse")
for file in files {
    let path = (corpus as NSString).appendingPathComponent(file)
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    let html = String(decoding: data, as: UTF8.self)
    let folder = (path as NSString).deletingLastPathComponent
    var parse: [Double] = [], layout: [Double] = []
    for _ in 0..<runs {
        parse.append(milliseconds { _ = HTMLParser.parse(html) })
        layout.append(milliseconds {
            _ = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, images: ImageStore(baseDirectory: folder))
        })
    }
    let p = median(parse), l = median(layout)
    let name = file.count < 36 ? file + String(repeating: " ", count: 36 - file.count) : file
    print(name + String(format: " %8d %9.2f %10.2f %12.1f", data.count, p, l, l / p))
}
