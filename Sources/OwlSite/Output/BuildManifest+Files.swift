import Foundation

extension BuildManifest {
    /// The manifest's path below the output folder.
    static let file = "\(SitePath.reservedFolder)/build.json"

    /// The path of the few bytes naming the current build, which `owl.js` reads instead of
    /// the whole manifest (docs/formats.md §2).
    static let headFile = "\(SitePath.reservedFolder)/head.json"

    /// The contents of ``headFile`` for `build`.
    static func head(build: String) -> [UInt8] {
        Array("{\"format\":\"owl-head\",\"version\":1,\"build\":\"\(build)\"}\n".utf8)
    }

    /// Whether `text` has the form of a build id: 16 lowercase hex digits.
    static func isBuildID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The build id named at the start of `output/_owl/build.json`, without reading the rest.
    static func build(inOutput output: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: output.appendingPathComponent(file).path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 80), as: UTF8.self)
        guard let range = head.range(of: "\"build\":\"") else { return nil }
        let build = String(head[range.upperBound...].prefix(16))
        return isBuildID(build) ? build : nil
    }
}
