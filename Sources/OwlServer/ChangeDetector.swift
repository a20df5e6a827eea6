/// Something that notices changes to the watched sources.
protocol ChangeDetector {
    /// Waits up to `milliseconds` and returns whether a relevant change happened.
    mutating func waitForChanges(milliseconds: Int32) -> Bool
}
