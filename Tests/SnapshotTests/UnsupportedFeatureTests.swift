import Foundation
import Testing
@testable import RenderCore

/// CSS WebKit renders and the engine drops is said out loud: one warning per feature per mail,
/// naming the first element using it; nothing for CSS WebKit does not know either, for what
/// changes nothing in a still frame, or for what the engine supports.
@Suite struct UnsupportedFeatureTests {
    private func laidOut(_ html: String) -> LaidOutDocument {
        LaidOutDocument(html: html, viewportWidth: 390, viewportHeight: 844)
    }

    @Test func aMissingPropertyIsNamedWithItsFirstElement() {
        let document = laidOut("""
            <p>intro</p><div><span style='mask-composite:add'>a</span></div>
            <div style='mask-composite:add'>b</div>
            """)
        #expect(document.unsupportedFeatures == [.init(feature: "mask-composite", path: "/body[0]/div[0]/span[0]")])
        #expect(document.warnings.contains(
            "mask-composite is not supported yet (/body[0]/div[0]/span[0]); frames may differ from iOS Mail"))
    }

    @Test func aKeywordLaidOutAsAnotherIsNamedWithItsValue() {
        let document = laidOut("<style>.bar{display:ruby}</style><div>x</div><div class=bar>y</div>")
        #expect(document.unsupportedFeatures.map(\.feature) == ["display: ruby"])
        #expect(document.unsupportedFeatures.first?.path == "/body[0]/div[1]")
        // Every position the engine lays out is not reported.
        let positioned = laidOut("<div style='position:sticky;top:0'>x</div><div style='position:-webkit-sticky'>y</div>"
                                 + "<div style='position:fixed'>z</div><div style='position:absolute'>w</div>")
        #expect(positioned.unsupportedFeatures.isEmpty)
    }

    /// A `-webkit-` alias is the feature it aliases, and an alias of a supported property applies.
    @Test func webkitAliases() {
        let aliased = laidOut("<div style='-webkit-mask-composite:xor'>a</div><p style='mask-composite:add'>b</p>")
        #expect(aliased.unsupportedFeatures.map(\.feature) == ["mask-composite"])
        let applied = laidOut("<div style='-webkit-opacity:0.5;-webkit-transform-origin:0 0'>a</div>")
        #expect(applied.unsupportedFeatures.isEmpty)
    }

    /// An at-rule WebKit applies and the parser skips is named with its `<style>` element;
    /// `@keyframes` (a still frame shows no animation) and a `@media` that does not match are not.
    @Test func skippedAtRules() {
        let document = laidOut("""
            <style>@keyframes spin { to { opacity: 0 } } @media print { p { color: red } }</style>
            <style>@container (min-width: 1px) { p { color: red } } @font-palette-values --p { font-family: x }
            @container (min-width: 2px) { p { color: blue } }</style><p>x</p>
            """)
        #expect(document.unsupportedFeatures == [.init(feature: "@container", path: "/head[0]/style[1]"),
                                                 .init(feature: "@font-palette-values", path: "/head[0]/style[1]")])
    }

    /// WebKit's legacy logical names are aliases of the standard logical properties.
    @Test func legacyLogicalAliases() {
        #expect(WebKitProperties.standardName(aliasedBy: "-webkit-margin-before") == "margin-block-start")
        #expect(WebKitProperties.standardName(aliasedBy: "-webkit-border-end-color") == "border-inline-end-color")
        #expect(WebKitProperties.standardName(aliasedBy: "-webkit-min-logical-width") == "min-inline-size")
        #expect(WebKitProperties.standardName(aliasedBy: "-webkit-flex-grow") == "flex-grow")
        #expect(WebKitProperties.standardName(aliasedBy: "-webkit-text-stroke") == nil)
        #expect(WebKitProperties.standardName(aliasedBy: "margin-top") == nil)
    }

    @Test(arguments: [
        "mso-line-height-rule:exactly", "-moz-box-sizing:border-box", "colour:red", "x-unknown:1",  // not CSS WebKit knows
        "cursor:pointer", "transition:all 1s", "animation:spin 1s", "-webkit-text-size-adjust:100%",  // nothing in a still frame
        "fill:red", "stroke-width:2",                                                              // SVG only
        "outline:none", "outline:2px solid red", "position:relative", "display:inline-block",       // supported
        "color-scheme:light dark", "supported-color-schemes:light dark",
    ])
    func nothingToSay(css: String) {
        let document = laidOut("<div style='\(css)'>a</div>")
        #expect(document.unsupportedFeatures.isEmpty, "\(css): \(document.unsupportedFeatures)")
        #expect(!document.warnings.contains { $0.contains("not supported yet") })
    }

    /// The UA stylesheet's own declarations never count: only the mail's.
    @Test func onlyTheMailsCSS() {
        #expect(laidOut("<q>a</q><ruby>b<rt>c</rt></ruby><details><summary>s</summary>d</details>").unsupportedFeatures.isEmpty)
    }

    /// Every property WebKit knows either applies or is reported (or has no visible effect):
    /// the list is derived from `apply`, so a property the engine learns stops being reported.
    @Test func derivedFromWhatApplies() {
        for name in ["width", "margin-left", "box-shadow", "outline-offset", "text-shadow", "gap"] {
            #expect(UnsupportedFeatures.feature(of: Declaration(name: name, value: "1px", important: false), known: true) == nil)
            var style = ComputedStyle()
            let known = style.apply(Declaration(name: name, value: "1px", important: false), parent: ComputedStyle(), rootFontSize: 16)
            #expect(known, "\(name)")
        }
        var style = ComputedStyle()
        let known = style.apply(Declaration(name: "mask-composite", value: "add", important: false), parent: ComputedStyle(), rootFontSize: 16)
        #expect(!known)
    }
}
