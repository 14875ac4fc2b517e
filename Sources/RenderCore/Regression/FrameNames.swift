/// What each frame of a scene is called in golden file names, artifacts and `--offset`: the
/// offset as the suite gives it. `end` (and the last frame of a range to `end`) is `end`, not
/// the offset it resolves to, so a change of the mail's height keeps its golden's name.
enum FrameNames {
    /// One name per frame, in the order of `Scene.resolvedOffsets(end:)`.
    static func names(_ offsets: [ScrollOffset], end: Double) -> [String] {
        offsets.flatMap { offset -> [String] in
            let values = offset.values(end: end).map(Scene.format)
            switch offset {
            case .end: return ["end"]
            case .range(_, nil, _): return values.dropLast() + ["end"]
            case .at, .range: return values
            }
        }
    }
}
