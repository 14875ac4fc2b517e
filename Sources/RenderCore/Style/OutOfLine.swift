/// A group of style values most elements leave at its initial value (flex, grid, multi-column),
/// kept out of line: `ComputedStyle` is copied for every element and every text run, and these
/// groups would otherwise make each copy hundreds of bytes larger. No storage is the initial
/// value; a group that is written gets storage of its own, copied on write like any value.
@propertyWrapper
public struct OutOfLine<Value: InitialStyleGroup>: Sendable {
    /// Mutated only while uniquely referenced (copy on write), so sharing it is safe.
    private final class Storage: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private var storage: Storage?

    public init(wrappedValue: Value) {
        storage = wrappedValue == Value() ? nil : Storage(wrappedValue)
    }

    public var wrappedValue: Value {
        get { storage?.value ?? Value() }
        _modify {
            if storage == nil { storage = Storage(Value()) }
            else if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage!.value) }
            yield &storage!.value
        }
        set {
            if isKnownUniquelyReferenced(&storage) { storage!.value = newValue } else { storage = Storage(newValue) }
        }
    }
}

/// A style group with an initial value (`init()`) that `OutOfLine` can stand for without storage.
public protocol InitialStyleGroup: Sendable, Equatable { init() }
extension FlexStyle: InitialStyleGroup {}
extension GridStyle: InitialStyleGroup {}
extension MultiColumnStyle: InitialStyleGroup {}

/// Printed as the value it stands for, storage or none: `@supports` and the tests tell styles
/// apart by their description.
extension OutOfLine: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { String(describing: wrappedValue) }
    public var debugDescription: String { String(reflecting: wrappedValue) }
}
