/// A cell adapter, whatever its model and cell types: what ``Director/registerCellAdapters(_:)``
/// takes (Owl's `TableCellAdapterProtocol` / `CollectionCellAdapterProtocol`).
/// ``CellAdapter`` is the adapter that renders; other conforming types are not registered.
public protocol CellAdapterProtocol: AnyObject {
    /// The name of the model type the adapter renders (Owl's `modelIdentifier`).
    var modelIdentifier: String { get }
}

/// A header/footer adapter, whatever its view type: what
/// ``Director/registerHeaderFooterAdapters(_:)`` takes and ``Section/headerView`` holds
/// (Owl's `TableHeaderFooterAdapterProtocol`). ``HeaderFooterAdapter`` is the adapter that
/// renders; a section with any other kind fails to render, naming it.
public protocol HeaderFooterAdapterProtocol: AnyObject {
    /// The name of the view type the adapter renders.
    var viewIdentifier: String { get }
}
