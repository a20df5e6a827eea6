/// A section made of a model and an array of elements.
///
/// The section's identifier and content are its model's.
public struct ArraySection<Model: Differentiable, Element: Differentiable>: DifferentiableSection {
    /// The section itself: what identifies it and what is compared for section updates.
    public var model: Model

    /// The elements of the section, in order.
    public var elements: [Element]

    /// A section with `model` holding `elements`.
    @inlinable
    public init<C: Swift.Collection>(model: Model, elements: C) where C.Element == Element {
        self.model = model
        self.elements = Array(elements)
    }

    /// A section with the model of `source` holding `elements`.
    @inlinable
    public init<C: Swift.Collection>(source: ArraySection, elements: C) where C.Element == Element {
        self.init(model: source.model, elements: elements)
    }

    /// The model's identifier.
    @inlinable
    public var differenceIdentifier: Model.DifferenceIdentifier {
        model.differenceIdentifier
    }

    /// Whether the models have equal content; the elements are not compared.
    @inlinable
    public func isContentEqual(to source: ArraySection) -> Bool {
        model.isContentEqual(to: source.model)
    }
}

extension ArraySection: Equatable where Model: Equatable, Element: Equatable {}
extension ArraySection: Hashable where Model: Hashable, Element: Hashable {}
extension ArraySection: Sendable where Model: Sendable, Element: Sendable {}
extension ArraySection: Codable where Model: Codable, Element: Codable {}

extension ArraySection: CustomDebugStringConvertible {
    /// The model followed by the elements.
    public var debugDescription: String {
        "ArraySection(model: \(String(reflecting: model)), elements: \(String(reflecting: elements)))"
    }
}
