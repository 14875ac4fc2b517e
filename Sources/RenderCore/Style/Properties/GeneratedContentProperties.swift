/// The registry's generated-content and list properties (`PropertyRegistry`), parsed from
/// CSS tokens by `GeneratedContentParser`.
extension PropertyRegistry {
    static let generatedContent: [CSSProperty] = [
        .longhand("content", example: "\"x\"", copy: { $0.generated.content = $1.generated.content }) { style, value, _ in
            if let content = GeneratedContentParser.content(significantTokens(value)) { style.generated.content = content }
        },
        .longhand("counter-reset", example: "a", copy: { $0.generated.counterReset = $1.generated.counterReset }) { style, value, _ in
            if let list = GeneratedContentParser.counters(significantTokens(value), allowReversed: true) { style.generated.counterReset = list }
        },
        .longhand("counter-increment", example: "a", copy: {
            $0.generated.counterIncrement = $1.generated.counterIncrement
            $0.generated.incrementDeclared = $1.generated.incrementDeclared
        }) { style, value, _ in
            if let list = GeneratedContentParser.counters(significantTokens(value), allowReversed: false) {
                style.generated.counterIncrement = list
                style.generated.incrementDeclared = true
            }
        },
        .longhand("counter-set", example: "a 2", copy: { $0.generated.counterSet = $1.generated.counterSet }) { style, value, _ in
            if let list = GeneratedContentParser.counters(significantTokens(value), allowReversed: false) { style.generated.counterSet = list }
        },
        .longhand("quotes", inherited: true, example: "\"a\" \"b\"", copy: { $0.generated.quotes = $1.generated.quotes }) { style, value, _ in
            if let quotes = GeneratedContentParser.quotes(significantTokens(value)) { style.generated.quotes = quotes }
        },
        .shorthand("list-style", ["list-style-type", "list-style-image", "list-style-position"], example: "square inside") { style, value, _ in
            if let parts = GeneratedContentParser.listStyleShorthand(significantTokens(value)) {
                style.listStyle = parts.type
                style.generated.listStyleImage = parts.image
                style.generated.listStyleInside = parts.inside
            }
        },
        .longhand("list-style-type", inherited: true, example: "square", copy: { $0.listStyle = $1.listStyle }) { style, value, _ in
            let tokens = significantTokens(value)
            if tokens.count == 1, let type = GeneratedContentParser.listStyleType(tokens[0]) { style.listStyle = type }
        },
        .longhand("list-style-image", inherited: true, example: "url(a.png)",
                  copy: { $0.generated.listStyleImage = $1.generated.listStyleImage }) { style, value, _ in
            let tokens = significantTokens(value)
            if tokens.count == 1, let image = GeneratedContentParser.image(tokens[0]) { style.generated.listStyleImage = image }
        },
        .longhand("list-style-position", inherited: true, example: "inside",
                  copy: { $0.generated.listStyleInside = $1.generated.listStyleInside }) { style, value, _ in
            let tokens = significantTokens(value)
            guard tokens.count == 1, case .ident(let word) = tokens[0].kind else { return }
            switch word.lowercased() {
            case "inside": style.generated.listStyleInside = true
            case "outside": style.generated.listStyleInside = false
            default: break
            }
        },
    ]

    private static func significantTokens(_ value: DeclaredValue) -> [CSSToken] { GeneratedContentParser.significantTokens(value.text) }
}
