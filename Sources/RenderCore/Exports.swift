// The base layer's types are RenderCore's API too: everything that imports RenderCore (the CLI,
// SnapshotTesting, tests, benchmarks, the fuzz targets) sees them without importing RenderBase.
// Declared here once; being exported, the import also reaches every file of this module.
@_exported import RenderBase
