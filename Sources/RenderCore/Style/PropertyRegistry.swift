/// Every CSS property the engine supports, declared once: its name and aliases, whether it
/// inherits, its longhands if it is a shorthand, how its value is parsed and how its computed
/// value is copied from another style. Derived from it, and from nothing else:
/// - what a declaration does (`ComputedStyle.apply`: the entry's `parse`, or a global keyword);
/// - the global keywords `inherit`, `initial`, `unset` and `revert` on every property and
///   shorthand (`applyGlobalKeyword`);
/// - the set of properties the engine knows (`ComputedStyle.apply`'s answer, so `@supports`
///   and `UnsupportedFeatures`);
/// - which properties inherit (the start of a child's style, `inheritedForChild`, and the
///   `unset` a failed `var()` substitution leaves, `CustomProperties`).
/// A property's initial value is not repeated here: it is its fields' default in
/// `ComputedStyle()` (`ComputedStyle.initialStyle`, which `initial` copies from).
/// The entries live by family in `Style/Properties/` (`PropertyRegistry.boxModel`…); `all`
/// lists the families. Flow-relative properties (`margin-inline-start`…) are not here: they
/// stand for physical ones (`LogicalProperties`).
struct CSSProperty: Sendable {
    /// Copies this longhand's computed value from `source` into the style (for a shorthand:
    /// every longhand's). A plain function, no state: nothing is allocated when it runs.
    typealias Copy = @Sendable (_ style: inout ComputedStyle, _ source: ComputedStyle) -> Void
    /// Parses a declared value (not a global keyword: `apply` takes those) into the style;
    /// an invalid value leaves the style as it was (the declaration is dropped, as browsers
    /// drop it). `parent` is the parent element's style (`color: currentcolor`, `em` font
    /// sizes, bolder). Made once with the registry: a call allocates nothing.
    typealias Parse = @Sendable (_ style: inout ComputedStyle, _ value: DeclaredValue, _ parent: ComputedStyle) -> Void

    let name: String
    /// Other names of the same property (`-webkit-` spellings WebKit keeps, legacy names).
    let aliases: [String]
    /// Longhands only; a shorthand inherits as its longhands do.
    let inherited: Bool
    /// The longhands a shorthand sets, by name; empty for a longhand.
    let longhands: [String]
    let copy: Copy?
    let parse: Parse
    /// A valid value that differs from the initial one (documents the property; the tests
    /// walk the registry with it). nil when no computed value shows it (`color-scheme`).
    let example: String?
    /// Whether quirks mode reads a bare number in it as px (`padding-top: 20`, `QuirkyLengths`).
    let unitlessLengthQuirk: Bool

    var isShorthand: Bool { !longhands.isEmpty }

    static func longhand(_ name: String, aliases: [String] = [], inherited: Bool = false, example: String?,
                         unitlessLengthQuirk: Bool = false, copy: @escaping Copy, parse: @escaping Parse) -> CSSProperty {
        CSSProperty(name: name, aliases: aliases, inherited: inherited, longhands: [], copy: copy, parse: parse, example: example,
                    unitlessLengthQuirk: unitlessLengthQuirk)
    }

    static func shorthand(_ name: String, aliases: [String] = [], _ longhands: [String], example: String?,
                          unitlessLengthQuirk: Bool = false, parse: @escaping Parse) -> CSSProperty {
        CSSProperty(name: name, aliases: aliases, inherited: false, longhands: longhands, copy: nil, parse: parse, example: example,
                    unitlessLengthQuirk: unitlessLengthQuirk)
    }
}

/// A longhand as the global keywords use it: whether it inherits and how it is copied.
struct LonghandCopy: Sendable {
    let inherited: Bool
    let copy: CSSProperty.Copy
}

/// `inherit`, `initial`, `unset`, `revert` (and `revert-layer`, taken as `revert`: the engine
/// keeps no layers' values apart), valid on every property (CSS Cascade 4 §7.3).
enum GlobalKeyword: Sendable {
    case inherit, initial, unset, revert

    /// Whether a declared value is `revert` (or `revert-layer`), cheaply: the cascade asks
    /// of every author declaration.
    static func isRevert(_ value: String) -> Bool {
        guard let first = value.utf8.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }),
              first == UInt8(ascii: "r") || first == UInt8(ascii: "R"), value.utf8.count <= 64 else { return false }
        return GlobalKeyword(value.trimmingWhitespaces().lowercased()) == .revert
    }

    init?(_ keyword: String) {
        switch keyword {
        case "inherit": self = .inherit
        case "initial": self = .initial
        case "unset": self = .unset
        case "revert", "revert-layer": self = .revert
        default: return nil
        }
    }
}

enum PropertyRegistry {
    /// A class, so that looking one up (per declaration) copies one reference.
    final class Entry: Sendable {
        let property: CSSProperty
        /// The longhands a declaration of it sets: itself for a longhand.
        let longhands: [LonghandCopy]

        init(property: CSSProperty, longhands: [LonghandCopy]) {
            self.property = property
            self.longhands = longhands
        }
    }

    /// Every name and alias, to its entry.
    static let byName: [String: Entry] = {
        var longhandCopies: [String: LonghandCopy] = [:]
        for property in all where !property.isShorthand {
            longhandCopies[property.name] = LonghandCopy(inherited: property.inherited, copy: property.copy!)
        }
        var entries: [String: Entry] = [:]
        for property in all {
            let parts = property.isShorthand ? property.longhands.map { longhandCopies[$0]! } : [longhandCopies[property.name]!]
            let entry = Entry(property: property, longhands: parts)
            for name in [property.name] + property.aliases {
                precondition(entries[name] == nil, "\(name) is declared twice")
                entries[name] = entry
            }
        }
        return entries
    }()

    /// The entry for a property name, its aliases included, and WebKit's `-webkit-` spelling
    /// of any of them (`-webkit-opacity`); nil for a property the engine does not know.
    static func entry(_ name: String) -> Entry? {
        if let entry = byName[name] { return entry }
        guard let standard = WebKitProperties.standardName(aliasedBy: name) else { return nil }
        return byName[standard]
    }

    /// Whether the engine parses the property (flow-relative ones included).
    static func knows(_ name: String) -> Bool {
        entry(name) != nil || LogicalProperties.handles(name) || flowRelativeStandardName(aliasedBy: name) != nil
    }

    /// The flow-relative property a `-webkit-` name spells that `LogicalProperties` does not
    /// map itself; nil for other names.
    static func flowRelativeStandardName(aliasedBy name: String) -> String? {
        guard let standard = WebKitProperties.standardName(aliasedBy: name), LogicalProperties.handles(standard) else { return nil }
        return standard
    }

    /// Whether a property inherits (a shorthand: whether all its longhands do).
    static func inherits(_ name: String) -> Bool {
        guard let entry = entry(name) else { return false }
        return entry.longhands.allSatisfy(\.inherited)
    }

    /// The copies of every inherited longhand, for the start of a child's style.
    static let inheritedLonghands: [CSSProperty.Copy] = all.filter { !$0.isShorthand && $0.inherited }.map { $0.copy! }

    /// Every property, family by family (each family's entries in its file in `Style/Properties/`).
    static let all: [CSSProperty] = boxModel + sizing + backgrounds + borders + fonts + text + generatedContent
        + positioning + effects + flexAndGrid + multiColumn + tables

    /// The physical sides, in the order of the box-model shorthands' values.
    static let sides = ["top", "right", "bottom", "left"]
}

extension ComputedStyle {
    /// `inherit`, `initial`, `unset` or `revert` on a property or shorthand: each longhand
    /// copied from the parent, a fresh style, or `userAgent` (the element's style from the
    /// user-agent sheet alone; nil where there is none to go back to, when `revert` is `unset`).
    mutating func applyGlobalKeyword(_ keyword: GlobalKeyword, to entry: PropertyRegistry.Entry, parent: ComputedStyle,
                                     userAgent: ComputedStyle?) {
        let initial = ComputedStyle.initialStyle
        for longhand in entry.longhands {
            switch keyword {
            case .inherit: longhand.copy(&self, parent)
            case .initial: longhand.copy(&self, initial)
            case .unset: longhand.copy(&self, longhand.inherited ? parent : initial)
            case .revert:
                if let userAgent { longhand.copy(&self, userAgent) }
                else { longhand.copy(&self, longhand.inherited ? parent : initial) }
            }
        }
        // The lines drawn are the element's and its ancestors' (as `apply` sets them).
        let name = entry.property.name
        if name == "text-decoration" || name == "text-decoration-line" { decorations = parent.decorations.union(textDecorationLine) }
    }

    /// Initial values, made once.
    static let initialStyle = ComputedStyle()
}
