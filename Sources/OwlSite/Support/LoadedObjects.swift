import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The running program and the shared objects loaded with it, as the dynamic loader lists
/// them: what decides how a build renders, besides its inputs.
enum LoadedObjects {
    /// One loaded object.
    struct Object: Equatable {
        /// Empty for the program itself; else the path the object was loaded from.
        var name: String
        /// Its GNU build ID, which its linker made from what it linked; nil when it has none.
        var buildID: [UInt8]?
    }

    /// The running program, then each shared object loaded with it, in the order they were
    /// loaded (not the kernel's vDSO).
    static func all() -> [Object] {
        let found = Found()
        withExtendedLifetime(found) {
            owl_each_loaded_object({ name, buildID, length, context in
                let found = Unmanaged<Found>.fromOpaque(context!).takeUnretainedValue()
                let id = buildID.map { Array(UnsafeBufferPointer(start: $0, count: length)) }
                found.objects.append(Object(name: name.map { String(cString: $0) } ?? "", buildID: id))
            }, Unmanaged.passUnretained(found).toOpaque())
        }
        return found.objects
    }

    /// The objects as they are found, one by one, on the caller's thread.
    private final class Found {
        var objects: [Object] = []
    }
}
