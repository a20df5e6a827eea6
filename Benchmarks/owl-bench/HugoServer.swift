import Foundation
import Synchronization

/// `hugo server` running on a site, for the time Hugo takes to rebuild after an edit: the
/// figure its users see, printed after each rebuild (`Total in 612 ms`). It renders into
/// memory and, by default, in its fast render mode; that is how it is run here, as a user
/// runs it, on loopback, on a port the system picks (`--port 0`: nothing here requests a page).
///
/// Hugo's own figure is taken, not a time measured from here: what it counts is its rebuild
/// alone, without the moment its watcher waits for more changes, as `owl-site build`'s time
/// is its build alone.
final class HugoServer {
    private let process = Process()
    /// What the server has printed so far, standard output and error together.
    private let printed = Transcript()

    /// Text written on one thread (the pipe's reader) and read on another.
    private final class Transcript: Sendable {
        private let text = Mutex("")

        func append(_ more: String) { text.withLock { $0 += more } }
        func withLock<Result>(_ body: (String) -> Result) -> Result { text.withLock { body($0) } }
    }

    /// Starts `hugo server` on `site` and waits for its first build: once it serves.
    init(site: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["hugo", "server", "-s", site.path, "--bind", "127.0.0.1", "--port", "0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [printed] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            printed.append(text)
        }
        try process.run()
        try wait(seconds: 300, for: "the first build") { $0.contains("Web Server is available") }
    }

    deinit { stop() }

    /// Stops the server.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Makes `edit`, then waits for the rebuilds it sets off: the milliseconds Hugo says they
    /// took, all together (one save can be seen as two changes: an editor's, or a file
    /// replaced as `EditBenchmarks.edit` does, is a new file renamed over the old), and how
    /// many there were. `quiet` is the time left after the first rebuild for others to come.
    func rebuild(after edit: () throws -> Void, quiet: Double) throws -> (milliseconds: Double, rebuilds: Int) {
        let before = totals().count
        try edit()
        try wait(seconds: 60, for: "a rebuild") { Self.totals(in: $0).count > before }
        Thread.sleep(forTimeInterval: quiet)
        let after = totals().dropFirst(before)
        return (after.reduce(0, +), after.count)
    }

    /// The figure of each rebuild so far, in milliseconds, in order.
    private func totals() -> [Double] {
        printed.withLock { Self.totals(in: $0) }
    }

    /// The milliseconds of each `Total in N ms` line of `text` (Hugo prints whole ones).
    private static func totals(in text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Total in "), line.hasSuffix(" ms") else { return nil }
            return Double(line.dropFirst("Total in ".count).dropLast(" ms".count))
        }
    }

    /// Waits until what the server printed passes `test`, for at most `seconds`.
    private func wait(seconds: Double, for what: String, until test: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !printed.withLock({ test($0) }) {
            guard process.isRunning else {
                throw BuildBenchmarks.BenchError("hugo server ended before \(what): \(printed.withLock { $0.suffix(500) })")
            }
            guard Date() < deadline else { throw BuildBenchmarks.BenchError("hugo server: no \(what) in \(Int(seconds)) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
