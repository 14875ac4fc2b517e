/// CSS Grid values (CSS Grid 1 §7–§10, Box Alignment §5–§6) as one value stored on the
/// computed style: the container's templates, auto tracks and flow, an item's placement and
/// the alignment properties grid layout reads. None of them is inherited.
public struct GridStyle: Sendable, Equatable {
    public var templateColumns = GridTrackList()
    public var templateRows = GridTrackList()
    public var areas: GridTemplateAreas?
    public var autoColumns: [GridTrackSize] = [.auto]
    public var autoRows: [GridTrackSize] = [.auto]
    /// `grid-auto-flow`: `column` (else row) and `dense`.
    public var flowsByColumn = false
    public var dense = false
    public var rowStart = GridLine.auto, rowEnd = GridLine.auto
    public var columnStart = GridLine.auto, columnEnd = GridLine.auto
    /// Grid-only alignment (the flex helper keeps its own; the two meet when merged).
    public var justifyItems = GridAlignment.normal, justifySelf = GridAlignment.auto
    public var alignItems = GridAlignment.normal, alignSelf = GridAlignment.auto
    public var justifyContent = GridContentAlignment.normal, alignContent = GridContentAlignment.normal

    public init() {}

    /// The most tracks (and lines) a grid has on one axis, as browsers cap it; positions
    /// and repeat() counts beyond it are clamped, so hostile values cost nothing.
    public static let maximumTracks = 1000
}

/// One bound of a track sizing function.
public enum GridBreadth: Sendable, Equatable {
    case length(Length)          // px or %
    case flex(Double)            // fr (max bound only)
    case minContent, maxContent, auto

    var isIntrinsic: Bool { switch self { case .minContent, .maxContent, .auto: return true; default: return false } }
}

/// `minmax(min, max)`; a plain size is both bounds (an `fr` alone is `minmax(auto, fr)`);
/// `fit-content(L)` is `minmax(auto, max-content)` clamped at L.
public struct GridTrackSize: Sendable, Equatable {
    public var min: GridBreadth
    public var max: GridBreadth
    public var fitContentLimit: Length?
    public static let auto = GridTrackSize(min: .auto, max: .auto)
}

/// A track list: its tracks with the names of the lines between them (`names.count ==
/// tracks.count + 1`), and at most one `repeat(auto-fill|auto-fit, …)` inserted before track
/// `autoRepeatIndex`, expanded when the available size is known.
public struct GridTrackList: Sendable, Equatable {
    public var tracks: [GridTrackSize] = []
    public var names: [[String]] = [[]]
    public var autoRepeat: AutoRepeat?
    public struct AutoRepeat: Sendable, Equatable {
        public var fit: Bool                 // auto-fit collapses empty repetitions
        public var tracks: [GridTrackSize]
        public var names: [[String]]         // tracks.count + 1
        public var index: Int
    }
}

/// `grid-template-areas`: each name's rectangle as 0-based [start, end) lines.
public struct GridTemplateAreas: Sendable, Equatable {
    public var rows: Int
    public var columns: Int
    public var areas: [String: (rows: Range<Int>, columns: Range<Int>)]
    public static func == (a: Self, b: Self) -> Bool {
        a.rows == b.rows && a.columns == b.columns && a.areas.count == b.areas.count
            && a.areas.allSatisfy { key, value in b.areas[key].map { $0.rows == value.rows && $0.columns == value.columns } ?? false }
    }
}

/// A placement property's value (`grid-row-start` and friends).
public enum GridLine: Sendable, Equatable {
    case auto
    /// `<integer> <ident>?` (never 0; negative counts from the end).
    case line(Int, name: String?)
    /// `span <integer>? <ident>?`.
    case span(Int, name: String?)
    /// A lone `<ident>`: an area's implicit line (`name-start`/`-end`) or the first line so named.
    case named(String)

    var isSpan: Bool { if case .span = self { return true }; return false }
    var isDefinite: Bool { switch self { case .auto, .span: return false; default: return true } }
}

/// `justify-items/-self`, `align-items/-self` as grid items use them.
public enum GridAlignment: Sendable, Equatable {
    case auto, normal, stretch, start, end, center, baseline
}

/// `justify-content`, `align-content` for a grid's tracks.
public enum GridContentAlignment: Sendable, Equatable {
    case normal, stretch, start, end, center, spaceBetween, spaceAround, spaceEvenly
}

enum GridValueParser {
    /// Applies one declaration; an invalid value leaves `grid` as it was (the whole
    /// declaration dropped, as browsers drop it).
    static func apply(_ name: String, _ value: String, to grid: inout GridStyle, length: (String) -> Length?) {
        withoutActuallyEscaping(length) { length in applyTokens(name, tokenize(value), to: &grid, length: length) }
    }

    private static func applyTokens(_ name: String, _ tokens: [Token], to grid: inout GridStyle, length: @escaping (String) -> Length?) {
        guard !tokens.isEmpty else { return }
        let parser = TrackParser(length: length)
        switch name {
        case "grid-template-columns":
            if let list = parser.trackList(tokens) { grid.templateColumns = list }
        case "grid-template-rows":
            if let list = parser.trackList(tokens) { grid.templateRows = list }
        case "grid-template-areas":
            if tokens == [.word("none")] { grid.areas = nil } else if let areas = templateAreas(tokens) { grid.areas = areas }
        case "grid-template":
            if let template = parser.template(tokens) {
                (grid.templateRows, grid.templateColumns, grid.areas) = template
            }
        case "grid":
            parser.gridShorthand(tokens, into: &grid)
        case "grid-auto-columns":
            if let sizes = parser.trackSizes(tokens) { grid.autoColumns = sizes }
        case "grid-auto-rows":
            if let sizes = parser.trackSizes(tokens) { grid.autoRows = sizes }
        case "grid-auto-flow":
            if let flow = autoFlow(tokens) { (grid.flowsByColumn, grid.dense) = flow }
        case "grid-row-start": if let line = gridLine(tokens) { grid.rowStart = line }
        case "grid-row-end": if let line = gridLine(tokens) { grid.rowEnd = line }
        case "grid-column-start": if let line = gridLine(tokens) { grid.columnStart = line }
        case "grid-column-end": if let line = gridLine(tokens) { grid.columnEnd = line }
        case "grid-row", "grid-column":
            let parts = split(tokens, by: "/").map(gridLine)
            guard (1...2).contains(parts.count), let start = parts[0], let end = parts.count == 2 ? parts[1] : implicitEnd(start) else { return }
            if name == "grid-row" { (grid.rowStart, grid.rowEnd) = (start, end) } else { (grid.columnStart, grid.columnEnd) = (start, end) }
        case "grid-area":
            let parts = split(tokens, by: "/").map(gridLine)
            guard (1...4).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return }
            let lines = parts.map { $0! }
            let rowStart = lines[0]
            let columnStart = lines.count > 1 ? lines[1] : implicitEnd(rowStart)!
            let rowEnd = lines.count > 2 ? lines[2] : implicitEnd(rowStart)!
            let columnEnd = lines.count > 3 ? lines[3] : implicitEnd(columnStart)!
            (grid.rowStart, grid.columnStart, grid.rowEnd, grid.columnEnd) = (rowStart, columnStart, rowEnd, columnEnd)
        case "justify-items":
            if let v = selfAlignment(tokens, legacy: true), v != .auto { grid.justifyItems = v }
        case "align-items":
            if let v = selfAlignment(tokens), v != .auto { grid.alignItems = v }
        case "justify-self": if let v = selfAlignment(tokens) { grid.justifySelf = v }
        case "align-self": if let v = selfAlignment(tokens) { grid.alignSelf = v }
        case "justify-content": if let v = contentAlignment(tokens) { grid.justifyContent = v }
        case "align-content": if let v = contentAlignment(tokens) { grid.alignContent = v }
        case "place-items", "place-self":
            let parts = splitAlignmentPair(tokens)
            guard (1...2).contains(parts.count), let align = selfAlignment(parts[0]),
                  let justify = selfAlignment(parts.last!, legacy: name == "place-items") else { return }
            if name == "place-items" {
                guard align != .auto, justify != .auto else { return }
                (grid.alignItems, grid.justifyItems) = (align, justify)
            } else {
                (grid.alignSelf, grid.justifySelf) = (align, justify)
            }
        case "place-content":
            let parts = splitAlignmentPair(tokens)
            guard (1...2).contains(parts.count), let align = contentAlignment(parts[0]), let justify = contentAlignment(parts.last!) else { return }
            (grid.alignContent, grid.justifyContent) = (align, justify)
        default: break
        }
    }

    /// `inherit`/`initial`/`unset` for one grid property (none is inherited: `unset` is `initial`).
    static func reset(_ name: String, to grid: inout GridStyle, from source: GridStyle) {
        switch name {
        case "grid-template-columns": grid.templateColumns = source.templateColumns
        case "grid-template-rows": grid.templateRows = source.templateRows
        case "grid-template-areas": grid.areas = source.areas
        case "grid-auto-columns": grid.autoColumns = source.autoColumns
        case "grid-auto-rows": grid.autoRows = source.autoRows
        case "grid-auto-flow": (grid.flowsByColumn, grid.dense) = (source.flowsByColumn, source.dense)
        case "grid-row-start": grid.rowStart = source.rowStart
        case "grid-row-end": grid.rowEnd = source.rowEnd
        case "grid-column-start": grid.columnStart = source.columnStart
        case "grid-column-end": grid.columnEnd = source.columnEnd
        case "justify-items": grid.justifyItems = source.justifyItems
        case "justify-self": grid.justifySelf = source.justifySelf
        case "align-items": grid.alignItems = source.alignItems
        case "align-self": grid.alignSelf = source.alignSelf
        case "justify-content": grid.justifyContent = source.justifyContent
        case "align-content": grid.alignContent = source.alignContent
        default:
            // Shorthands reset everything they cover.
            let saved = grid
            grid = source
            if name != "grid" && name != "grid-template" {
                grid = saved
                if name == "grid-row" { (grid.rowStart, grid.rowEnd) = (source.rowStart, source.rowEnd) }
                if name == "grid-column" { (grid.columnStart, grid.columnEnd) = (source.columnStart, source.columnEnd) }
                if name == "grid-area" {
                    (grid.rowStart, grid.rowEnd, grid.columnStart, grid.columnEnd) = (source.rowStart, source.rowEnd, source.columnStart, source.columnEnd)
                }
                if name.hasPrefix("place-") { grid = source }
            } else {
                (grid.rowStart, grid.rowEnd, grid.columnStart, grid.columnEnd) = (saved.rowStart, saved.rowEnd, saved.columnStart, saved.columnEnd)
                (grid.justifyItems, grid.justifySelf, grid.alignItems, grid.alignSelf) = (saved.justifyItems, saved.justifySelf, saved.alignItems, saved.alignSelf)
                (grid.justifyContent, grid.alignContent) = (saved.justifyContent, saved.alignContent)
            }
        }
    }

    // MARK: Tokens

    enum Token: Equatable {
        case word(String)              // lowercased keyword, number or dimension
        case names([String])           // [a b]
        case function(String, String)  // name (lowercased), arguments
        case string(String)
        case slash
    }

    static func tokenize(_ value: String) -> [Token] {
        var tokens: [Token] = []
        var chars = Array(value)[...]
        while let first = chars.first {
            if first.isWhitespace { chars.removeFirst(); continue }
            if first == "/" { tokens.append(.slash); chars.removeFirst(); continue }
            if first == "\"" || first == "'" {
                chars.removeFirst()
                let body = chars.prefix { $0 != first }
                chars.removeFirst(min(chars.count, body.count + 1))
                tokens.append(.string(String(body)))
                continue
            }
            if first == "[" {
                let body = chars.dropFirst().prefix { $0 != "]" }
                chars.removeFirst(min(chars.count, body.count + 2))
                tokens.append(.names(String(body).split(whereSeparator: \.isWhitespace).map(String.init)))
                continue
            }
            var word = ""
            var depth = 0
            while let c = chars.first, depth > 0 || !(c.isWhitespace || c == "/" || c == "[" || c == "\"" || c == "'") {
                if c == "(" { depth += 1 } else if c == ")" { depth -= 1; if depth == 0 { word.append(c); chars.removeFirst(); break } }
                word.append(c)
                chars.removeFirst()
            }
            if let open = word.firstIndex(of: "("), word.hasSuffix(")") {
                let name = word[..<open].lowercased()
                if name != "calc" && name != "min" && name != "max" && name != "clamp" && name != "var" {
                    tokens.append(.function(name, String(word[word.index(after: open)..<word.index(before: word.endIndex)])))
                    continue
                }
            }
            tokens.append(.word(word))
        }
        return tokens
    }

    static func split(_ tokens: [Token], by separator: String) -> [[Token]] {
        var parts: [[Token]] = [[]]
        for token in tokens {
            if token == .slash { parts.append([]) } else { parts[parts.count - 1].append(token) }
        }
        return parts
    }

    /// Comma-separated arguments of a function (top level only).
    static func arguments(_ text: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for c in text {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == "," && depth == 0 { parts.append(current); current = "" } else { current.append(c) }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    // MARK: Tracks

    struct TrackParser {
        let length: (String) -> Length?

        func breadth(_ token: Token) -> GridBreadth? {
            switch token {
            case .word(let raw):
                let word = raw.lowercased()
                switch word {
                case "auto": return .auto
                case "min-content": return .minContent
                case "max-content": return .maxContent
                default: break
                }
                if word.hasSuffix("fr"), let number = Double(word.dropLast(2)), number.isFinite, number >= 0 { return .flex(number) }
                guard let value = length(raw) else { return nil }
                if case .px(let v) = value, v < 0 { return nil }
                if case .percent(let v) = value, v < 0 { return nil }
                return .length(value)
            default: return nil
            }
        }

        func trackSize(_ token: Token) -> GridTrackSize? {
            switch token {
            case .function("minmax", let args):
                let parts = GridValueParser.arguments(args)
                guard parts.count == 2, let low = breadth(.word(parts[0])), let high = breadth(.word(parts[1])) else { return nil }
                if case .flex = low { return nil }
                return GridTrackSize(min: low, max: high)
            case .function("fit-content", let args):
                guard let limit = breadth(.word(args.trimmingCharacters(in: .whitespaces))), case .length(let l) = limit else { return nil }
                return GridTrackSize(min: .auto, max: .maxContent, fitContentLimit: l)
            default:
                guard let b = breadth(token) else { return nil }
                if case .flex = b { return GridTrackSize(min: .auto, max: b) }
                return GridTrackSize(min: b, max: b)
            }
        }

        func trackSizes(_ tokens: [Token]) -> [GridTrackSize]? {
            let sizes = tokens.compactMap(trackSize)
            return sizes.count == tokens.count && !sizes.isEmpty ? sizes : nil
        }

        /// `none` or a track list (line names, sizes, repeat()).
        func trackList(_ tokens: [Token]) -> GridTrackList? {
            if tokens == [.word("none")] { return GridTrackList() }
            var list = GridTrackList()
            for token in tokens {
                switch token {
                case .names(let names): list.names[list.names.count - 1] += names
                case .function("repeat", let args):
                    let parts = GridValueParser.arguments(args)
                    guard parts.count == 2 else { return nil }
                    let inner = GridValueParser.tokenize(parts[1])
                    var repeated = GridTrackList()
                    for t in inner {
                        if case .names(let names) = t { repeated.names[repeated.names.count - 1] += names; continue }
                        guard let size = trackSize(t) else { return nil }
                        repeated.tracks.append(size)
                        repeated.names.append([])
                    }
                    guard !repeated.tracks.isEmpty else { return nil }
                    let count = parts[0].lowercased()
                    if count == "auto-fill" || count == "auto-fit" {
                        guard list.autoRepeat == nil else { return nil }
                        list.autoRepeat = .init(fit: count == "auto-fit", tracks: repeated.tracks, names: repeated.names, index: list.tracks.count)
                        continue
                    }
                    guard let n = Int(count), n >= 1 else { return nil }
                    let times = min(n, max(0, (GridStyle.maximumTracks - list.tracks.count) / repeated.tracks.count))
                    for _ in 0..<times {
                        list.names[list.names.count - 1] += repeated.names[0]
                        list.tracks += repeated.tracks
                        list.names += repeated.names.dropFirst()
                    }
                default:
                    guard let size = trackSize(token) else { return nil }
                    if list.tracks.count < GridStyle.maximumTracks {
                        list.tracks.append(size)
                        list.names.append([])
                    }
                }
            }
            return list.tracks.isEmpty && list.autoRepeat == nil ? nil : list
        }

        /// `grid-template`: `none`, `rows / columns`, or the areas form
        /// `[names]? "row" size? [names]? … / columns`.
        func template(_ tokens: [Token]) -> (GridTrackList, GridTrackList, GridTemplateAreas?)? {
            if tokens == [.word("none")] { return (GridTrackList(), GridTrackList(), nil) }
            let parts = GridValueParser.split(tokens, by: "/")
            guard parts.count <= 2 else { return nil }
            let hasStrings = parts[0].contains { if case .string = $0 { return true }; return false }
            if !hasStrings {
                guard parts.count == 2, let rows = trackList(parts[0]), let columns = trackList(parts[1]) else { return nil }
                return (rows, columns, nil)
            }
            var rows = GridTrackList()
            var strings: [Token] = []
            var index = 0
            let rowTokens = parts[0]
            while index < rowTokens.count {
                if case .names(let names) = rowTokens[index] { rows.names[rows.names.count - 1] += names; index += 1 }
                guard index < rowTokens.count, case .string = rowTokens[index] else { return nil }
                strings.append(rowTokens[index]); index += 1
                var size = GridTrackSize.auto
                if index < rowTokens.count, let s = trackSize(rowTokens[index]) { size = s; index += 1 }
                rows.tracks.append(size); rows.names.append([])
                if index < rowTokens.count, case .names(let names) = rowTokens[index] { rows.names[rows.names.count - 1] += names; index += 1 }
            }
            guard let areas = GridValueParser.templateAreas(strings) else { return nil }
            var columns = GridTrackList()
            if parts.count == 2 {
                guard let list = trackList(parts[1]), list.autoRepeat == nil else { return nil }
                columns = list
            }
            return (rows, columns, areas)
        }

        /// `grid`: a `grid-template`, or `rows / auto-flow dense? columns?`, or
        /// `auto-flow dense? rows? / columns`; every grid property it does not set is reset.
        func gridShorthand(_ tokens: [Token], into grid: inout GridStyle) {
            var fresh = GridStyle()
            fresh.rowStart = grid.rowStart; fresh.rowEnd = grid.rowEnd
            fresh.columnStart = grid.columnStart; fresh.columnEnd = grid.columnEnd
            (fresh.justifyItems, fresh.justifySelf, fresh.alignItems, fresh.alignSelf) = (grid.justifyItems, grid.justifySelf, grid.alignItems, grid.alignSelf)
            (fresh.justifyContent, fresh.alignContent) = (grid.justifyContent, grid.alignContent)
            let parts = GridValueParser.split(tokens, by: "/")
            func autoFlowSide(_ side: [Token]) -> (dense: Bool, rest: [Token])? {
                guard side.contains(.word("auto-flow")) else { return nil }
                let dense = side.contains(.word("dense"))
                return (dense, side.filter { $0 != .word("auto-flow") && $0 != .word("dense") })
            }
            if parts.count == 2, let flow = autoFlowSide(parts[1]) {
                guard let rows = trackList(parts[0]) else { return }
                fresh.templateRows = rows
                fresh.flowsByColumn = true; fresh.dense = flow.dense
                if !flow.rest.isEmpty { guard let sizes = trackSizes(flow.rest) else { return }; fresh.autoColumns = sizes }
            } else if parts.count == 2, let flow = autoFlowSide(parts[0]) {
                guard let columns = trackList(parts[1]) else { return }
                fresh.templateColumns = columns
                fresh.dense = flow.dense
                if !flow.rest.isEmpty { guard let sizes = trackSizes(flow.rest) else { return }; fresh.autoRows = sizes }
            } else {
                guard let template = template(tokens) else { return }
                (fresh.templateRows, fresh.templateColumns, fresh.areas) = template
            }
            grid = fresh
        }
    }

    /// Rows of area names: every row the same number of cells, every name one filled rectangle.
    static func templateAreas(_ tokens: [Token]) -> GridTemplateAreas? {
        var grid: [[String?]] = []
        for token in tokens {
            guard case .string(let row) = token else { return nil }
            var cells: [String?] = []
            var index = row.startIndex
            while index < row.endIndex {
                let c = row[index]
                if c.isWhitespace { index = row.index(after: index); continue }
                if c == "." {
                    while index < row.endIndex, row[index] == "." { index = row.index(after: index) }
                    cells.append(nil)
                    continue
                }
                var name = ""
                while index < row.endIndex, !row[index].isWhitespace, row[index] != "." { name.append(row[index]); index = row.index(after: index) }
                cells.append(name)
            }
            guard !cells.isEmpty, grid.isEmpty || grid[0].count == cells.count, cells.count <= GridStyle.maximumTracks else { return nil }
            grid.append(cells)
        }
        guard !grid.isEmpty, grid.count <= GridStyle.maximumTracks else { return nil }
        var bounds: [String: (rows: Range<Int>, columns: Range<Int>, cells: Int)] = [:]
        for (r, row) in grid.enumerated() {
            for (c, cell) in row.enumerated() {
                guard let name = cell else { continue }
                if let b = bounds[name] {
                    bounds[name] = (min(b.rows.lowerBound, r)..<max(b.rows.upperBound, r + 1),
                                    min(b.columns.lowerBound, c)..<max(b.columns.upperBound, c + 1), b.cells + 1)
                } else {
                    bounds[name] = (r..<(r + 1), c..<(c + 1), 1)
                }
            }
        }
        for (_, b) in bounds where b.rows.count * b.columns.count != b.cells { return nil }
        return GridTemplateAreas(rows: grid.count, columns: grid[0].count, areas: bounds.mapValues { ($0.rows, $0.columns) })
    }

    static func autoFlow(_ tokens: [Token]) -> (Bool, Bool)? {
        var column: Bool?, dense = false
        for token in tokens {
            switch token {
            case .word(let w) where w.lowercased() == "row" && column == nil: column = false
            case .word(let w) where w.lowercased() == "column" && column == nil: column = true
            case .word(let w) where w.lowercased() == "dense" && !dense: dense = true
            default: return nil
            }
        }
        return (column ?? false, dense)
    }

    /// `auto` | `<integer> && <ident>?` | `span && [<integer> || <ident>]` | `<ident>`.
    static func gridLine(_ tokens: [Token]) -> GridLine? {
        var words: [String] = []
        for token in tokens { guard case .word(let w) = token else { return nil }; words.append(w) }
        guard (1...3).contains(words.count) else { return nil }
        if words.count == 1 && words[0].lowercased() == "auto" { return .auto }
        var span = false, number: Int?, name: String?
        for word in words {
            let lower = word.lowercased()
            if lower == "span" { guard !span else { return nil }; span = true; continue }
            if let n = Int(word) { guard number == nil else { return nil }; number = n; continue }
            let reserved: Set<String> = ["auto", "span", "inherit", "initial", "unset", "default"]
            guard name == nil, !reserved.contains(lower), word.first.map({ $0.isLetter || $0 == "_" || $0 == "-" }) == true else { return nil }
            name = word
        }
        if span {
            guard words.first?.lowercased() == "span" || words.last?.lowercased() == "span" else { return nil }
            let n = number ?? 1
            guard n > 0 else { return nil }
            return .span(min(n, GridStyle.maximumTracks), name: name)
        }
        if let number {
            guard number != 0 else { return nil }
            return .line(max(-GridStyle.maximumTracks, min(number, GridStyle.maximumTracks)), name: name)
        }
        return name.map { .named($0) }
    }

    /// A missing end of `grid-row`/`grid-column`/`grid-area`: the start's name if it is a lone name.
    static func implicitEnd(_ start: GridLine?) -> GridLine? {
        guard let start else { return nil }
        if case .named = start { return start }
        return .auto
    }

    static func selfAlignment(_ tokens: [Token], legacy: Bool = false) -> GridAlignment? {
        var words = tokens.compactMap { token -> String? in if case .word(let w) = token { return w.lowercased() }; return nil }
        guard words.count == tokens.count, !words.isEmpty else { return nil }
        if words.count == 2, words[0] == "safe" || words[0] == "unsafe" { words.removeFirst() }
        if legacy, words.contains("legacy") { return words.count <= 2 ? .normal : nil }
        if words == ["first", "baseline"] || words == ["last", "baseline"] { return .baseline }
        guard words.count == 1 else { return nil }
        switch words[0] {
        case "auto": return .auto
        case "normal": return .normal
        case "stretch": return .stretch
        case "start", "flex-start", "self-start", "left": return .start
        case "end", "flex-end", "self-end", "right": return .end
        case "center": return .center
        case "baseline": return .baseline
        default: return nil
        }
    }

    static func contentAlignment(_ tokens: [Token]) -> GridContentAlignment? {
        var words = tokens.compactMap { token -> String? in if case .word(let w) = token { return w.lowercased() }; return nil }
        guard words.count == tokens.count, !words.isEmpty else { return nil }
        if words.count == 2, words[0] == "safe" || words[0] == "unsafe" { words.removeFirst() }
        guard words.count == 1 else { return nil }
        switch words[0] {
        case "normal": return .normal
        case "stretch": return .stretch
        case "start", "flex-start", "left", "baseline": return .start
        case "end", "flex-end", "right": return .end
        case "center": return .center
        case "space-between": return .spaceBetween
        case "space-around": return .spaceAround
        case "space-evenly": return .spaceEvenly
        default: return nil
        }
    }

    /// `place-*`: the align part and the optional justify part (`first baseline` is one part).
    static func splitAlignmentPair(_ tokens: [Token]) -> [[Token]] {
        var parts: [[Token]] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if case .word(let w) = token, ["first", "last", "safe", "unsafe", "legacy"].contains(w.lowercased()), index + 1 < tokens.count {
                parts.append([token, tokens[index + 1]]); index += 2
            } else {
                parts.append([token]); index += 1
            }
        }
        return parts
    }
}
