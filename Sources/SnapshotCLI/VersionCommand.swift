import RenderCore

/// `snapshot --version`: the version and the rendering environment the frames depend on, so a
/// bug report or a CI log says which libraries and fonts drew them.
extension SnapshotCommand {
    func version() -> Int32 {
        let environment = EnvironmentFingerprint.current(scales: [])
        standardOutput("snapshot \(SnapshotVersion.current)")
        standardOutput("rendering environment: cairo \(environment.cairo), pango \(environment.pango), harfbuzz \(environment.harfbuzz), "
                       + "freetype \(environment.freetype), fontconfig \(environment.fontconfig)")
        for (path, hash) in environment.fonts.sorted(by: { $0.key < $1.key }) {
            standardOutput("font \(path) " + (hash == "missing" ? "missing" : "sha256 \(hash.prefix(16))…"))
        }
        return 0
    }
}
