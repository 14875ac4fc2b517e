import Foundation
import RenderCore

// `make bench-compare`: how long the pixelmatch comparison of two 1170×2532 frames takes after
// decoding (the budget is 30 ms in a release build), next to a memcmp of the same
// buffers measured in the same run as the baseline.

/// CPU time of the whole process (all threads), in ms: tells work apart from waiting when
/// other programs load the machine and wall times drift.
func processCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e3 + Double(spec.tv_nsec) / 1e6
}

/// Median wall time of `runs` runs, in ms; `cpu` receives the median CPU time.
func median(_ runs: Int, cpu: UnsafeMutablePointer<Double>? = nil, _ body: () -> Void) -> Double {
    var times: [Double] = [], cpuTimes: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = processCPUTime()
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        cpuTimes.append(processCPUTime() - cpuStart)
    }
    cpu?.pointee = cpuTimes.sorted()[runs / 2]
    return times.sorted()[runs / 2]
}

func frame(_ html: String, offset: Double) throws -> RGBAImage {
    var scene = Scene(html: html)
    scene.offsets = [.at(offset)]
    let renderer = try SceneRenderer(scene: scene)
    return try renderer.render(renderer.frames[0]).rgbaImage
}

let base = try frame(SampleMail.html, offset: 0)
let same = try frame(SampleMail.html, offset: 0)  // equal pixels in a separate buffer
let oneWord = try frame(SampleMail.html.replacingOccurrences(of: "Hello Alex", with: "Hello Sam"), offset: 0)
let scrolled = try frame(SampleMail.html, offset: 50)
print("frames: \(base.width)x\(base.height), \(ProcessInfo.processInfo.activeProcessorCount) cores")

let runs = 21
var sink = 0
let memcmpTime = median(runs) {
    base.pixels.withUnsafeBytes { a in oneWord.pixels.withUnsafeBytes { b in sink &+= Int(memcmp(a.baseAddress!, b.baseAddress!, a.count)) } }
}
print(String(format: "baseline memcmp of the buffers:          %7.2f ms", memcmpTime))
for (name, actual) in [("identical frames (fast path)", same), ("one word changed", oneWord), ("scrolled by 50 pt (most pixels differ)", scrolled)] {
    var result: PixelComparisonResult?
    var cpu = 0.0
    let time = median(runs, cpu: &cpu) { result = PixelComparison.compare(expected: base, actual: actual) }
    let padded = (name + ":").padding(toLength: 40, withPad: " ", startingAt: 0)
    print(String(format: "%@ %7.2f ms  (%.1fx memcmp, CPU %.1f ms)  %d differing, %d anti-aliased", padded, time, time / memcmpTime,
                 cpu, result!.diffPixels, result!.aaPixels))
}
if sink == 42 { print("") }  // keeps the baseline from being optimised away
var noAA = ComparisonOptions()
noAA.includeAA = true
var noAACPU = 0.0
let noAATime = median(runs, cpu: &noAACPU) { _ = PixelComparison.compare(expected: base, actual: scrolled, options: noAA) }
print(String(format: "scrolled, --include-aa (no AA detection): %7.2f ms  (CPU %.1f ms)", noAATime, noAACPU))
let verdicts = PixelComparison.compare(expected: base, actual: scrolled).verdicts!
let regionsTime = median(runs) { _ = ChangedRegions.find(verdicts, width: base.width, height: base.height) }
print(String(format: "  of which boxing regions:               %7.2f ms", regionsTime))
