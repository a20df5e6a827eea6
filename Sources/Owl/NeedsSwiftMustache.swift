/// Thrown by a compiled template that meets what only swift-mustache renders right (a lambda,
/// a custom renderable, a partial without a compiled form): the caller renders with
/// swift-mustache instead.
struct NeedsSwiftMustache: Error {}
