import Foundation
import SnapshotCLI

// Wiring only: every behaviour lives in SnapshotCLI and RenderCore.
SnapshotCommand.main(Array(CommandLine.arguments.dropFirst()))
