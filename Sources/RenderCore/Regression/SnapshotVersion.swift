/// The version `snapshot --version` prints (raised with each release).
public enum SnapshotVersion {
    public static let current = "0.19.0"
}
