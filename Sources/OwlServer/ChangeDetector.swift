/// Something that notices changes to the watched sources.
protocol ChangeDetector {
    /// Waits up to `milliseconds` for file-system activity and says what it saw.
    mutating func waitForActivity(milliseconds: Int32) -> FileActivity
}

/// What a change detector saw during one wait.
enum FileActivity {
    /// Nothing happened.
    case none
    /// Only files that are not sources changed (an editor's temporary file, say).
    case unrelated
    /// A source changed.
    case sourceChanged
}
