/// The diff types that Owl's API hands out (`ctx.indexPath` is an `ElementPath`,
/// `ListUpdate.changeset` a `StagedChangeset` of `ArraySection`s) come with `import Owl`,
/// as DifferenceKit's come with Owl's.
@_exported import OwlDiff
