import Dispatch

extension Array where Element: Sendable {
    /// `map` over both cores, results in the original order; the first error (by index) is thrown.
    /// Each element is lent to `transform`, not copied (a copy of a struct retains each of its references).
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (borrowing Element) throws -> Result) throws -> [Result] {
        try results(of: transform).collect()
    }

    /// `map` over both cores of a transform that fails for some elements: the values of the
    /// others and the errors of those, each in the elements' order. Every element is
    /// transformed, so that all the errors can be told at once. The values are moved out of
    /// their slots: collecting them from an array of results copied each (for an item, two
    /// dozen references retained, then released with the results).
    func concurrentMapKeepingErrors<Value: Sendable, Failure: Error>(_ transform: @Sendable (borrowing Element) throws(Failure) -> Value) -> (values: [Value], errors: [Failure]) {
        let (values, errors) = results(of: transform).partition()
        // Each error is one `transform` threw: a `Failure`.
        return (values, errors.map { $0 as! Failure })
    }

    /// The result of `transform` for each element, made in 64 chunks spread over both cores.
    private func results<Value: Sendable>(of transform: @Sendable (borrowing Element) throws -> Value) -> ResultSlots<Value> {
        let slots = ResultSlots<Value>(count: count)
        let chunkCount = Swift.min(count, 64)
        guard chunkCount > 0 else { return slots }
        self.withUnsafeBufferPointer { elements in
            let elements = UnsafeSendable(elements)
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let start = chunk * elements.value.count / chunkCount
                let end = (chunk + 1) * elements.value.count / chunkCount
                for index in start..<end {
                    slots.store(Swift.Result { try transform(elements.value[index]) }, at: index)
                }
            }
        }
        return slots
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

/// Wraps a buffer that is only read while `concurrentPerform` runs.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// One slot per index, in memory allocated once; each slot is written by exactly one task.
/// (Not an `Array`: its mutating accessors may move its storage while another thread writes.)
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<Value, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Stores `result`, taken rather than copied (a copy of an item retains two dozen references).
    func store(_ result: consuming Result<Value, any Error>, at index: Int) {
        slots[index] = consume result
    }

    /// The values and the errors, each in order, moved out of their slots.
    func partition() -> (values: [Value], errors: [any Error]) {
        var values: [Value] = [], errors: [any Error] = []
        values.reserveCapacity(slots.count)
        for index in slots.indices {
            let result = slots.moveElement(from: index)
            slots.initializeElement(at: index, to: nil)
            switch result {
            case let .success(value): values.append(value)
            case let .failure(error): errors.append(error)
            case nil: preconditionFailure("every slot is stored before the results are collected")
            }
        }
        return (values, errors)
    }

    /// The values in order, moved out of their slots (no copy of each to release with the
    /// slots); the first error (by index) is thrown.
    func collect() throws -> [Value] {
        try slots.indices.map { index in
            let result = slots.moveElement(from: index)
            slots.initializeElement(at: index, to: nil)
            switch result {
            case let .success(value): return value
            case let .failure(error): throw error
            case nil: preconditionFailure("every slot is stored before the results are collected")
            }
        }
    }
}
