import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` over both cores, results in the original order; the first error (by index) is thrown.
    /// Each element is lent to `transform`, not copied (a copy of a struct retains each of its references).
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (borrowing Element) throws -> Result) throws -> [Result] {
        let (values, failures) = valuesAndFailures(of: transform)
        if let first = failures.first { throw first.error }
        return values
    }

    /// `map` over both cores of a transform that fails for some elements: the values of the
    /// others and the errors of those, each in the elements' order. Every element is
    /// transformed, so that all the errors can be told at once.
    func concurrentMapKeepingErrors<Value: Sendable, Failure: Error>(_ transform: @Sendable (borrowing Element) throws(Failure) -> Value) -> (values: [Value], errors: [Failure]) {
        let (values, failures) = valuesAndFailures(of: transform)
        // Each error is one `transform` threw: a `Failure`.
        return (values, failures.map { $0.error as! Failure })
    }

    /// The result of `transform` for each element, made in 64 chunks spread over both cores:
    /// the values in order, and the errors with their elements' indices, in order.
    ///
    /// Each value is made in its place in the array returned, rather than in a slot of its
    /// own and then moved there: the slots were as big as the array (at 10,000 items, 3.8 MB
    /// of fresh memory) and each value was moved twice. The values of the elements that
    /// failed leave gaps, closed once all are made.
    private func valuesAndFailures<Value: Sendable>(of transform: @Sendable (borrowing Element) throws -> Value)
        -> (values: [Value], failures: [(index: Int, error: any Error)]) {
        let failuresMade = Mutex<[(index: Int, error: any Error)]>([])
        var failures: [(index: Int, error: any Error)] = []
        let values = [Value](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            self.withUnsafeBufferPointer { elements in
                let (elements, values) = (UnsafeSendable(elements), UnsafeSendable(buffer))
                forEachChunk(of: elements.value.count) { chunk in
                    for index in chunk {
                        do {
                            values.value.initializeElement(at: index, to: try transform(elements.value[index]))
                        } catch {
                            failuresMade.withLock { $0.append((index, error)) }
                        }
                    }
                }
            }
            failures = failuresMade.withLock { $0 }.sorted { $0.index < $1.index }
            guard !failures.isEmpty else {
                initializedCount = count
                return
            }
            // The values after a failed element's place are moved down over it, in order.
            var next = 0, failed = failures.map(\.index)[...]
            for index in 0..<count {
                if failed.first == index {
                    failed.removeFirst()
                    continue
                }
                if index != next { (buffer.baseAddress! + next).moveInitialize(from: buffer.baseAddress! + index, count: 1) }
                next += 1
            }
            initializedCount = next
        }
        return (values, failures)
    }
}

extension Array where Element: Sendable {
    /// Changes each element in place with `change`, in 64 chunks spread over both cores.
    mutating func concurrentForEach(changing change: @Sendable (inout Element) -> Void) {
        withUnsafeMutableBufferPointer { buffer in
            // Each element is changed by the one chunk that holds it.
            let elements = UnsafeSendable(buffer)
            forEachChunk(of: elements.value.count) { chunk in
                for index in chunk { change(&elements.value[index]) }
            }
        }
    }
}

/// Calls `body` with each of 64 chunks of `0..<count` (as many as `count` when fewer), spread
/// over both cores: the chunks of ``Swift/Array/concurrentMap(_:)`` and its siblings.
private func forEachChunk(of count: Int, _ body: @Sendable (Range<Int>) -> Void) {
    let chunkCount = Swift.min(count, 64)
    guard chunkCount > 0 else { return }
    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        body((chunk * count / chunkCount)..<((chunk + 1) * count / chunkCount))
    }
}

/// Runs `other` on another core while `here` runs on this one, and returns both results; an
/// error of `here`, else of `other`, is thrown once both have finished.
func inParallel<Other: Sendable, Here>(_ other: @escaping @Sendable () throws -> Other, _ here: () throws -> Here) throws -> (Other, Here) {
    let theirs = HandOver<Other>()
    DispatchQueue.global().async {
        do { theirs.put(try other()) } catch { theirs.fail(error) }
    }
    let mine = Result { try here() }
    let other = Result { try theirs.take() }
    let value = try mine.get()
    return (try other.get(), value)
}

/// Wraps a buffer that is used only while `concurrentPerform` runs: read, or written at
/// indices that one task alone writes.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
