import Foundation

/// A wall-clock limit for a test that guards against pathological (say quadratic) slowness.
/// Under a sanitizer every step costs several times more: `make test-asan` and `test-ubsan`
/// set SNAPSHOT_TEST_TIME_SCALE and the limits stretch by that factor.
func timeBudget(_ seconds: Double) -> Double {
    seconds * (ProcessInfo.processInfo.environment["SNAPSHOT_TEST_TIME_SCALE"].flatMap(Double.init) ?? 1)
}
