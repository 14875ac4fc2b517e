import Foundation
import SnapshotCLI

// Wiring only: every behaviour lives in SnapshotCLI and RenderCore.
exit(SnapshotCommand().run(Array(CommandLine.arguments.dropFirst())))
