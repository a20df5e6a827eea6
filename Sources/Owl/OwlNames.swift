/// Owl's type names, for code ported from Owl: each is the owl-site type that does its job
/// in HTML (docs/from-owl.md has the whole table).

/// Owl's `TableDirector`: a ``ListDirector``.
public typealias TableDirector = ListDirector
/// Owl's `CollectionDirector`: a ``GridDirector``.
public typealias CollectionDirector = GridDirector
/// Owl's `FlowCollectionDirector`: a ``GridDirector``, whose flow settings it has.
public typealias FlowCollectionDirector = GridDirector
/// Owl's `TableSection`: a ``Section``.
public typealias TableSection = Section
/// Owl's `CollectionSection`: a ``Section``.
public typealias CollectionSection = Section
/// Owl's `TableCellAdapter<Model, Cell>`: a ``CellAdapter``.
public typealias TableCellAdapter<Model: ElementRepresentable, Cell: HTMLCell> = CellAdapter<Model, Cell>
/// Owl's `CollectionCellAdapter<Model, Cell>`: a ``CellAdapter``.
public typealias CollectionCellAdapter<Model: ElementRepresentable, Cell: HTMLCell> = CellAdapter<Model, Cell>
/// Owl's `TableHeaderFooterAdapter<View>`: a ``HeaderFooterAdapter``.
public typealias TableHeaderFooterAdapter<View: HTMLCell> = HeaderFooterAdapter<View>
/// Owl's `CollectionHeaderFooterAdapter<View>`: a ``HeaderFooterAdapter``.
public typealias CollectionHeaderFooterAdapter<View: HTMLCell> = HeaderFooterAdapter<View>
/// Owl's `TableCellAdapterProtocol`: a ``CellAdapterProtocol``.
public typealias TableCellAdapterProtocol = CellAdapterProtocol
/// Owl's `CollectionCellAdapterProtocol`: a ``CellAdapterProtocol``.
public typealias CollectionCellAdapterProtocol = CellAdapterProtocol
/// Owl's `TableHeaderFooterAdapterProtocol`: a ``HeaderFooterAdapterProtocol``.
public typealias TableHeaderFooterAdapterProtocol = HeaderFooterAdapterProtocol
/// Owl's `CollectionHeaderFooterAdapterProtocol`: a ``HeaderFooterAdapterProtocol``.
public typealias CollectionHeaderFooterAdapterProtocol = HeaderFooterAdapterProtocol
/// Owl's `RowHeight` (a table's `rowHeight`): a ``Sizing``.
public typealias RowHeight = Sizing
/// Owl's `ItemSize` (a collection's `itemSize`): a ``Sizing``.
public typealias ItemSize = Sizing
