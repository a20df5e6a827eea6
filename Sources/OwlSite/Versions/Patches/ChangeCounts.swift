import Owl

/// How many sections and cells a list's patch inserts, deletes, moves and updates.
public struct ChangeCounts: Codable, Sendable, Equatable {
    /// Cells put in.
    public var cellsInserted = 0
    /// Cells taken out.
    public var cellsDeleted = 0
    /// Cells moved, within or across sections.
    public var cellsMoved = 0
    /// Cells whose HTML changed.
    public var cellsUpdated = 0
    /// Sections put in.
    public var sectionsInserted = 0
    /// Sections taken out.
    public var sectionsDeleted = 0
    /// Sections moved.
    public var sectionsMoved = 0
    /// Sections whose own HTML (header, footer, attributes) changed.
    public var sectionsUpdated = 0

    /// The counts of `stages`.
    public init(_ stages: [ListPatch.Stage]) {
        for stage in stages {
            cellsInserted += stage.elementInserted.count
            cellsDeleted += stage.elementDeleted.count
            cellsMoved += stage.elementMoved.count
            cellsUpdated += stage.elementUpdated.count
            sectionsInserted += stage.sectionInserted.count
            sectionsDeleted += stage.sectionDeleted.count
            sectionsMoved += stage.sectionMoved.count
            sectionsUpdated += stage.sectionUpdated.count
        }
    }
}
