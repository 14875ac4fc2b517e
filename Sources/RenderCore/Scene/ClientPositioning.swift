/// How a client profile lays out `position` values its engine does not offer.
extension ClientProfile {
    /// Apple Mail supports `position: relative` and `absolute` but not `fixed` or `sticky`
    /// (caniemail `css-position`): there such boxes lay out as static ones, in the flow,
    /// with no scrolling of their own. A web view (the default profile) keeps them.
    func laysOut(_ position: PositionScheme) -> PositionScheme {
        switch (self, position) {
        case (.appleMail, .fixed), (.appleMail, .sticky): return .static
        default: return position
        }
    }

    /// `styled` with every element's and pseudo-element's `position` as this client lays it out.
    func positioning(_ styled: StyledDocument) -> StyledDocument {
        func adjusted(_ style: ComputedStyle) -> ComputedStyle {
            let position = laysOut(style.position)
            guard position != style.position else { return style }
            var style = style
            style.position = position
            return style
        }
        var result = StyledDocument(dom: styled.dom, styles: styled.styles.map { $0.map(adjusted) }, colorScheme: styled.colorScheme,
                                    usesDarkDefaults: styled.usesDarkDefaults, fontFaces: styled.fontFaces,
                                    pseudoStyles: styled.pseudoStyles.mapValues { $0.mapStyles(adjusted) },
                                    counterStyles: styled.counterStyles)
        result.unsupported = styled.unsupported
        return result
    }
}

extension ClientProfile {
    /// Whether an unsupported-feature name (`position: sticky`) is something this client
    /// itself does not render, so frames match it as they are.
    func laysOutAsItsOwn(_ feature: String) -> Bool {
        guard self == .appleMail, feature.hasPrefix("position: ") else { return false }
        let keyword = String(feature.dropFirst("position: ".count))
        guard let scheme = PositionScheme(keyword: keyword) else { return false }
        return laysOut(scheme) != scheme
    }
}
