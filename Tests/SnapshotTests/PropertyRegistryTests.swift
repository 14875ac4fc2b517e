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

    /// `value` parsed by the property's own parser alone, into the initial style.
    static func parsed(_ property: CSSProperty, _ value: String) -> ComputedStyle {
        let initial = ComputedStyle()
        var style = initial
        property.parse(&style, DeclaredValue(text: value, keyword: value.lowercased(), fontSize: initial.fontSize, rootFontSize: 16),
                       initial)
        return style
    }

    /// Whether two styles are the same: their descriptions, but for the one dictionary a parser
    /// fills (grid areas), whose order two equal ones need not print in.
    static func same(_ one: ComputedStyle, _ other: ComputedStyle) -> Bool {
        var one = one, other = other
        guard one.grid.areas == other.grid.areas else { return false }
        one.grid.areas = nil; other.grid.areas = nil
        return String(describing: one) == String(describing: other)
    }

    /// Each property is parsed by its entry's parser, under every name: the example value,
    /// given to the parser alone, changes the property from its initial value, and a
    /// declaration of it under the name, each alias and WebKit's `-webkit-` spelling does
    /// exactly what the parser does.
    @Test func everyPropertyParsesThroughItsEntry() throws {
        var failures: [String] = []
        let initial = ComputedStyle()
        for property in PropertyRegistry.all {
            let entry = try #require(PropertyRegistry.entry(property.name))
            guard let example = property.example else { continue }
            let parsed = Self.parsed(property, example)
            if Self.value(entry, in: parsed) == Self.value(entry, in: initial) { failures.append("\(property.name) does not parse \(example)") }
            let prefixed = "-webkit-" + property.name
            let spellings = [property.name] + property.aliases + (PropertyRegistry.entry(prefixed) === entry ? [prefixed] : [])
            for name in spellings where !Self.same(Self.applied(name, example, to: initial, parent: initial), parsed) {
                failures.append("\(name) is not parsed by its entry")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        // The one property without an example is read by the cascade from the root alone.
        #expect(PropertyRegistry.all.filter { $0.example == nil }.map(\.name) == ["color-scheme"])
    }

    /// A parser writes only its property's computed value (what its longhands copy), so that
    /// `initial` and `inherit` undo all a declaration did.
    @Test func aParserWritesOnlyItsLonghands() throws {
        var failures: [String] = []
        for property in PropertyRegistry.all {
            guard let example = property.example else { continue }
            let entry = try #require(PropertyRegistry.entry(property.name))
            let parsed = Self.parsed(property, example)
            var copied = ComputedStyle()
            for longhand in entry.longhands { longhand.copy(&copied, parsed) }
            if !Self.same(copied, parsed) { failures.append(property.name) }
        }
        // The lines drawn (`decorations`) are the element's and its ancestors', settled with the lines.
        #expect(failures == ["text-decoration", "text-decoration-line"])
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
        #expect(!DeclarationSupport.isSupported(Declaration(name: "mask-composite", value: "inherit", important: false)))
        #expect(PropertyRegistry.inherits("font") && PropertyRegistry.inherits("-webkit-hyphens"))
        #expect(!PropertyRegistry.inherits("border") && !PropertyRegistry.inherits("no-such-property"))
    }

    /// The unitless-length quirk is the registry's too: the properties it marks, by name.
    @Test func theUnitlessLengthQuirkIsDeclaredInTheRegistry() {
        func unitless(_ name: String, _ value: String = "20") -> Bool {
            QuirkyLengths.usesUnitlessLength(Declaration(name: name, value: value, important: false))
        }
        let marked = PropertyRegistry.all.filter(\.unitlessLengthQuirk).map(\.name)
        #expect(marked.count == 35 && marked.allSatisfy { unitless($0) })
        #expect(unitless("border-top", "20 solid red") && !unitless("padding-top", "0") && !unitless("padding-top", "20px"))
        // Not a length property, an alias (never quirky here), a flow-relative or an unknown one.
        #expect(!unitless("line-height") && !unitless("-webkit-border-radius") && !unitless("margin-inline-start") && !unitless("no-such"))
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
