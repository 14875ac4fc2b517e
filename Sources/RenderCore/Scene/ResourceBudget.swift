/// What is left of the limits while one document is built, and one warning per limit reached.
/// Stages hand it along (parse → style → box tree → layout); a class, so each stage adds to
/// the same record. Unchecked: one per document build, used only by the thread building it.
final class ResourceBudget: @unchecked Sendable {
    let limits: ResourceLimits
    private(set) var warnings: [String] = []
    /// UTF-8 bytes of text left for the whole document.
    var textBytesLeft: Int
    var floatsLeft: Int
    var selectorTestsLeft: Int

    init(_ limits: ResourceLimits) {
        self.limits = limits
        selectorTestsLeft = limits.maximumSelectorTests
        textBytesLeft = limits.maximumTextBytes
        floatsLeft = limits.maximumFloats
    }

    /// Adds a warning once, however often the limit is reached.
    func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }
}
