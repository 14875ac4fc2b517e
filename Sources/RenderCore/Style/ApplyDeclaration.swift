/// Applies one declaration to a style being computed. Unknown properties and invalid values
/// are ignored, as browsers ignore them; the result says whether the engine knows the property
/// at all (false: the declaration was dropped for want of it, see `UnsupportedFeatures`).
extension ComputedStyle {
    @discardableResult
    mutating func apply(_ declaration: Declaration, parent: ComputedStyle, rootFontSize: Double,
                        userAgent: ComputedStyle? = nil) -> Bool {
        let name = declaration.name
        let text = declaration.value.trimmingWhitespaces()
        let keyword = text.lowercased()
        if let physical = LogicalProperties.physical(name, text, mode: writingMode, direction: direction) {
            applyPhysical(physical, of: declaration, parent: parent, rootFontSize: rootFontSize, userAgent: userAgent)
            return true
        }
        // What the engine knows, and how it parses it, is what the registry declares.
        guard let entry = PropertyRegistry.entry(name) else {
            // WebKit's `-webkit-` spelling of a flow-relative property.
            guard let standard = PropertyRegistry.flowRelativeStandardName(aliasedBy: name) else { return false }
            return apply(Declaration(name: standard, value: declaration.value, important: declaration.important),
                         parent: parent, rootFontSize: rootFontSize, userAgent: userAgent)
        }
        if let global = GlobalKeyword(keyword) {
            applyGlobalKeyword(global, to: entry, parent: parent, userAgent: userAgent)
            return true
        }
        let value = DeclaredValue(text: text, keyword: keyword, fontSize: fontSize, rootFontSize: rootFontSize)
        entry.property.parse(&self, value, parent)
        return true
    }

    /// A flow-relative declaration's physical ones (`LogicalProperties`), all or none: a
    /// two-value `margin-inline` with one invalid part is dropped whole, as browsers drop it.
    private mutating func applyPhysical(_ physical: [(String, String)], of declaration: Declaration, parent: ComputedStyle,
                                        rootFontSize: Double, userAgent: ComputedStyle?) {
        if physical.count > 1 {
            let valid = physical.allSatisfy { name, value in
                LogicalProperties.accepts(name, value, fontSize: fontSize, rootFontSize: rootFontSize, color: color)
            }
            guard valid else { return }
        }
        for (name, value) in physical {
            apply(Declaration(name: name, value: value, important: declaration.important), parent: parent, rootFontSize: rootFontSize,
                  userAgent: userAgent)
        }
    }
}
