import Foundation

/// Numbers in messages: at most 2 decimals, no trailing zeros (`-93.6`, not
/// `-93.60000000000002`). File names keep `Scene.format`, which must stay exact enough to
/// tell offsets apart.
public func displayNumber(_ value: Double) -> String {
    guard value.isFinite else { return String(value) }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    guard abs(value) < 1e15 else { return String(value) }
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}
