/// The registry's flex, grid, multi-column and table properties (`PropertyRegistry`): each
/// family's values are parsed by its own type (`FlexStyle`, `GridValueParser`,
/// `MultiColumnParser`), which the entries call with their property's name.
extension PropertyRegistry {
    /// The box-alignment properties serve flex and grid containers, each layout its own form.
    private static func flexAndGridLonghand(_ name: String, aliases: [String] = [], example: String) -> CSSProperty {
        .longhand(name, aliases: aliases, example: example, copy: { style, source in
            GridValueParser.reset(name, to: &style.grid, from: source.grid)
            style.flex.reset(name, from: source.flex)
        }, parse: { style, value, _ in
            GridValueParser.apply(name, value.text, to: &style.grid, length: { value.length($0, auto: false) })
            style.flex.apply(name, value.text, length: { value.length($0, auto: false) })
        })
    }
    private static func flexLonghand(_ name: String, aliases: [String] = [], example: String) -> CSSProperty {
        .longhand(name, aliases: aliases, example: example, copy: { $0.flex.reset(name, from: $1.flex) }, parse: flex(name))
    }
    private static func flex(_ name: String) -> CSSProperty.Parse {
        { style, value, _ in style.flex.apply(name, value.text, length: { value.length($0, auto: false) }) }
    }
    private static func gridLonghand(_ name: String, example: String) -> CSSProperty {
        .longhand(name, example: example, copy: { GridValueParser.reset(name, to: &$0.grid, from: $1.grid) }, parse: grid(name))
    }
    private static func grid(_ name: String) -> CSSProperty.Parse {
        { style, value, _ in GridValueParser.apply(name, value.text, to: &style.grid, length: { value.length($0, auto: false) }) }
    }

    static let flexAndGrid: [CSSProperty] = [
        flexLonghand("flex-direction", aliases: ["-webkit-flex-direction"], example: "column"),
        flexLonghand("flex-wrap", aliases: ["-webkit-flex-wrap"], example: "wrap"),
        .shorthand("flex-flow", aliases: ["-webkit-flex-flow"], ["flex-direction", "flex-wrap"], example: "column wrap",
                   parse: flex("flex-flow")),
        flexLonghand("flex-grow", aliases: ["-webkit-flex-grow"], example: "2"),
        flexLonghand("flex-shrink", aliases: ["-webkit-flex-shrink"], example: "2"),
        flexLonghand("flex-basis", aliases: ["-webkit-flex-basis"], example: "10px"),
        .shorthand("flex", aliases: ["-webkit-flex"], ["flex-grow", "flex-shrink", "flex-basis"], example: "2 2 10px", parse: flex("flex")),
        flexLonghand("order", aliases: ["-webkit-order"], example: "2"),
        // WebKit's old flexbox (`display: -webkit-box`), kept in the flex values.
        flexLonghand("-webkit-box-orient", example: "vertical"),
        flexLonghand("-webkit-box-direction", example: "reverse"),
        flexLonghand("-webkit-box-pack", example: "center"),
        flexLonghand("-webkit-box-align", example: "center"),
        flexLonghand("-webkit-box-flex", example: "2"),
        flexLonghand("-webkit-box-ordinal-group", example: "2"),
        flexAndGridLonghand("justify-content", aliases: ["-webkit-justify-content"], example: "center"),
        flexAndGridLonghand("align-content", aliases: ["-webkit-align-content"], example: "center"),
        flexAndGridLonghand("align-items", aliases: ["-webkit-align-items"], example: "center"),
        flexAndGridLonghand("align-self", aliases: ["-webkit-align-self"], example: "center"),
        gridLonghand("justify-items", example: "center"),
        gridLonghand("justify-self", example: "center"),
        .shorthand("place-items", ["align-items", "justify-items"], example: "center", parse: grid("place-items")),
        .shorthand("place-self", ["align-self", "justify-self"], example: "center", parse: grid("place-self")),
        .shorthand("place-content", ["align-content", "justify-content"], example: "center", parse: grid("place-content")),
        // Each part is `normal` (nil) or a non-negative length; anything else drops the whole.
        .shorthand("gap", aliases: ["grid-gap"], ["row-gap", "column-gap"], example: "2px 4px") { style, value, _ in
            let parts = PropertyValues.components(value.text).map { part -> Length?? in
                part.lowercased() == "normal" ? .some(nil) : value.length(part, auto: false, nonNegative: true).map { .some($0) }
            }
            guard (1...2).contains(parts.count), let row = parts[0], let column = parts.last! else { return }
            style.rowGap = row; style.columnGap = column
        },
        .longhand("row-gap", aliases: ["grid-row-gap"], example: "2px", copy: { $0.rowGap = $1.rowGap }) { style, value, _ in
            if value.keyword == "normal" { style.rowGap = nil }
            else if let gap = value.length(auto: false, nonNegative: true) { style.rowGap = gap }
        },
        .longhand("column-gap", aliases: ["grid-column-gap"], example: "2px", copy: { $0.columnGap = $1.columnGap }) { style, value, _ in
            if value.keyword == "normal" { style.columnGap = nil }
            else if let gap = value.length(auto: false, nonNegative: true) { style.columnGap = gap }
        },
        gridLonghand("grid-template-columns", example: "1fr 2fr"),
        gridLonghand("grid-template-rows", example: "1fr 2fr"),
        gridLonghand("grid-template-areas", example: "\"a b\""),
        .shorthand("grid-template", ["grid-template-rows", "grid-template-columns", "grid-template-areas"], example: "1fr / 2fr",
                   parse: grid("grid-template")),
        gridLonghand("grid-auto-columns", example: "10px"),
        gridLonghand("grid-auto-rows", example: "10px"),
        gridLonghand("grid-auto-flow", example: "column dense"),
        .shorthand("grid", ["grid-template-rows", "grid-template-columns", "grid-template-areas", "grid-auto-rows",
                            "grid-auto-columns", "grid-auto-flow"], example: "1fr / 2fr", parse: grid("grid")),
        gridLonghand("grid-row-start", example: "2"),
        gridLonghand("grid-row-end", example: "3"),
        gridLonghand("grid-column-start", example: "2"),
        gridLonghand("grid-column-end", example: "3"),
        .shorthand("grid-row", ["grid-row-start", "grid-row-end"], example: "2 / 3", parse: grid("grid-row")),
        .shorthand("grid-column", ["grid-column-start", "grid-column-end"], example: "2 / 3", parse: grid("grid-column")),
        .shorthand("grid-area", ["grid-row-start", "grid-column-start", "grid-row-end", "grid-column-end"], example: "2 / 3",
                   parse: grid("grid-area")),
    ]

    private static func columnLonghand(_ name: String, example: String) -> CSSProperty {
        .longhand(name, example: example, copy: { MultiColumnParser.reset(name, to: &$0.multiColumn, from: $1.multiColumn) },
                  parse: columns(name))
    }
    private static func columns(_ name: String) -> CSSProperty.Parse {
        { style, value, _ in
            let current = style.color
            MultiColumnParser.apply(name, value.text, to: &style.multiColumn, current: current, length: { value.length($0, auto: false) },
                                    borderWidth: { value.borderWidth($0) })
        }
    }

    static let multiColumn: [CSSProperty] = [
        .shorthand("columns", ["column-width", "column-count"], example: "2 100px", parse: columns("columns")),
        columnLonghand("column-count", example: "2"),
        columnLonghand("column-width", example: "100px"),
        .shorthand("column-rule", ["column-rule-width", "column-rule-style", "column-rule-color"], example: "1px solid red",
                   parse: columns("column-rule")),
        columnLonghand("column-rule-width", example: "1px"),
        columnLonghand("column-rule-style", example: "solid"),
        columnLonghand("column-rule-color", example: "red"),
        columnLonghand("column-span", example: "all"),
        columnLonghand("column-fill", example: "auto"),
    ]

    static let tables: [CSSProperty] = [
        .longhand("table-layout", example: "fixed", copy: { $0.tableLayoutFixed = $1.tableLayoutFixed }) { style, value, _ in
            style.tableLayoutFixed = value.keyword == "fixed"
        },
        .longhand("border-collapse", inherited: true, example: "collapse", copy: { $0.borderCollapse = $1.borderCollapse }) { style, value, _ in
            if value.keyword == "collapse" || value.keyword == "separate" { style.borderCollapse = value.keyword == "collapse" }
        },
        .longhand("border-spacing", inherited: true, example: "2px 4px", unitlessLengthQuirk: true, copy: { $0.borderSpacing = $1.borderSpacing }) { style, value, _ in
            let lengths = PropertyValues.components(value.text).prefix(3).map { value.length($0, auto: false) }
            func nonNegative(_ length: Length??) -> Double? {
                if case .px(let v)?? = length, v >= 0 { return v }
                return nil
            }
            if (1...2).contains(lengths.count), let h = nonNegative(lengths.first),
               let v = lengths.count == 2 ? nonNegative(lengths.last) : h {
                style.borderSpacing = BorderSpacing(horizontal: h, vertical: v)
            }
        },
        .longhand("empty-cells", inherited: true, example: "hide", copy: { $0.hidesEmptyCells = $1.hidesEmptyCells }) { style, value, _ in
            if value.keyword == "hide" || value.keyword == "show" { style.hidesEmptyCells = value.keyword == "hide" }
        },
        .longhand("caption-side", inherited: true, example: "bottom", copy: { $0.captionAtBottom = $1.captionAtBottom }) { style, value, _ in
            if value.keyword == "top" || value.keyword == "bottom" { style.captionAtBottom = value.keyword == "bottom" }
        },
    ]
}
