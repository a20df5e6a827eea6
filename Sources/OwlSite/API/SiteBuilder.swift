import Foundation
import Owl

/// Builds a site: reads its sources, renders every page and list, and swaps the result into
/// the output folder together with the pages' state files and patches (docs/patch-format.md).
public struct SiteBuilder: Sendable {
    /// What to build.
    public let options: BuildOptions

    /// A builder for `options`.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// Runs the build. On error the output folder is left as it was.
    ///
    /// The build runs on a thread of its own, which hands the report over as soon as the
    /// output is in place: letting go of what the build made (some 100,000 objects for
    /// 10,000 pages) then takes it tens of milliseconds, which the caller need not wait for.
    /// The calling thread waits: from asynchronous code, await `build()` instead, which holds
    /// none of the system's threads meanwhile.
    public func build() throws -> BuildReport {
        let report = HandOver<BuildReport>()
        start(handingOver: report)
        return try report.take()
    }

    /// Runs the build, as the synchronous `build()` does, without holding a
    /// thread of the caller's while it runs. The build spreads its work over the system's
    /// queues, whose threads are as many as the cores: a thread of theirs waiting for the
    /// whole build (as one running asynchronous code does, in a synchronous call) left the
    /// build's other work one thread short, and a job then waited for another to end. A
    /// cold build of 100,000 posts waited a third of a second so, with a core idle.
    public func build() async throws -> BuildReport {
        try await withCheckedThrowingContinuation { continuation in
            start(handingOver: HandOver { continuation.resume(with: $0) })
        }
    }

    /// Starts the build on a thread of its own, which puts its report, or its error, into `report`.
    private func start(handingOver report: HandOver<BuildReport>) {
        // Before the build's thread starts: memory it took in huge pages would stay in them.
        HugePages.refuse()
        // With no earlier build recorded to take pages from, every page is rendered: freed
        // memory kept for ten seconds would raise the build's peak.
        if !BuildRecords(cacheFolder: cacheFolder).exist {
            FreedMemory.giveBack(within: 200)
        }
        let thread = Thread { [self] in
            do {
                try options.checkFolders()
                // An output that is a symbolic link is updated where it points: the link stays,
                // and the folder it names is locked and swapped (not the link itself).
                let outputFolder = options.output.resolvingSymlinksInPath()
                let lock = try lockOutput(outputFolder)
                try build(into: outputFolder, handingOver: report, releasing: lock)
            } catch {
                report.fail(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// A build into `outputFolder`, which puts its report into `report` and releases `lock`
    /// when the output is in place. A body of the Markdown cache found damaged when a page or
    /// feed read it (``CheckedBody``) stops the build before it writes anything, and it
    /// starts again with those sources parsed anew: each attempt leaves out more entries, so
    /// the attempts end.
    private func build(into outputFolder: URL, handingOver report: HandOver<BuildReport>, releasing lock: OutputLock) throws {
        var damaged: Set<String> = []
        while true {
            do {
                return try build(into: outputFolder, handingOver: report, releasing: lock, leavingOut: damaged)
            } catch let error as DamagedBodies {
                guard !error.sources.isSubset(of: damaged) else {
                    throw SiteError(file: error.sources.sorted()[0], "the Markdown cache's entry stayed damaged when parsed again; delete .owl-cache and build again")
                }
                damaged.formUnion(error.sources)
            }
        }
    }

    /// One attempt at the build, leaving out the Markdown cache's entries of `damaged`. Its
    /// stages, each a function of the one before: read the sources, plan the pages, render
    /// them, make their versions' files (patches, and the state files that name them),
    /// write; everything reused from earlier builds comes through ``BuildReuse``.
    private func build(into outputFolder: URL, handingOver report: HandOver<BuildReport>, releasing lock: OutputLock, leavingOut damaged: Set<String>) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let progress = ProgressLine(quiet: options.quiet)
        defer { progress.finish() }

        // The settings are read on the other core while this one reads the records of earlier
        // builds, from which the survey of the output starts: each takes a millisecond or two
        // (the YAML library makes its patterns of scalars first), with the other core idle.
        let config = BackgroundJob { [self] in try loadConfig() }
        let output = AtomicOutput(output: outputFolder)
        output.restoreInterruptedSwap()
        let reuse = BuildReuse(cacheFolder: cacheFolder, output: output)

        // Read the sources. The Markdown cache is saved on the other core meanwhile: what it
        // holds is true of the files read whatever becomes of the build.
        var sources = try readSources(config: try config.take(), reuse: reuse, leavingOut: damaged)
        let savingCaches = DispatchGroup()
        defer { savingCaches.wait() }
        DispatchQueue.global().async(group: savingCaches) { [markdown = sources.markdown] in markdown.save() }
        // Plan the pages, or take the previous build's plan when the items' listings, the
        // settings and the theme are those it was made from (only bodies of pages changed).
        // The plan cache is read on the other core while this one makes the key of the inputs
        // and the warnings that come of the bodies, which either plan takes.
        let cachedPlan = BackgroundJob { reuse.planCache.load() }
        let planKey = PlanCache.key(content: sources.content, templates: sources.templates, renderer: options.renderer)
        let warningsFromBodies = SitePlan.bodyWarnings(of: sources.content)
        // With a plan taken from the cache come what comes of it alone: the parts of the
        // pages' keys that it decides, and the sitemap's hash (the output's sitemap is kept
        // when it has it). A new plan makes the first; it is kept once its sitemap is made.
        var plan: SitePlan
        let companions: PlanCache.Companions?
        if let cached = try cachedPlan.take(), cached.key == planKey {
            plan = SitePlan(reusing: cached.listing, content: sources.content, warningsFromBodies: warningsFromBodies)
            companions = cached.companions
        } else {
            // A new plan reads every item's details, some many times (to sort by weight):
            // those of items from the cache are decoded first, on both cores.
            sources.content.items.concurrentForEach { $0.settleDetails() }
            plan = try SitePlan(content: sources.content, templates: sources.templates, warningsFromBodies: warningsFromBodies)
            companions = nil
        }
        let itemSources = PageKey.sources(of: plan)
        let pageKeyStructures = try companions?.pageKeyStructures
            ?? PageKey.structures(of: plan, sources: itemSources, cellsShowContent: sources.templates.cellsShowContent)
        // A first build writes every file: their folders are made while the pages render.
        // (The paths are read through a buffer: mapped from the plan's pages inside this
        // closure, each page was copied whole first.)
        var preparedFolders = output.prepareFolders {
            plan.pages.withUnsafeBufferPointer { pages in pages.indices.map { SitePath.file(for: pages[$0].path) } } + [SitePath.notFoundFile]
        }
        var writing = false
        defer { if !writing, let preparedFolders { output.discard(preparedFolders) } }

        // The site's other files, and the check of the items' links, are made on the other
        // core while the pages render: a rebuild renders a few pages, mostly on one core.
        let hasNotFoundPage = sources.content.staticFiles[SitePath.notFoundFile] == nil
        // A new plan is kept for the next build once its sitemap is made, whatever becomes of this build.
        let siteFiles = BackgroundJob { [self, sources, plan] in
            let sitemap = Self.sitemap(of: plan, sources: sources, keeping: companions?.sitemap, reuse: reuse)
            if companions == nil {
                let companions = PlanCache.Companions(pageKeyStructures: pageKeyStructures, sitemap: sitemap.record)
                DispatchQueue.global().async(group: savingCaches) { [listing = plan.listing] in reuse.planCache.save(listing, companions: companions, key: planKey) }
            }
            return try otherFilesAndLinkWarnings(sources: sources, plan: plan, sitemap: sitemap, hasNotFoundPage: hasNotFoundPage, reuse: reuse)
        }
        // Rendering's error comes first, as when the other files were made after it. The job
        // is waited for either way; once taken, it has let go of the sources and the plan, and
        // the items are changed in place when their bodies go.
        let rendering: Rendering
        do {
            // Render what changed, each page with its own files (its patches); take the
            // rest from the previous build. A first build writes each page as it comes, and
            // so does a rebuild that renders many.
            let work = try pageWork(plan, itemSources: itemSources, keyStructures: pageKeyStructures, sources: sources, hasNotFoundPage: hasNotFoundPage, reuse: reuse)
            if preparedFolders == nil, work.renderCount >= options.writesAsItRendersFrom {
                preparedFolders = output.prepareSpare(records: reuse.records)
            }
            rendering = try render(plan, work: consume work, sources: sources, reuse: reuse,
                                   writingTo: preparedFolders, savingCaches: savingCaches, progress: progress)
        } catch {
            siteFiles.wait()
            throw error
        }
        let pages = rendering.pages, pageFiles = rendering.files
        // The state files are made on the other core, idle by now, while the pages' files go
        // into the table (which the state files join once made).
        let stateFilesJob = BackgroundJob { [pages, pageFiles] in
            StateFile.files(of: pages, with: pageFiles, previous: reuse.previous?.record, kept: reuse.keptFile(each:))
        }
        defer { stateFilesJob.wait() }
        let made = try siteFiles.take()
        // The hashes of the copied files it looked at are true whatever becomes of the build.
        DispatchQueue.global().async(group: savingCaches) { reuse.staticFiles.save() }
        var files = made.files
        // The files besides the pages' own: all a record updated from the previous one looks at.
        var otherFiles = made.files
        // The pages' files come with their shares of the build id; the others add theirs here.
        var id = BuildID(files: files)
        // The bodies are in the pages and the feeds now, and go: in a first build, which has
        // written its pages, they were a third of what it held at its end.
        Self.releaseBodies(of: &plan, and: &sources.content)
        FreedMemory.giveBack()
        // Every body the build shows has been read by now, and checked if it came from the cache.
        let damagedBodies = sources.markdown.damage.noted
        guard damagedBodies.isEmpty else { throw DamagedBodies(sources: damagedBodies) }
        // The feeds' keys and files, once none of them can have been made from a damaged body.
        DispatchQueue.global().async(group: savingCaches) { reuse.feeds.save() }
        try checkFolders(of: plan, besides: files, content: sources.content)
        // About one for each group of pages that has any (``StateFile/groupCount``).
        files.reserveCapacity(files.count + pageFiles.reduce(0) { $0 + $1.files.count } + min(pages.count, StateFile.groupCount))
        // Each file goes in with one lookup, which says whether its path was taken.
        for (page, own) in zip(pages, pageFiles) {
            for (path, file) in own.files {
                if files.updateValue(file, forKey: path) != nil {
                    throw error(about: path, content: sources.content, plan: plan, "the file \(path) is also the page \(page.path)")
                }
            }
            id.add(share: own.buildShare)
        }
        for (path, file) in try stateFilesJob.take() {
            otherFiles[path] = file
            if files.updateValue(file, forKey: path) != nil {
                throw error(about: path, content: sources.content, plan: plan, "the file \(path) is also a state file of owl-site")
            }
            id.add(path, file)
        }
        let buildID = id.text
        let warnings = sources.config.sectionWarnings(source: options.source) + plan.warnings
            + [RenderedPage.versionWarning(pages)].compactMap { $0 } + made.linkWarnings

        // Write. The record is saved on the other core meanwhile: it is of no use unless the
        // output is swapped in, and does no harm if it is not.
        DispatchQueue.global().async(group: savingCaches) { [files, otherFiles, rendered = rendering.rendered] in
            // What changed since the previous build's record, when that is known without
            // looking at every file and page (most were taken from it as they were).
            let update = reuse.previous.flatMap { previous in
                BuildRecord.Changes(since: previous.record, pages: pages, files: pageFiles, rendered: rendered, otherFiles: otherFiles, table: files)
                    .map { (previous: previous.record, changes: $0) }
            }
            reuse.save(build: buildID, updating: update) {
                // Made here, not before the write starts: at 100,000 posts it took the build's
                // thread 6 ms (a table of 104,000 paths made again).
                (files.mapValues(\.record), zip(pages, pageFiles).map { (path: $0.path, page: $1.record) })
            }
        }
        // A build id hashes every file: when the output already holds this build, the files it
        // would write are the files it has (unless some were changed by hand). Pages written
        // as they rendered are swapped in all the same, which leaves the spare's record whole.
        let holdsThisBuild = preparedFolders == nil && reuse.previous.map { $0.record.build == buildID && output.holdsUnchanged($0) } ?? false
        if !holdsThisBuild {
            writing = true
            try output.write(files, build: buildID, records: reuse.records, prepared: preparedFolders,
                             previousFinished: reuse.previous?.finished, surveyed: reuse.folderChanges(since:))
        }
        savingCaches.wait()
        reuse.prune(keeping: buildID)
        progress.finish()
        lock.release()
        report.put(BuildReport(
            buildID: buildID, pageCount: pages.count, listCount: plan.pages.reduce(0) { $0 + $1.lists.count },
            duration: clock.now - start, warnings: warnings, renderedPageCount: rendering.renderedCount, renderedFeedCount: reuse.feeds.madeCount,
            changedPageKeys: Self.changedPageKeys(pages, previous: reuse.previous?.record)
        ))
    }

    /// The folder of the caches that make rebuilds fast; nil when builds keep none.
    private var cacheFolder: URL? {
        options.incremental ? options.source.appendingPathComponent(".owl-cache") : nil
    }

    /// What the build reads: the settings, the theme, the content (through the Markdown cache).
    struct Sources: Sendable {
        let config: SiteConfig
        let templates: TemplateSet
        let markdown: MarkdownCache
        var content: SiteContent
    }

    /// Lets go of the items' bodies, which `plan` and `content` share: taken out of both, the
    /// items are changed in place rather than copied.
    private static func releaseBodies(of plan: inout SitePlan, and content: inout SiteContent) {
        var items = plan.items
        plan.items = []
        content.items = []
        for index in items.indices { items[index].releasingBody() }
        plan.items = items
        content.items = items
    }

    /// Reads the sources of a site with the settings `config`; their Markdown comes from
    /// `reuse`'s cache when it is unchanged (but the entries of `damaged`).
    private func readSources(config: SiteConfig, reuse: BuildReuse, leavingOut damaged: Set<String>) throws -> Sources {
        let templates = try TemplateSet(overrides: options.source.appendingPathComponent("Templates"), sourceRoot: options.source,
                                        cache: reuse.themeCache(renderer: options.renderer))
        let markdown = reuse.markdownCache(
            settings: "rawHTML=\(config.rawHTML) highlight=\(config.highlight) root=\(config.rootPath) summary=\(config.summaryLength) renderer=\(options.renderer)",
            leavingOut: damaged
        )
        let content = try SiteContent.load(options, config: config, cache: markdown, prefetchingCopiedFiles: reuse.staticFiles.isEmpty)
        return Sources(config: config, templates: templates, markdown: markdown, content: content)
    }

    /// The pages of a build, the plan's and then the not-found page (unless the site brings
    /// its own), rendered or reused, and their files.
    struct Rendering {
        let pages: [RenderedPage]
        /// For each page, its files: its own and its patches.
        let files: [PageFiles]
        /// The indices of the pages rendered, in order (the others were reused).
        let rendered: [Int]
        var renderedCount: Int { rendered.count }
    }

    /// What a build renders and what it takes from the previous build: every page's path
    /// and key (the plan's pages, then the not-found page unless the site brings its own), the
    /// pages reused with their files, and the plan's pages to render.
    struct PageWork: Sendable {
        /// The hash of what every page depends on (``PageKey/site(templates:config:plan:renderer:)``).
        let site: UInt64
        /// Each item's source, by index (``PageKey/sources(of:)``).
        let itemSources: [UInt64]
        let paths: [String]
        let keys: [UInt64]
        /// The pages taken from the previous build with their files, by index in `paths`; nil for one to render.
        var reused: [(page: RenderedPage, files: PageFiles)?]
        /// The plan's pages to render, by index, those with the longest lists first.
        let stale: [Int]

        /// How many pages are rendered (the not-found page among them unless it is reused).
        var renderCount: Int { reused.count { $0 == nil } }
    }

    /// The pages of `plan` whose inputs changed, or whose files the output no longer holds as
    /// the previous build left them, are rendered; the others are taken from the previous build.
    /// `itemSources` are ``PageKey/sources(of:)`` of `plan`, and `keyStructures` the parts of
    /// its pages' keys that the plan decides.
    private func pageWork(_ plan: SitePlan, itemSources: [UInt64], keyStructures: [UInt64], sources: Sources, hasNotFoundPage: Bool,
                          reuse: BuildReuse) throws -> PageWork {
        let site = PageKey.site(templates: sources.templates, config: sources.config, plan: plan, renderer: options.renderer)
        let paths = plan.pages.map(\.path) + (hasNotFoundPage ? [Self.notFoundPath] : [])
        let keys = try Array(paths.indices).concurrentMap { index in
            index < plan.pages.count
                ? PageKey.key(forPage: index, structure: keyStructures[index], site: site, plan: plan, sources: itemSources,
                             cellsShowContent: sources.templates.cellsShowContent)
                : PageKey.notFoundKey(site: site)
        }
        // A reused page and its files are made here, on both cores: one by one after the
        // rendering, they took 10 ms of a one-post rebuild of 10,000 pages.
        let reused = try Array(paths.indices).concurrentMap { index -> (page: RenderedPage, files: PageFiles)? in
            let path = paths[index]
            guard let page = reuse.reusablePage(path, pathHash: BuildRecord.pathHash(path), key: keys[index]) else { return nil }
            let pageKey = PageVersion.key(ofPath: path)
            guard let kept = reuse.keptFiles(PageFiles.paths(of: page, key: pageKey)) else { return nil }
            return (RenderedPage(path: path, key: pageKey, reusing: page, output: kept[0].file), PageFiles(reused: page, kept: kept))
        }
        // The pages with the longest lists first, so that neither core is left with one at the end.
        let cellCounts = plan.pages.map(\.cellCount)
        let stale = plan.pages.indices.filter { reused[$0] == nil }.sorted { cellCounts[$0] > cellCounts[$1] }
        return PageWork(site: site, itemSources: itemSources, paths: paths, keys: keys, reused: reused, stale: stale)
    }

    /// Renders the pages `work` names, and makes their patches; takes the others as `work`
    /// has them. The files of a page rendered are written into `prepared`, when given, as
    /// soon as they are made: a build that renders every page then never holds every
    /// page's bytes at once (they were most of its memory).
    private func render(_ plan: SitePlan, work: consuming PageWork, sources: Sources, reuse: BuildReuse, writingTo prepared: AtomicOutput.PreparedFolders?,
                        savingCaches: DispatchGroup, progress: ProgressLine) throws -> Rendering {
        let (site, itemSources, paths, keys, stale) = (work.site, work.itemSources, work.paths, work.keys, work.stale)
        // Moved out, not shared: each is taken out of it below.
        var reused: [(page: RenderedPage, files: PageFiles)?] = []
        swap(&reused, &work.reused)
        let hasNotFoundPage = paths.count > plan.pages.count
        let cellReuse = reuse.cellCache.map { PageRenderer.CellReuse(cache: $0, naming: CellCache.Naming(site: site), sources: itemSources) }
        let renderer = try PageRenderer(plan: plan, config: sources.config, templates: sources.templates, rendering: stale, reuse: cellReuse)
        // The cells are kept for the next build on the other core, while the pages render.
        if let cellReuse, renderer.renderedCells {
            DispatchQueue.global().async(group: savingCaches) { cellReuse.cache.save(renderer.cellsToKeep(reuse: cellReuse)) }
        }
        let history = sources.config.history
        // A page rendered, with its files; written now when the build writes as it goes.
        let withFiles = { @Sendable (page: RenderedPage, key: UInt64) throws -> (page: RenderedPage, files: PageFiles) in
            var files = try PageFiles(rendered: page, key: key, previous: reuse.previous?.record.page(page.path), keeping: history)
            guard let prepared else { return (page, files) }
            try files.writeNow(into: prepared)
            return (page.written, files)
        }
        progress.begin(total: stale.count)
        let rendered = try stale.concurrentMap { index in
            defer { progress.step() }
            return try withFiles(try renderer.render(plan.pages[index]), keys[index])
        }
        var renderedByIndex = Dictionary(uniqueKeysWithValues: zip(stale, rendered))
        if hasNotFoundPage, reused[plan.pages.count] == nil {
            renderedByIndex[plan.pages.count] = try withFiles(renderer.renderNotFoundPage(path: Self.notFoundPath), keys[plan.pages.count])
        }
        var pages: [RenderedPage] = [], files: [PageFiles] = [], renderedIndices: [Int] = []
        pages.reserveCapacity(paths.count)
        files.reserveCapacity(paths.count)
        for index in paths.indices {
            // Taken out rather than copied: a copy of each page's files cost a rebuild 3 ms.
            if let (page, own) = reused[index].take() {
                pages.append(page)
                files.append(own)
            } else if let (page, own) = renderedByIndex.removeValue(forKey: index) {
                pages.append(page)
                files.append(own)
                renderedIndices.append(index)
            } else {
                preconditionFailure("every page is rendered or reused")
            }
        }
        return Rendering(pages: pages, files: files, rendered: renderedIndices)
    }

    /// The not-found page's path below the site root: its key names its state file and patches.
    static let notFoundPath = "/" + SitePath.notFoundFile

    /// The keys of the pages that are new, changed or gone since `previous`; nil when the
    /// previous build is not known.
    static func changedPageKeys(_ pages: [RenderedPage], previous: BuildRecord?) -> [String]? {
        guard let previous else { return nil }
        // A reused page kept its version.
        var keys = pages.filter { $0.reused == nil && previous.page($0.path)?.version != $0.version }.map { PageVersion.hex($0.key) }
        keys += previous.pagePathsGone(from: pages).map { PageVersion.hex(PageVersion.key(ofPath: $0)) }
        return keys.sorted()
    }

    /// Locks `outputFolder` for this build, saying so on the terminal while another build holds it.
    private func lockOutput(_ outputFolder: URL) throws -> OutputLock {
        let line = ProgressLine(quiet: options.quiet)
        defer { line.finish() }
        return try OutputLock(output: outputFolder) {
            line.show("waiting for another build into \(options.output.path) to finish")
        }
    }

    private func loadConfig() throws -> SiteConfig {
        let url = options.source.appendingPathComponent("owl.yml")
        var config = FileManager.default.fileExists(atPath: url.path) ? try SiteConfig.load(from: url, displayName: "owl.yml") : SiteConfig()
        if let baseURL = options.baseURL {
            if let problem = SiteConfig.problem(withBaseURL: baseURL) { throw SiteError("--base-url \(problem)") }
            config.baseURL = baseURL
        }
        return config
    }

    /// The sitemap of `plan`: the output's, kept, when it is `kept` (the sitemap a plan taken
    /// from the cache was kept with, which came of the same plan); else made.
    private static func sitemap(of plan: SitePlan, sources: Sources, keeping kept: BuildRecord.File?, reuse: BuildReuse) -> OutputFile {
        if let kept, let file = reuse.keptFile(each: [SitePath.sitemapFile])[0], file.record == kept {
            return file
        }
        return OutputFile(Sitemap.xml(pages: plan.pages, items: sources.content.items, config: sources.config))
    }

    /// The site's files besides its pages (``otherFiles(content:plan:templates:sitemap:reuse:)``), and the
    /// warnings about links in the items to none of the site's files: its pages (the
    /// not-found page among them when the build makes it) and those other files.
    private func otherFilesAndLinkWarnings(sources: Sources, plan: SitePlan, sitemap: OutputFile, hasNotFoundPage: Bool, reuse: BuildReuse) throws
        -> (files: [String: OutputFile], linkWarnings: [SiteError]) {
        let files = try otherFiles(content: sources.content, plan: plan, templates: sources.templates, sitemap: sitemap, reuse: reuse)
        // Patches and state files are left out: a link to one is a link to the machinery.
        var targets = LinkChecker.Targets(files: Set(files.keys), pagePaths: plan.pages.map(\.path))  // the plan's, in order of path
        if hasNotFoundPage { targets.files.insert(SitePath.notFoundFile) }
        let warnings = try LinkChecker.warnings(items: sources.content.items, targets: targets, config: sources.config, sourceRoot: options.source)
        return (files, warnings)
    }

    /// Static files, theme assets, owl.js, the feeds, `sitemap`, and `.nojekyll` (unless
    /// the site brings its own).
    private func otherFiles(content: SiteContent, plan: SitePlan, templates: TemplateSet, sitemap: OutputFile, reuse: BuildReuse) throws -> [String: OutputFile] {
        var files = templates.assets.mapValues { OutputFile($0) }
        if let script = EmbeddedTheme.owlJS { files["\(SitePath.reservedFolder)/owl.js"] = OutputFile(Array(script.utf8)) }
        if let script = EmbeddedTheme.owlLiveJS { files["\(SitePath.reservedFolder)/owl-live.js"] = OutputFile(Array(script.utf8)) }
        // Copied files are read when written, not now (most are images), and only when the
        // output does not hold them already: a rebuild keeps them where they are.
        let copied = content.staticFiles.sorted { $0.key < $1.key }
        let kept = reuse.keptFile(each: copied.map(\.key))
        for ((path, url), kept) in zip(copied, kept) {
            let file = try reuse.staticFiles.outputFile(at: url.path, displayName: FileTree.display(url, relativeTo: options.source))
            if let kept, kept.hash == file.hash, kept.size == file.size {
                files[path] = kept
            } else {
                files[path] = file
            }
        }
        // A feed whose key is an earlier build's is taken from the output when it holds that feed.
        let keptFeeds = reuse.keptFile(each: plan.feeds.map(\.file))
        for (feed, kept) in zip(plan.feeds, keptFeeds) {
            // A section's or a tag's feed goes where a file of the site could be (`static/posts/feed.xml`).
            if files[feed.file] != nil {
                throw error(about: feed.file, content: content, plan: plan, "\(feed.file) is the feed of \(feed.pagePath), which owl-site writes; rename this file")
            }
            let key = FeedCache.key(of: feed, items: plan.items, config: content.config, renderer: options.renderer)
            let reused = reuse.feeds.reusable(feed.file, key: key, kept: kept)
            let file = reused ?? OutputFile(Array(AtomFeed.xml(feed, items: plan.items, config: content.config).utf8))
            reuse.feeds.note(feed.file, key: key, file: file.record, made: reused == nil)
            files[feed.file] = file
        }
        files[SitePath.sitemapFile] = sitemap
        if files[SitePath.noJekyllFile] == nil { files[SitePath.noJekyllFile] = OutputFile([]) }
        let redirects = try RedirectPage.files(items: plan.items, pages: plan.pages, files: files, config: content.config) { file in
            origin(of: file, content: content, plan: plan).name
        }
        return files.merging(redirects) { old, _ in old }
    }
}
