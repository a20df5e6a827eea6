import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Everything that makes a rebuild fast, behind one interface beside the build's stages:
/// the Markdown cache, the cells of lists (``CellCache``), the feeds (``FeedCache``), the records of earlier builds
/// (``BuildRecords``), and the reuse of the previous output and of the spare folder the
/// build writes into. Every cache entry is checked (checksum and format version) before it
/// is used; one that fails counts as absent, and what it held is made again from the
/// sources. A build without a cache reuses nothing.
struct BuildReuse: Sendable {
    let records: BuildRecords
    /// The cache folder, nil when builds keep none.
    let cacheFolder: URL?
    /// The build the output holds, when known.
    let previous: BuildRecords.HeldBuild?
    /// Which of the previous build's files can be kept, looked at from the start of the build.
    private let survey: OutputSurvey?
    /// The output and the folders beside it.
    private let output: AtomicOutput

    /// What the cache in `cacheFolder` knows of `output`'s folders. The survey of the
    /// previous output starts here; the folder this build writes into (``AtomicOutput/spare``)
    /// and the build it holds are the survey's alone.
    init(cacheFolder: URL?, output: AtomicOutput) {
        self.cacheFolder = cacheFolder
        self.output = output
        staticFiles = StaticFileCache(cacheFolder: cacheFolder)
        feeds = FeedCache(cacheFolder: cacheFolder)
        let records = BuildRecords(cacheFolder: cacheFolder)
        self.records = records
        previous = records.held(by: output.output)
        guard let previous, let openOutput = OpenFolder(output.output.path) else {
            survey = nil
            return
        }
        let target = output.spare.flatMap { spare in
            records.held(by: spare).flatMap { held in OpenFolder(spare.path).map { (held: held, folder: $0) } }
        }
        survey = OutputSurvey(previous: previous, output: openOutput, target: target)
    }

    /// The Markdown cache, for sources rendered with `settings`, without the entries of
    /// `damaged` (``MarkdownCache/init(folder:settings:leavingOut:)``).
    func markdownCache(settings: String, leavingOut damaged: Set<String> = []) -> MarkdownCache {
        MarkdownCache(folder: cacheFolder, settings: settings, leavingOut: damaged)
    }

    /// The hashes of the site's copied files in earlier builds (``StaticFileCache``).
    let staticFiles: StaticFileCache

    /// The keys and files of the feeds of earlier builds (``FeedCache``).
    let feeds: FeedCache

    /// The theme's templates as an earlier build compiled them (``ThemeCache``), for templates
    /// compiled by `renderer`.
    func themeCache(renderer: String) -> ThemeCache {
        ThemeCache(cacheFolder: cacheFolder, renderer: renderer)
    }

    /// The previous build's plan (``PlanCache``).
    var planCache: PlanCache { PlanCache(cacheFolder: cacheFolder) }

    /// The cells of lists rendered by earlier builds; nil when builds keep no cache.
    var cellCache: CellCache? { cacheFolder.map(CellCache.init(cacheFolder:)) }

    /// The previous build's page at `path` (whose ``BuildRecord/pathHash(_:)`` is
    /// `pathHash`) when it was rendered from inputs with the same `key` and each of its files
    /// (the page and its patches) can be kept: the folder written into holds
    /// it as that build left it, or the previous output does. Nil when the page must be rendered.
    func reusablePage(_ path: String, pathHash: UInt64, key: UInt64) -> BuildRecord.Page? {
        // Read through the optional, not bound: binding it copied the record for each page.
        guard let page = previous?.record.page(path, pathHash: pathHash), page.key == key else { return nil }
        return page
    }

    /// Each of `paths` (files of the previous output) with the file to keep there: whether
    /// the folder written into holds it; nil when neither it nor the previous output holds
    /// one of them as its build left it (``OutputSurvey``).
    func keptFiles(_ paths: [String]) -> [(path: String, file: OutputFile)]? {
        survey?.keptFiles(paths)
    }

    /// Each of `paths` (files of the previous output) as a file to keep, or nil where neither
    /// the folder written into nor the previous output holds it as its build left it.
    func keptFile(each paths: [String]) -> [OutputFile?] {
        survey?.keptFile(each: paths) ?? Array(repeating: nil, count: paths.count)
    }

    /// The folders of the folder written into whose entries changed since `build`, which it
    /// held, finished; nil when not known.
    func folderChanges(since build: String) -> FolderChanges? {
        survey?.folderChanges(since: build)
    }

    /// Saves the record of `build`, made by updating the previous build's record with
    /// `update`'s changes when it can be, else whole, of the files and pages `whole` gives
    /// (``BuildRecords/save(build:updating:whole:)``).
    func save(build: String, updating update: (previous: BuildRecord, changes: BuildRecord.Changes)?,
              whole: () -> (files: [String: BuildRecord.File], pages: [(path: String, page: BuildRecord.Page)])) {
        records.save(build: build, updating: update, whole: whole)
    }

    /// Deletes the records of builds that no folder beside the output holds, but `build`'s,
    /// once the folders of the output that are gone are forgotten.
    func prune(keeping build: String) {
        records.prune(keeping: records.forgetFolders(of: output.output, besides: output.folders).union([build]))
    }
}
