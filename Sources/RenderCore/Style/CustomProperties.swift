/// Custom properties (`--name: value`) and `var()` substitution (CSS Variables 1 §2–3).
///
/// An element's custom properties are its parent's (they inherit) overridden by those it
/// declares, each with the `var()`s in it already substituted. Every other declaration whose
/// value holds a `var()` is substituted before its property parses it, so any property and
/// shorthand can use one. A value that cannot be substituted (an unknown name without
/// fallback, a cycle, a result past the size limit) is invalid at computed-value time: the
/// property is then `unset` — inherited for inherited properties, initial for the rest.
enum CustomProperties {
    /// The longest value one substitution may produce, in UTF-8 bytes. `--a: var(--b) var(--b)`
    /// doubles at each level; past this the value is invalid (Chromium and WebKit cap too).
    static let maximumValueBytes = 65_536
    /// Custom properties referring to custom properties nest at most this deep on one element.
    static let maximumDepth = 64

    /// Substituted bytes a whole document may produce: a rule giving every element long
    /// values would otherwise cost memory per element. Past it, `var()` no longer substitutes.
    /// Also remembers the last element's resolution: siblings and descendants under a rule
    /// such as `* { --a: …; --b: var(--a) }` see the same declarations and inherited values, so
    /// they get the same custom properties without resolving them again.
    /// Unchecked: one per cascade run (`Cascade.style`), used only by the thread running it.
    final class Budget: @unchecked Sendable {
        var bytesLeft: Int
        private(set) var exhausted = false
        init(bytes: Int = 16 << 20) { bytesLeft = bytes }
        func spend(_ count: Int) -> Bool {
            guard count <= bytesLeft else { exhausted = true; return false }
            bytesLeft -= count
            return true
        }
        fileprivate var last: (declared: [Declaration], inherited: [String: String], custom: [String: String])?
        /// Substituted values under `last.custom` (nil: refused).
        fileprivate var substitutions: [String: String?] = [:]
    }

    /// The element's custom properties and its other declarations, in order, with every
    /// `var()` substituted (custom property declarations are consumed here: no property
    /// needs them again).
    static func resolve(_ declarations: [Declaration], inherited: [String: String],
                        budget: Budget) -> (declarations: [Declaration], custom: [String: String]) {
        let declared = declarations.filter { $0.name.hasPrefix("--") }
        let usesVariables = declarations.contains { !$0.name.hasPrefix("--") && mentionsVar($0.value) }
        guard !declared.isEmpty || usesVariables else { return (declarations, inherited) }
        let custom: [String: String]
        if declared.isEmpty {
            custom = inherited
        } else if let last = budget.last, last.declared == declared, last.inherited == inherited {
            custom = last.custom
        } else {
            let resolver = Resolver(inherited: inherited, budget: budget)
            for declaration in declared { resolver.declared[declaration.name] = declaration.value }
            for name in resolver.declared.keys.sorted() { _ = resolver.value(of: name, depth: 0) }
            custom = resolver.computed
            budget.last = (declared, inherited, custom)
            budget.substitutions = [:]
        }
        guard usesVariables else { return (declarations.filter { !$0.name.hasPrefix("--") }, custom) }
        let memoized = budget.last.map { $0.custom == custom } ?? false
        // A substituted value the property then refuses is invalid at computed-value time
        // too: each is preceded by the property's `unset`, so a refused value leaves that.
        var substituted: [Declaration] = []
        substituted.reserveCapacity(declarations.count + 8)
        for declaration in declarations where !declaration.name.hasPrefix("--") {
            guard mentionsVar(declaration.value) else { substituted.append(declaration); continue }
            var reset = declaration
            reset.value = "unset"
            substituted.append(reset)
            let value: String?
            if memoized, let known = budget.substitutions[declaration.value] {
                value = known
            } else {
                value = substitute(declaration.value, depth: 0, budget: budget, lookup: { custom[$0] })
                if memoized { budget.substitutions[declaration.value] = .some(value) }
            }
            if let value, !value.isEmpty {
                var copy = declaration
                copy.value = value
                substituted.append(copy)
            }
        }
        return (substituted, custom)
    }

    static func mentionsVar(_ value: String) -> Bool {
        // Most values have no parenthesis at all: the byte test spares them the search.
        value.utf8.contains(UInt8(ascii: "(")) && value.range(of: "var(", options: .caseInsensitive) != nil
    }

    /// Resolves the custom properties one element declares, with cycle detection.
    private final class Resolver {
        var declared: [String: String] = [:]
        /// Inherited values, overwritten (or removed) as declared ones resolve.
        var computed: [String: String]
        private var state: [String: Bool] = [:]  // false: resolving, true: done
        let budget: Budget

        init(inherited: [String: String], budget: Budget) {
            computed = inherited
            self.budget = budget
        }

        /// The names being resolved, innermost last, and those found in a cycle.
        private var stack: [String] = []
        private var cyclic: Set<String> = []

        func value(of name: String, depth: Int) -> String? {
            guard let raw = declared[name] else { return computed[name] }
            switch state[name] {
            case true?: return computed[name]
            case false?:
                // A cycle: every custom property in it is guaranteed-invalid, fallbacks or not.
                if let start = stack.lastIndex(of: name) { cyclic.formUnion(stack[start...]) }
                return nil
            case nil: break
            }
            state[name] = false
            stack.append(name)
            let keyword = raw.lowercased().trimmingWhitespaces()
            var result: String?
            if keyword == "initial" {
                result = nil
            } else if keyword == "inherit" || keyword == "unset" {
                result = computed[name]
            } else if depth >= CustomProperties.maximumDepth {
                result = nil
            } else if mentionsVar(raw) {
                result = CustomProperties.substitute(raw, depth: 0, budget: budget) { self.value(of: $0, depth: depth + 1) }
            } else {
                result = raw.trimmingWhitespaces()
            }
            stack.removeLast()
            if cyclic.contains(name) { result = nil }
            state[name] = true
            computed[name] = result
            return result
        }
    }

    /// `text` with each `var(--name[, fallback])` replaced; nil when one cannot be.
    static func substitute(_ text: String, depth: Int, budget: Budget, lookup: (String) -> String?) -> String? {
        guard depth < maximumDepth, !budget.exhausted else { return nil }
        let list = CSSTokenList(text)
        let tokens = list.tokens
        var output = ""
        var index = 0
        var runStart = 0
        func flush(to end: Int) {
            if end > runStart { output += list.rawText(runStart..<end) }
        }
        while index < tokens.count {
            guard case .function(let name) = tokens[index].kind, name.lowercased() == "var" else { index += 1; continue }
            flush(to: index)
            let close = list.blockEnd[index]
            var cursor = index + 1
            while cursor < close, tokens[cursor].kind.isWhitespace { cursor += 1 }
            guard cursor < close, case .ident(let variable) = tokens[cursor].kind, variable.hasPrefix("--") else { return nil }
            cursor += 1
            while cursor < close, tokens[cursor].kind.isWhitespace { cursor += 1 }
            var replacement: String?
            if let value = lookup(variable) {
                replacement = value
            } else if cursor < close, tokens[cursor].kind == .comma {
                // The fallback is everything after the first comma, itself substituted.
                let fallback = list.rawText((cursor + 1)..<min(close, tokens.count)).trimmingWhitespaces()
                replacement = substitute(fallback, depth: depth + 1, budget: budget, lookup: lookup)
            } else if cursor < close {
                return nil  // junk after the name
            }
            guard let replacement else { return nil }
            output += replacement
            guard output.utf8.count <= maximumValueBytes, budget.spend(replacement.utf8.count) else { return nil }
            index = min(close + 1, tokens.count)
            runStart = index
        }
        flush(to: tokens.count)
        return output.trimmingWhitespaces()
    }
}
