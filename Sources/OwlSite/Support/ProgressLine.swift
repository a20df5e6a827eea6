import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The live `rendered N/M pages` line on a terminal; silent when quiet or not on a terminal.
final class ProgressLine: Sendable {
    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state = Mutex((done: 0, total: 0, lastPrint: ContinuousClock.now, finished: false))

    init(quiet: Bool) {
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    func begin(total: Int) {
        state.withLock { $0.total = total }
    }

    /// Counts one page; reprints the line at most every 100 ms.
    func step() {
        guard enabled else { return }
        let line: String? = state.withLock { state in
            state.done += 1
            let now = ContinuousClock.now
            guard now - state.lastPrint > .milliseconds(100) || state.done == state.total else { return nil }
            state.lastPrint = now
            return "rendered \(state.done)/\(state.total) pages (\(Self.seconds(now - start)))"
        }
        if let line { show(line) }
    }

    /// Shows `message` in place of the line.
    func show(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(message)".utf8))
    }

    /// Clears the line, once.
    func finish() {
        guard enabled, !state.withLock({ state in defer { state.finished = true }; return state.finished }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
