import Foundation

extension String {
    /// The string with its percent escapes (`%20`) read, or as it is when one does not decode.
    /// Most links and fragments hold no escape, and Foundation's decoding goes through
    /// CoreFoundation for each: checking every link of 100,000 posts took 0.7 s that way.
    var percentDecoded: String {
        guard ByteSearch.contains(UInt8(ascii: "%"), in: self) else { return self }
        return removingPercentEncoding ?? self
    }
}
