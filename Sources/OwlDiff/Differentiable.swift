/// A value that a ``StagedChangeset`` can follow from one collection to the next:
/// it has an identity and content.
///
/// Hashable types get both for free: the value is its identifier and its content.
public protocol Differentiable: ContentIdentifiable, ContentEquatable {}

extension String: Differentiable {}
extension Substring: Differentiable {}
extension Int: Differentiable {}
extension Int8: Differentiable {}
extension Int16: Differentiable {}
extension Int32: Differentiable {}
extension Int64: Differentiable {}
extension UInt: Differentiable {}
extension UInt8: Differentiable {}
extension UInt16: Differentiable {}
extension UInt32: Differentiable {}
extension UInt64: Differentiable {}
extension Double: Differentiable {}
extension Float: Differentiable {}
extension Bool: Differentiable {}
extension Character: Differentiable {}
