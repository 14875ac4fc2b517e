/// Pseudo-classes of element state (Selectors 4 §11–13, HTML § 4.16.3): what a form control,
/// option or editable element is as the markup leaves it, before any user input. A static
/// render has no user: values are the `value`/`checked`/`selected` attributes as written.
enum CSSElementState: Sendable {
    case enabled, disabled, checked, defaultState, indeterminate
    case required, optional, readOnly, readWrite, placeholderShown
    case valid, invalid, inRange, outOfRange, defined

    init?(pseudoClass name: String) {
        switch name {
        case "enabled": self = .enabled
        case "disabled": self = .disabled
        case "checked": self = .checked
        case "default": self = .defaultState
        case "indeterminate": self = .indeterminate
        case "required": self = .required
        case "optional": self = .optional
        case "read-only", "-moz-read-only": self = .readOnly
        case "read-write", "-moz-read-write": self = .readWrite
        case "placeholder-shown": self = .placeholderShown
        case "valid": self = .valid
        case "invalid": self = .invalid
        case "in-range": self = .inRange
        case "out-of-range": self = .outOfRange
        case "defined": self = .defined
        default: return nil
        }
    }

    func matches(_ node: DOMDocument.NodeID, in doc: DOMDocument, _ context: SelectorMatchContext) -> Bool {
        let element = FormElement(node, doc, context.forms(of: doc))
        switch self {
        case .enabled: return element.canBeDisabled && !element.isDisabled
        case .disabled: return element.canBeDisabled && element.isDisabled
        case .checked: return element.isChecked
        case .defaultState: return element.isDefault
        case .indeterminate: return element.isIndeterminate
        case .required: return element.takesRequired && element.has("required")
        case .optional: return element.takesRequired && !element.has("required")
        case .readWrite: return element.isReadWrite
        case .readOnly: return !element.isReadWrite
        case .placeholderShown: return element.isPlaceholderShown
        case .valid: return element.validity == true
        case .invalid: return element.validity == false
        case .inRange: return element.rangeState == true
        case .outOfRange: return element.rangeState == false
        case .defined: return !(doc[node].tag ?? "").contains("-")   // custom elements need script to be defined
        }
    }

    /// HTML's directionality of an element: its own `dir`, `auto` from its text, else its parent's.
    static func directionality(of node: DOMDocument.NodeID, in doc: DOMDocument) -> TextDirection {
        var current: DOMDocument.NodeID? = node
        while let id = current, doc[id].tag != nil {
            switch Directionality.stated(id, in: doc) {
            case "rtl": return .rtl
            case "ltr": return .ltr
            case "auto": return Directionality.auto(of: id, in: doc)
            default: current = doc[id].parent
            }
        }
        return .ltr
    }
}

/// One element read as a form control. Attribute presence is what counts (`disabled=""`).
private struct FormElement {
    let node: DOMDocument.NodeID
    let doc: DOMDocument
    let tag: String
    let forms: FormIndex

    init(_ node: DOMDocument.NodeID, _ doc: DOMDocument, _ forms: FormIndex) {
        self.node = node
        self.doc = doc
        self.forms = forms
        tag = doc[node].tag ?? ""
    }

    func has(_ attribute: String) -> Bool { doc[node].attributes[attribute] != nil }

    /// An input's type as HTML reads it: unknown or missing types are text.
    var inputType: String { Self.inputType(of: node, in: doc) }

    static func inputType(of node: DOMDocument.NodeID, in doc: DOMDocument) -> String {
        let type = (doc[node].attributes["type"] ?? "").trimmingWhitespaces().lowercased()
        return knownInputTypes.contains(type) ? type : "text"
    }

    static let knownInputTypes: Set<String> = [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
        "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]
    /// Types whose value the user types (`readonly` and `placeholder` apply).
    static let textEntryTypes: Set<String> = [
        "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
    ]
    static let placeholderTypes: Set<String> = ["text", "search", "tel", "url", "email", "password", "number"]
    static let rangeTypes: Set<String> = ["number", "range", "date", "month", "week", "time", "datetime-local"]

    // MARK: Disabled

    var canBeDisabled: Bool {
        ["button", "input", "select", "textarea", "optgroup", "option", "fieldset"].contains(tag)
    }

    /// HTML § 4.10.18.2: its own `disabled`, an `optgroup`'s for an option, or a disabled
    /// fieldset's around it (except inside that fieldset's first legend).
    var isDisabled: Bool {
        if has("disabled") { return true }
        if tag == "option", let parent = doc[node].parent, doc[parent].tag == "optgroup", doc[parent].attributes["disabled"] != nil {
            return true
        }
        guard ["button", "input", "select", "textarea", "fieldset"].contains(tag) else { return false }
        var child = node
        while let parent = doc[child].parent, doc[parent].tag != nil {
            if doc[parent].tag == "fieldset", doc[parent].attributes["disabled"] != nil,
               doc.elementChildren(of: parent).first(where: { doc[$0].tag == "legend" }) != child {
                return true
            }
            child = parent
        }
        return false
    }

    // MARK: Checked and default

    var isChecked: Bool {
        switch tag {
        case "input":
            let type = inputType
            if type == "checkbox" { return has("checked") }
            if type == "radio" { return forms.checkedRadios.contains(node) }
            return false
        case "option":
            return forms.selectedOptions.contains(node)
        default:
            return false
        }
    }

    var isDefault: Bool {
        switch tag {
        case "input":
            let type = inputType
            if type == "checkbox" || type == "radio" { return has("checked") }
            return (type == "submit" || type == "image") && isDefaultButton
        case "option":
            return has("selected")
        case "button":
            return isDefaultButton
        default:
            return false
        }
    }

    var isIndeterminate: Bool {
        if tag == "progress" { return !has("value") }
        guard tag == "input", inputType == "radio" else { return false }
        guard let group = forms.radioGroup[node] else { return !has("checked") }
        return !forms.radioGroupsWithChecked.contains(group)
    }

    private var isSubmitButton: Bool { FormIndex.isSubmitButton(node, in: doc) }

    private var isDefaultButton: Bool { forms.defaultButtons.contains(node) }

    // MARK: Required, read-write, placeholder

    var takesRequired: Bool { tag == "input" || tag == "select" || tag == "textarea" }

    var isReadWrite: Bool {
        switch tag {
        case "input":
            return Self.textEntryTypes.contains(inputType) && !has("readonly") && !isDisabled
        case "textarea":
            return !has("readonly") && !isDisabled
        default:
            return isEditableContent
        }
    }

    /// `contenteditable` (true, empty or plaintext-only) on it or inherited from an ancestor.
    private var isEditableContent: Bool {
        var current: DOMDocument.NodeID? = node
        while let id = current, doc[id].tag != nil {
            if let value = doc[id].attributes["contenteditable"]?.lowercased() {
                if value == "" || value == "true" || value == "plaintext-only" { return true }
                if value == "false" { return false }
            }
            current = doc[id].parent
        }
        return false
    }

    var isPlaceholderShown: Bool {
        guard let placeholder = doc[node].attributes["placeholder"] else { return false }
        switch tag {
        case "input":
            let shown = placeholder.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
            return Self.placeholderTypes.contains(inputType) && !shown.isEmpty && value.isEmpty
        case "textarea":
            return !placeholder.isEmpty && doc.textContent(of: node).isEmpty
        default:
            return false
        }
    }

    /// A text input's value as parsed (line breaks stripped, the sanitization all text types share).
    private var value: String {
        (doc[node].attributes["value"] ?? "").filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
    }

    // MARK: Validity

    /// true valid, false invalid, nil for elements that are neither (not candidates for
    /// constraint validation). Forms and fieldsets are invalid when a control in them is.
    var validity: Bool? {
        switch tag {
        case "form", "fieldset":
            let controls = descendants(of: node).map { FormElement($0, doc, forms) }
            return !controls.contains { $0.ownValidity == false }
        default:
            return ownValidity
        }
    }

    private var ownValidity: Bool? {
        guard isCandidateForValidation else { return nil }
        return !isSuffering
    }

    private var isCandidateForValidation: Bool {
        switch tag {
        case "input":
            let type = inputType
            if ["hidden", "reset", "button"].contains(type) { return false }
            if has("readonly"), Self.textEntryTypes.contains(type) { return false }
        case "button":
            guard isSubmitButton else { return false }
        case "select", "textarea":
            if tag == "textarea", has("readonly") { return false }
        default:
            return false
        }
        return !isDisabled && ancestor("datalist") == nil
    }

    /// The constraints a written value can break: a required value missing, a malformed
    /// e-mail or URL, a number out of range. (Patterns and lengths apply to typed values only
    /// or need a regular-expression engine; they are taken as met.)
    private var isSuffering: Bool {
        switch tag {
        case "input":
            let type = inputType
            let required = has("required")
            switch type {
            case "checkbox": return required && !has("checked")
            case "radio":
                guard let group = forms.radioGroup[node] else { return required && !has("checked") }
                return forms.requiredRadioGroups.contains(group) && !forms.radioGroupsWithChecked.contains(group)
            case "file": return required
            case "submit", "image", "range", "color": return false
            default:
                let text = type == "email" || type == "url" ? value.trimmingWhitespaces() : value
                if required && text.isEmpty { return true }
                if type == "email", !text.isEmpty, !has("multiple") || !text.contains(",") {
                    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
                    if parts.count != 2 || parts[0].isEmpty || parts[1].isEmpty { return true }
                }
                if type == "url", !text.isEmpty, !text.contains(":") { return true }
                return rangeState == false
            }
        case "textarea":
            return has("required") && doc.textContent(of: node).isEmpty
        case "select":
            guard has("required") else { return false }
            let options = descendants(of: node).filter { doc[$0].tag == "option" }
            guard let chosen = options.first(where: { forms.selectedOptions.contains($0) }) else { return true }
            // The placeholder label option (first, empty value, in a single-choice select) counts as none.
            let attributes = doc[node].attributes
            let single = attributes["multiple"] == nil && (attributes["size"].flatMap { Int($0) } ?? 1) <= 1
            let chosenValue = doc[chosen].attributes["value"] ?? doc.textContent(of: chosen).trimmingWhitespaces()
            return single && chosen == options.first && doc[chosen].parent == node && chosenValue.isEmpty
        default:
            return false
        }
    }

    /// For inputs with range limitations (`min` or `max` on a type that takes them): whether
    /// the written value lies within them; nil otherwise.
    var rangeState: Bool? {
        guard tag == "input", Self.rangeTypes.contains(inputType) else { return nil }
        let minimum = doc[node].attributes["min"], maximum = doc[node].attributes["max"]
        guard minimum != nil || maximum != nil else { return nil }
        let text = value.trimmingWhitespaces()
        if inputType == "range" || text.isEmpty { return true }   // a range's value is clamped; no value is in range
        if inputType == "number" {
            guard let number = Double(text), number.isFinite else { return true }
            if let low = minimum.flatMap({ Double($0.trimmingWhitespaces()) }), number < low { return false }
            if let high = maximum.flatMap({ Double($0.trimmingWhitespaces()) }), number > high { return false }
            return true
        }
        // Dates and times in their ISO forms compare as text.
        if let minimum, !minimum.isEmpty, text < minimum { return false }
        if let maximum, !maximum.isEmpty, text > maximum { return false }
        return true
    }

    // MARK: Tree

    private func ancestor(_ name: String) -> DOMDocument.NodeID? {
        FormIndex.ancestor(name, of: node, in: doc)
    }

    private func descendants(of root: DOMDocument.NodeID) -> [DOMDocument.NodeID] {
        FormIndex.descendants(of: root, in: doc)
    }
}

/// What needs the whole document to answer, found in one walk and kept by the match context:
/// form owners, radio groups, each form's default button, the options a select has selected.
final class FormIndex {
    private(set) var checkedRadios = Set<DOMDocument.NodeID>()
    /// Each named radio's group number.
    private(set) var radioGroup: [DOMDocument.NodeID: Int] = [:]
    private(set) var radioGroupsWithChecked = Set<Int>()
    private(set) var requiredRadioGroups = Set<Int>()
    private(set) var defaultButtons = Set<DOMDocument.NodeID>()
    private(set) var selectedOptions = Set<DOMDocument.NodeID>()

    init(_ doc: DOMDocument) {
        let elements = Self.descendants(of: doc.root, in: doc)
        var formsByID: [String: DOMDocument.NodeID] = [:]
        for id in elements where doc[id].tag == "form" {
            if let name = doc[id].attributes["id"], formsByID[name] == nil { formsByID[name] = id }
        }
        func owner(_ id: DOMDocument.NodeID) -> DOMDocument.NodeID? {
            if let name = doc[id].attributes["form"] { return formsByID[name] }
            return Self.ancestor("form", of: id, in: doc)
        }
        struct GroupKey: Hashable { let name: String; let owner: DOMDocument.NodeID? }
        var groups: [GroupKey: Int] = [:]
        var lastChecked: [Int: DOMDocument.NodeID] = [:]
        var formsWithDefault = Set<DOMDocument.NodeID>()
        for id in elements {
            switch doc[id].tag {
            case "input":
                let type = FormElement.inputType(of: id, in: doc)
                let attributes = doc[id].attributes
                if type == "radio" {
                    guard let name = attributes["name"], !name.isEmpty else {
                        if attributes["checked"] != nil { checkedRadios.insert(id) }
                        continue
                    }
                    let key = GroupKey(name: name, owner: owner(id))
                    let group = groups[key] ?? groups.count
                    groups[key] = group
                    radioGroup[id] = group
                    // Checking a radio unchecks the rest of its group: of several, the last stays.
                    if attributes["checked"] != nil { lastChecked[group] = id; radioGroupsWithChecked.insert(group) }
                    if attributes["required"] != nil { requiredRadioGroups.insert(group) }
                } else if Self.isSubmitButton(id, in: doc), let form = owner(id), formsWithDefault.insert(form).inserted {
                    defaultButtons.insert(id)
                }
            case "button":
                if Self.isSubmitButton(id, in: doc), let form = owner(id), formsWithDefault.insert(form).inserted {
                    defaultButtons.insert(id)
                }
            case "select":
                selectedOptions.formUnion(Self.selected(in: id, doc))
            default:
                break
            }
        }
        checkedRadios.formUnion(lastChecked.values)
    }

    /// A select's options' selectedness as parsed: their `selected`; in a single-choice
    /// select (no `multiple`, size 1) the last so marked, or else the first not disabled.
    private static func selected(in select: DOMDocument.NodeID, _ doc: DOMDocument) -> [DOMDocument.NodeID] {
        let attributes = doc[select].attributes
        let options = descendants(of: select, in: doc).filter { doc[$0].tag == "option" }
        let marked = options.filter { doc[$0].attributes["selected"] != nil }
        let size = attributes["size"].flatMap { Int($0.trimmingWhitespaces()) } ?? 1
        guard attributes["multiple"] == nil, size <= 1 else { return marked }
        if let last = marked.last { return [last] }
        func disabled(_ option: DOMDocument.NodeID) -> Bool {
            if doc[option].attributes["disabled"] != nil { return true }
            guard let parent = doc[option].parent else { return false }
            return doc[parent].tag == "optgroup" && doc[parent].attributes["disabled"] != nil
        }
        return options.first { !disabled($0) }.map { [$0] } ?? []
    }

    static func isSubmitButton(_ id: DOMDocument.NodeID, in doc: DOMDocument) -> Bool {
        switch doc[id].tag {
        case "button":
            let type = (doc[id].attributes["type"] ?? "").trimmingWhitespaces().lowercased()
            return type != "button" && type != "reset"
        case "input":
            let type = FormElement.inputType(of: id, in: doc)
            return type == "submit" || type == "image"
        default:
            return false
        }
    }

    static func ancestor(_ name: String, of node: DOMDocument.NodeID, in doc: DOMDocument) -> DOMDocument.NodeID? {
        var current = doc[node].parent
        while let id = current {
            if doc[id].tag == name { return id }
            current = doc[id].parent
        }
        return nil
    }

    /// Elements below `root` in tree order.
    static func descendants(of root: DOMDocument.NodeID, in doc: DOMDocument) -> [DOMDocument.NodeID] {
        var result: [DOMDocument.NodeID] = []
        var stack = Array(doc[root].children.reversed())
        while let next = stack.popLast() {
            guard doc[next].tag != nil else { continue }
            result.append(next)
            stack.append(contentsOf: doc[next].children.reversed())
        }
        return result
    }
}
