import Foundation
import Testing
@testable import RenderCore

/// CSS values and functions: math functions, relative units, custom properties and the
/// modern colour functions (issue 13). Layout of the same is in the `values-*` fixtures.
@Suite struct ValuesTests {
    static func length(_ text: String, nonNegative: Bool = false) -> Length? {
        PropertyValues.length(text, fontSize: 10, rootFontSize: 16, allowAuto: false, nonNegative: nonNegative)
    }

    // MARK: calc(), min(), max(), clamp()

    @Test func mathFunctionsFoldWithoutPercentages() {
        #expect(Self.length("calc(10px + 2em)") == .px(30))
        #expect(Self.length("calc((10px + 2rem) * 2 / 4)") == .px(21))
        #expect(Self.length("min(10px, 5em, 100px)") == .px(10))
        #expect(Self.length("max(1in, 2cm)") == .px(96))
        #expect(Self.length("clamp(10px, 1px, 5px)") == .px(10))  // MIN wins over MAX
        #expect(Self.length("calc(50%)") == .percent(50))
        #expect(Self.length("calc(100% / 4)") == .percent(25))
        #expect(Self.length("calc(10%  +  5%)") == .percent(15))
        #expect(Self.length("-webkit-calc(1px + 1px)") == .px(2))
        #expect(Self.length("CALC(1PX + 1PX)") == .px(2))
    }

    @Test func mathFunctionsWithPercentagesResolveAtLayout() throws {
        let length = try #require(Self.length("calc(100% - 40px)"))
        guard case .calc = length else { Issue.record("\(length) is not a calculation"); return }
        #expect(length.resolve(390) == 350)
        #expect(Self.length("min(100%, 600px)")?.resolve(390) == 390)
        #expect(Self.length("min(100%, 600px)")?.resolve(900) == 600)
        #expect(Self.length("clamp(100px, 50% - 20px, 150px)")?.resolve(300) == 130)
        #expect(Self.length("calc(min(50%, 120px) + max(10px, 2%) * 2)")?.resolve(374) == 140)
    }

    @Test func invalidExpressionsAreRefused() {
        for text in ["calc(10px+5px)", "calc(10px * 5px)", "calc(10px / 2px)", "calc(1px + 2)", "calc()", "min()",
                     "clamp(1px, 2px)", "calc(10px -5px)", "calc(1deg + 1px)", "calc(1px 2px)", "calc(foo)", "calc(1px,2px)"] {
            #expect(Self.length(text) == nil, "\(text)")
        }
    }

    /// CSS Values 4 §10.9: NaN is 0, infinities the largest length, as WebKit clamps (33 554 428 px, measured).
    @Test func nonFiniteResultsAreClamped() {
        #expect(Self.length("calc(1px / 0)") == .px(33_554_428))
        #expect(Self.length("calc(-1px / 0)") == .px(-33_554_428))
        #expect(Self.length("calc(0px / 0)") == .px(0))
        #expect(Self.length("calc(1e308 * 1e308 * 1px)") == .px(33_554_428))
        #expect(Self.length("calc(infinity * 1px - infinity * 1px)") == .px(0))
        #expect(Self.length("calc(10px - 50px)", nonNegative: true) == .px(0))
        #expect(Self.length("-5px", nonNegative: true) == nil)
        #expect(Self.length("calc((600px - 100%) * 1000)", nonNegative: true)?.resolve(390) == 210_000)
        #expect(Self.length("calc((600px - 100%) * 1000)", nonNegative: true)?.resolve(700) == 0)
        #expect(Self.length("calc((600px - 100%) * 1e9)")?.resolve(0) == 33_554_428)
    }

    @Test func steppedAndOtherFunctions() {
        #expect(Self.length("round(down, 77px, 10px)") == .px(70))
        #expect(Self.length("round(77px, 10px)") == .px(80))
        #expect(Self.length("round(up, 71px, 10px)") == .px(80))
        #expect(Self.length("mod(-7px, 3px)") == .px(2))
        #expect(Self.length("rem(-7px, 3px)") == .px(-1))
        #expect(Self.length("calc(abs(-30px) + 1px * sign(-5))") == .px(29))
        #expect(Self.length("hypot(3px, 4px)") == .px(5))
        #expect(PropertyValues.number("calc(pow(2, 3) + sqrt(16))") == 12)
        #expect(PropertyValues.angle("calc(0.25turn + 10deg)") == 100)
        #expect(PropertyValues.angle("atan2(1, 1)").map { ($0 * 1e9).rounded() / 1e9 } == 45)
    }

    /// Hostile input: deep nesting and long expressions are refused quickly, not recursed through.
    @Test func hostileExpressionsAreBounded() {
        let deep = String(repeating: "calc(", count: 10_000) + "1px" + String(repeating: ")", count: 10_000)
        let started = Date()
        #expect(Self.length(deep) == nil)
        let parens = "calc(" + String(repeating: "(", count: 10_000) + "1px" + String(repeating: ")", count: 10_001)
        #expect(Self.length(parens) == nil)
        let long = "calc(" + Array(repeating: "1px", count: 20_000).joined(separator: " + ") + ")"
        #expect(Self.length(long) == nil)
        #expect(Self.length("calc(" + Array(repeating: "1px", count: 100).joined(separator: " + ") + ")") == .px(100))
        #expect(Date().timeIntervalSince(started) < timeBudget(5))
    }

    // MARK: Units

    @Test func absoluteAndViewportUnits() {
        #expect(Self.length("1in") == .px(96))
        #expect(Self.length("72pt") == .px(96))
        #expect(Self.length("6pc") == .px(96))
        #expect(Self.length("2.54cm")?.resolve(0).map { ($0 * 1e9).rounded() / 1e9 } == 96)
        #expect(Self.length("101.6q")?.resolve(0).map { ($0 * 1e9).rounded() / 1e9 } == 96)
        let context = ValueContext(viewportWidth: 400, viewportHeight: 800)
        ValueContext.$current.withValue(context) {
            #expect(Self.length("50vw") == .px(200))
            #expect(Self.length("10vh") == .px(80))
            #expect(Self.length("10vmin") == .px(40))
            #expect(Self.length("10vmax") == .px(80))
            #expect(Self.length("10dvh") == .px(80))
            #expect(Self.length("calc(100vw - 100px)") == .px(300))
        }
    }

    // MARK: Custom properties

    static func resolve(_ declarations: [(String, String)], inherited: [String: String] = [:]) -> [String: String] {
        let list = declarations.map { Declaration(name: $0.0, value: $0.1, important: false) }
        let (resolved, custom) = CustomProperties.resolve(list, inherited: inherited, budget: .init())
        var result = custom.mapValues { "--" + $0 }
        for declaration in resolved where !declaration.name.hasPrefix("--") { result[declaration.name] = declaration.value }
        return result
    }

    @Test func variablesSubstituteWithFallbacks() {
        let result = Self.resolve([("--a", "10px"), ("--B", "red"), ("width", "calc(var(--a) * 2)"),
                                   ("color", "var(--b, var(--B))"), ("margin", "var(--x, 1px var(--a))")],
                                  inherited: ["--inherited": "3px"])
        #expect(result["width"] == "calc(10px * 2)")
        #expect(result["color"] == "red")
        #expect(result["margin"] == "1px 10px")
        #expect(result["--inherited"] == "--3px")
    }

    @Test func cyclesAndMissingValuesLeaveThePropertyUnset() {
        let result = Self.resolve([("--a", "var(--b)"), ("--b", "var(--a)"), ("--c", "var(--c, 1px)"),
                                   ("width", "var(--a, 5px)"), ("height", "var(--c, 6px)"), ("color", "var(--none)")])
        #expect(result["--a"] == nil && result["--b"] == nil && result["--c"] == nil)
        #expect(result["width"] == "5px")
        #expect(result["height"] == "6px")
        #expect(result["color"] == "unset")  // which inherits colour (PropertyRegistryTests)
        #expect(Self.resolve([("padding", "var(--none)")])["padding"] == "unset")
    }

    /// `--a: var(--b) var(--b)` chains double at each step: capped, fast, and the budget tells.
    @Test func exponentialVariablesAreBounded() {
        var declarations = [("--v0", "xxxxxxxxxxxxxxxx")]
        for level in 1...40 { declarations.append(("--v\(level)", "var(--v\(level - 1)) var(--v\(level - 1))")) }
        declarations.append(("width", "var(--v40)"))
        let started = Date()
        let result = Self.resolve(declarations)
        #expect(result["--v10"] != nil)
        #expect(result["--v40"] == nil)
        #expect(result["width"] == "unset")
        #expect(Date().timeIntervalSince(started) < timeBudget(5))
        // A whole document of elements each with long values of its own stops at the budget.
        let chain = "--b: var(--a) var(--a) var(--a) var(--a); --c: var(--b) var(--b) var(--b) var(--b);"
            + " --d: var(--c) var(--c) var(--c) var(--c); width: var(--d, 10px)"
        let html = (0..<500).map { "<div style='--a: \($0)\(String(repeating: "x", count: 1000)); \(chain)'>x</div>" }.joined()
        let document = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
        #expect(document.warnings.contains { $0.contains("custom properties") })
        // The same long values on every element (a `*` rule) are resolved once and shared.
        let shared = "<style>* { --a: \(String(repeating: "x", count: 1000)); \(chain) }</style>" + String(repeating: "<div>x</div>", count: 500)
        #expect(!LaidOutDocument(html: shared, viewportWidth: 390, viewportHeight: 844).warnings.contains { $0.contains("custom properties") })
        #expect(Date().timeIntervalSince(started) < timeBudget(30))
    }

    // MARK: Colours

    /// Each colour as WebKitGTK draws it into sRGB (`webkit_ref.py page`, sampled), within 1/255.
    @Test(arguments: [
        ("lch(55% 132 360)", "#FF008B"), ("lch(86% 132 135)", "#00FE00"), ("oklch(10% 0.52 225)", "#3000A6"),
        ("oklch(80% 0.12 225)", "#58CEF8"), ("lab(29.2345% 39.3825 20.0664)", "#7D2329"), ("lab(40.2345% 30.3825 20.0664)", "#914940"),
        ("oklab(50.1% 0.1243 0.075)", "#A63A2A"), ("color(display-p3 1 0.5 0)", "#FF7600"), ("color(display-p3 1 0.9 0)", "#FFE400"),
        ("hwb(120 0% 40%)", "#009900"), ("hsl(none 100% 25%)", "#800000"), ("color-mix(in srgb, red, blue)", "#800080"),
        ("color-mix(in oklab, red, blue)", "#8C53A2"), ("color-mix(in oklch, red, blue)", "#BA00C2"),
        ("color-mix(in lch, red 25%, green)", "#577E00"), ("color-mix(in hsl, red, blue)", "#FF00FF"),
        ("color-mix(in srgb-linear, red, blue)", "#BC00BC"), ("color-mix(in lab, white, black)", "#777777"),
        ("color-mix(in oklch longer hue, red, blue)", "#009300"), ("color(srgb 0.5 0.2 0.8)", "#8033CC"),
        ("color(xyz 0.3 0.2 0.5)", "#AD5BBC"), ("color(rec2020 0.5 0.6 0.2)", "#7FA627"), ("lab(50 -40 60)", "#3E8700"),
    ])
    func coloursConvertAsWebKitDraws(_ text: String, _ webkit: String) throws {
        let colour = try #require(CSSColor.parse(text), "\(text)")
        let expected = try #require(CSSColor.parse(webkit))
        for (ours, theirs) in [(colour.r, expected.r), (colour.g, expected.g), (colour.b, expected.b)] {
            #expect(abs((ours * 255).rounded() - (theirs * 255).rounded()) <= 1, "\(text): \(colour.hexString), WebKit \(webkit)")
        }
    }

    @Test func colourMixAlphaAndCurrentColor() throws {
        // 20% + 20%: the mix is 40% opaque (CSS Color 5 §2.1).
        let faded = try #require(CSSColor.parse("color-mix(in srgb, red 20%, blue 20%)"))
        #expect(abs(faded.a - 0.4) < 1e-9 && abs(faded.r - 0.5) < 1e-9)
        #expect(CSSColor.parse("color-mix(in srgb, red 0%, blue 0%)") == nil)
        #expect(CSSColor.parse("color-mix(in nowhere, red, blue)") == nil)
        let current = RGBA(r: 1, g: 0, b: 0, a: 1)
        #expect(PropertyValues.color("color-mix(in srgb, currentColor, blue)", current: current)?.hexString == "#800080")
        #expect(PropertyValues.color("light-dark(currentcolor, blue)", current: current) == current)
        #expect(CSSColor.parse("rgb(0 128 0 / 50%)")?.a == 0.5)
        #expect(CSSColor.parse("rgb(0, 128, 0, none)") == nil)  // none only in the modern syntax
        #expect(CSSColor.parse("hwb(120, 0%, 40%)") == nil)     // hwb() has no comma syntax
        #expect(CSSColor.parse("rgb(calc(255 / 5) calc(50% + 50%) 0 / calc(1 / 2))") == RGBA(r: 0.2, g: 1, b: 0, a: 0.5))
        #expect(CSSColor.parse("hsl(calc(0.25turn + 30deg) 100% 50%)")?.hexString == "#00FF00")
        #expect(CSSColor.parse("rgb(calc(1px) 0 0)") == nil)
        #expect(CSSColor.parse("Canvas") == .white)
        #expect(CSSColor.parse("LinkText")?.hexString == "#0000EE")
    }

    @Test func lightDarkFollowsTheUsedScheme() {
        func colour(_ html: String, appearance: Appearance) -> String {
            let page = LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844, appearance: appearance)
            return page.displayList.entries.compactMap { entry -> String? in
                if case .fill(_, let colour) = entry.item { return colour.hexString } else { return nil }
            }.last ?? "none"
        }
        let body = "<div style='height:10px;background:light-dark(#00f, #0f0)'></div>"
        #expect(colour("<html style='color-scheme: light dark'>" + body, appearance: .light) == "#0000FF")
        #expect(colour("<html style='color-scheme: light dark'>" + body, appearance: .dark) == "#00FF00")
        // No scheme declared: light, whatever the appearance; dark alone: dark, whatever it.
        #expect(colour(body, appearance: .dark) == "#0000FF")
        #expect(colour("<html style='color-scheme: only dark'>" + body, appearance: .light) == "#00FF00")
    }
}
