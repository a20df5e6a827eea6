/// A model that a director can show as a cell: Owl's `ElementRepresentable`.
///
/// The identifier says which cell a model is across two versions of a list (it becomes
/// the cell's `data-owl-cell` marker, unique in its section). In
/// `reload(afterUpdate:completion:)` a cell is updated when its HTML changed or when
/// content equality says its model changed: a model that compares unequal to its version
/// before the update is sent again even if it renders the same HTML. Models may be structs
/// or classes, and one section may mix model types; `String` and `Int` are models already.
public protocol ElementRepresentable {
    /// What makes this model the same cell in two versions of a list.
    var differenceIdentifier: String { get }

    /// Whether `other`, this model's version before an update, has the same content.
    func isContentEqual(to other: any ElementRepresentable) -> Bool
}

extension ElementRepresentable where Self: Equatable {
    /// Equal models of the same type have equal content.
    public func isContentEqual(to other: any ElementRepresentable) -> Bool {
        (other as? Self) == self
    }
}
