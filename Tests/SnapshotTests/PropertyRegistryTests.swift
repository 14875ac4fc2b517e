import Testing
@testable import RenderCore

/// The property registry (`PropertyRegistry`): every property and shorthand, walked, takes the
/// global keywords as CSS Cascade 4 §7.3 says, and the engine's other answers (what it knows,
/// what inherits) come from it.
@Suite struct PropertyRegistryTests {
    /// A property's value in `style`: its longhands copied into a fresh style, printed.
    static func value(_ entry: PropertyRegistry.Entry, in style: ComputedStyle) -> String {
        var projection = ComputedStyle()
        for longhand in entry.longhands { longhand.copy(&projection, style) }
        return String(describing: projection)
    }

    static func applied(_ name: String, _ value: String, to style: ComputedStyle, parent: ComputedStyle) -> ComputedStyle {
        var style = style
        style.apply(Declaration(name: name, value: value, important: false), parent: parent, rootFontSize: 16)
        return style
    }

    /// Every name the registry declares, aliases included.
    static var names: [String] { PropertyRegistry.all.flatMap { [$0.name] + $0.aliases } }

    @Test func everyPropertyTakesTheGlobalKeywords() throws {
        var failures: [String] = []
        func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }
        for name in Self.names {
            let entry = try #require(PropertyRegistry.entry(name))
            guard let example = entry.property.example else { continue }
            // A parent with the example value, which differs from the initial one.
            var root = ComputedStyle()
            root.display = .block
            let parent = Self.applied(name, example, to: root, parent: root)
            check(Self.value(entry, in: parent) != Self.value(entry, in: root), "\(name): \(example) is parsed")
            let child = Self.applied(name, "initial", to: parent.inheritedForChild(), parent: parent)
            check(Self.value(entry, in: child) == Self.value(entry, in: ComputedStyle()), "\(name): initial")
            let inherited = Self.applied(name, "inherit", to: child, parent: parent)
            check(Self.value(entry, in: inherited) == Self.value(entry, in: parent), "\(name): inherit")
            // `unset` and the start of a child's style follow the registry's inheritance.
            let inherits = PropertyRegistry.inherits(name)
            let expected = Self.value(entry, in: inherits ? parent : ComputedStyle())
            let declared = Self.applied(name, example, to: parent.inheritedForChild(), parent: root)
            check(Self.value(entry, in: Self.applied(name, "unset", to: declared, parent: parent)) == expected, "\(name): unset")
            check(Self.value(entry, in: parent.inheritedForChild()) == expected, "\(name): a child starts inherited or initial")
            // Without a user-agent style to go back to, `revert` is `unset`.
            check(Self.value(entry, in: Self.applied(name, "REVERT", to: declared, parent: parent)) == expected, "\(name): revert")
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func unknownValuesAndPropertiesAreDropped() throws {
        var style = ComputedStyle()
        let before = String(describing: style)
        var failures: [String] = []
        // `font-family` takes any text as a family name (one not installed falls back).
        for name in Self.names where name != "font-family" {
            let known = style.apply(Declaration(name: name, value: "no-such-value 1zz", important: false), parent: ComputedStyle(),
                                    rootFontSize: 16)
            if !known || String(describing: style) != before { failures.append(name) }
            style = ComputedStyle()
        }
        #expect(failures.isEmpty, "known, and an invalid value changes nothing: \(failures)")
        let unknown = style.apply(Declaration(name: "no-such-property", value: "1px", important: false), parent: style, rootFontSize: 16)
        let unknownKeyword = style.apply(Declaration(name: "no-such-property", value: "inherit", important: false), parent: style,
                                         rootFontSize: 16)
        #expect(!unknown && !unknownKeyword)
        #expect(String(describing: style) == before)
    }

    /// What the engine knows is the registry: every WebKit property it applies is declared,
    /// and `@supports` answers from it.
    @Test func theKnownPropertiesAreTheRegistrys() {
        for name in WebKitProperties.names {
            var style = ComputedStyle()
            let known = style.apply(Declaration(name: name, value: "inherit", important: false), parent: style, rootFontSize: 16)
            #expect(known == PropertyRegistry.knows(name), "\(name)")
        }
        // Every declared name is one WebKit parses (a typo would be a property no mail uses),
        // but for the few other spellings the engine has always taken.
        let notWebKits: Set = ["-moz-border-radius", "-moz-tab-size", "-webkit-font-feature-settings"]
        #expect(Self.names.filter { !WebKitProperties.names.contains($0) && !notWebKits.contains($0) } == [])
        #expect(DeclarationSupport.isSupported(Declaration(name: "border-top", value: "revert", important: false)))
        #expect(!DeclarationSupport.isSupported(Declaration(name: "shape-outside", value: "inherit", important: false)))
        #expect(PropertyRegistry.inherits("font") && PropertyRegistry.inherits("-webkit-hyphens"))
        #expect(!PropertyRegistry.inherits("border") && !PropertyRegistry.inherits("no-such-property"))
    }

    @Test func globalKeywordsInTheCascade() throws {
        let style = BidiTests.style
        // `initial` is the property's initial value, not the user-agent sheet's.
        #expect(try style("<ul style='padding-left: initial'><li>x</li></ul>", "ul").padding.left == .px(0))
        #expect(try style("<ul style='padding: 1px; padding-left: revert'><li>x</li></ul>", "ul").padding.left == .px(40))
        #expect(try style("<ul style='padding: 1px; padding-left: revert'><li>x</li></ul>", "ul").padding.top == .px(1))
        // A shorthand: every longhand.
        let bordered = "<div style='border: 2px solid red'><p style='border-top: inherit'>x</p></div>"
        let p = try style(bordered, "p")
        #expect(p.borderWidth.top == 2 && p.borderStyle.top == .solid && p.borderColor.top == RGBA(bytes: 255, 0, 0))
        #expect(p.borderStyle.left == BorderStyle.none)
        // `unset` inherits an inherited property and resets the others.
        let unset = try style("<div style='color: red; padding: 3px'><p style='color: blue; padding: unset; color: unset'>x</p></div>", "p")
        #expect(unset.color == RGBA(bytes: 255, 0, 0) && unset.padding.top == .px(0))
        // `revert` goes back to the user-agent sheet: `b` is bold again, `h1` large.
        #expect(try style("<style>b { font-weight: normal } b { font-weight: revert }</style><b>x</b>", "b").fontWeight == 700)
        #expect(try style("<style>h1 { font: 10px serif; font-size: revert }</style><h1>x</h1>", "h1").fontSize == 32)
        // A `var()` that cannot be substituted leaves the property `unset`.
        let variable = try style("<div style='color: red; padding: 3px'><p style='color: var(--no); padding: var(--no)'>x</p></div>", "p")
        #expect(variable.color == RGBA(bytes: 255, 0, 0) && variable.padding.top == .px(0))
        // Where the sheet says nothing, `revert` is `unset`.
        #expect(try style("<div style='color: red'><p style='color: blue; color: revert'>x</p></div>", "p").color == RGBA(bytes: 255, 0, 0))
    }
}
