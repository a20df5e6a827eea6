/// A model that a director can show as a cell: Owl's `ElementRepresentable`.
///
/// The identifier says which cell a model is across two versions of a list (it becomes
/// the cell's `data-owl-cell` marker); content equality says whether that cell changed.
/// Models may be structs or classes, and one section may mix model types.
public protocol ElementRepresentable {
    /// What makes this model the same cell in two versions of a list.
    var differenceIdentifier: String { get }

    /// Whether `other` shows the same content as this model.
    func isContentEqual(to other: any ElementRepresentable) -> Bool
}

extension ElementRepresentable where Self: Equatable {
    /// Equal models of the same type have equal content.
    public func isContentEqual(to other: any ElementRepresentable) -> Bool {
        (other as? Self) == self
    }
}
