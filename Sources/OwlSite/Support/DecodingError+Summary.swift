/// Decoding errors told as a user reads them.
extension DecodingError {
    /// Where in the document the trouble is and what it is, without Swift's case names:
    /// `pages./.lists[0].id: Expected to decode String but found number instead.`
    var summary: String {
        switch self {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            Self.summary(at: context.codingPath, context.debugDescription)
        case let .keyNotFound(key, context):
            Self.summary(at: context.codingPath, "'\(key.stringValue)' is missing")
        @unknown default:
            "\(self)"
        }
    }

    /// `what`, after the place `path` names (`pages./.lists[0].id`), if any.
    private static func summary(at path: [any CodingKey], _ what: String) -> String {
        var place = ""
        for key in path {
            // An array's keys are numbered "Index 0", "Index 1", …; an object's are its names.
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                place += "[\(index)]"
            } else {
                place += (place.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return place.isEmpty ? what : "\(place): \(what)"
    }
}
