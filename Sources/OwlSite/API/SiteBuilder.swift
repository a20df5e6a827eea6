import Foundation
import Owl

/// Builds a site: reads its sources, renders every page and list, and swaps the result into
/// the output folder together with the manifest of docs/formats.md §2.
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
    public func build() throws -> BuildReport {
        let report = HandOver<BuildReport>()
        let thread = Thread { [self] in
            do {
                try options.checkFolders()
                // An output that is a symbolic link is updated where it points: the link stays,
                // and the folder it names is locked and swapped (not the link itself).
                let outputFolder = options.output.resolvingSymlinksInPath()
                let lock = try lockOutput(outputFolder)
                do {
                    try build(into: outputFolder, reusingPreviousOutput: true, handingOver: report, releasing: lock)
                } catch is OutputFile.PreviousOutputChanged {
                    try build(into: outputFolder, reusingPreviousOutput: false, handingOver: report, releasing: lock)
                }
            } catch {
                report.fail(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        return try report.take()
    }

    /// A build into `outputFolder`, which puts its report into `report` and releases `lock`
    /// when the output is in place; one that is not `reusingPreviousOutput` renders every page
    /// again instead of taking unchanged ones from the previous output (found changed by hand).
    private func build(
        into outputFolder: URL, reusingPreviousOutput: Bool, handingOver report: HandOver<BuildReport>, releasing lock: OutputLock
    ) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let progress = ProgressLine(quiet: options.quiet)
        defer { progress.finish() }

        let cacheFolder = options.incremental ? options.source.appendingPathComponent(".owl-cache") : nil
        let output = AtomicOutput(output: outputFolder)
        let records = BuildRecords(cacheFolder: cacheFolder)
        // A rebuild writes into the spare folder: its files are opened while the pages render.
        let spare = reusingPreviousOutput ? SpareFiles.opening(besideOutput: output, records: records) : nil
        defer { spare?.close() }
        let config = try loadConfig()
        let templates = try TemplateSet(overrides: options.source.appendingPathComponent("Templates"), sourceRoot: options.source)
        let cache = MarkdownCache(folder: cacheFolder, settings: "rawHTML=\(config.rawHTML) highlight=\(config.highlight) root=\(config.rootPath) summary=\(config.summaryLength) renderer=\(options.renderer)")
        let content = try SiteContent.load(options, config: config, cache: cache)
        let plan = try SitePlan(content: content, templates: templates)
        // A first build writes every file: their folders are made while the pages render.
        let preparedFolders = output.prepareFolders { plan.pages.map { SitePath.file(for: $0.path) } }
        var writing = false
        defer { if !writing, let preparedFolders { output.discard(preparedFolders) } }
        let previousOutput = output.previous
        // The record of the build in the output, and of the pages that are reused from it.
        let outputRecord = records.load(output: previousOutput)
        let previous = reusingPreviousOutput ? outputRecord : nil

        let site = PageKey.site(templates: templates, config: config, plan: plan, renderer: options.renderer)
        let sources = PageKey.sources(of: plan)
        let keys = try Array(plan.pages.indices).concurrentMap {
            PageKey.key(for: plan.pages[$0], site: site, plan: plan, sources: sources, cellsShowContent: templates.cellsShowContent)
        }
        // Each page is looked up in the previous record here and in earlier ones by the patches.
        let pathHashes = plan.pages.map { BuildRecord.pathHash($0.path) }
        let reused = try Array(plan.pages.indices).concurrentMap { index -> RenderedPage? in
            let path = plan.pages[index].path
            guard let previous, let page = previous.page(path, pathHash: pathHashes[index]), page.key == keys[index] else { return nil }
            return RenderedPage(path: path, reusing: page, of: previous)
        }
        // The pages with the longest lists first, so that neither core is left with one at the end.
        let cellCounts = plan.pages.map(\.cellCount)
        let stale = plan.pages.indices.filter { reused[$0] == nil }.sorted { cellCounts[$0] > cellCounts[$1] }
        let renderer = try PageRenderer(plan: plan, config: config, templates: templates, pages: stale.map { plan.pages[$0] })
        progress.begin(total: stale.count)
        let rendered = try stale.concurrentMap { index in
            defer { progress.step() }
            return try renderer.render(plan.pages[index])
        }
        let renderedByIndex = Dictionary(uniqueKeysWithValues: zip(stale, rendered))
        let pages = plan.pages.indices.map { reused[$0] ?? renderedByIndex[$0]! }  // every page is one or the other

        // The manifest's entries are put together on the other core while the files are
        // gathered and hashed into the build id.
        let (manifestEntries, gathered) = try inParallel({
            BuildManifest.entries(pages.map { ($0.path, $0.json) })  // in the plan's order, by path
        }, {
            var files = try otherFiles(content: content, plan: plan, templates: templates, renderer: renderer)
            try checkFolders(of: plan, besides: files, content: content)
            for page in pages {
                if files[page.file] != nil {
                    throw error(about: page.file, content: content, plan: plan, "the file \(page.file) is also the page \(page.path)")
                }
                files[page.file] = page.output
            }
            return (files: files, buildID: Self.buildID(of: files))
        })
        var files = gathered.files
        let buildID = gathered.buildID
        let manifest = OutputFile(BuildManifest.json(build: buildID, entries: manifestEntries))
        files[BuildManifest.file] = manifest
        files[BuildManifest.headFile] = OutputFile(BuildManifest.head(build: buildID))
        let history = BuildHistory(reading: previousOutput).adding(buildID, keepingEarlier: config.history)
        files.merge(try history.files(manifest: manifest, previousOutput: previousOutput, previous: previous)) { new, _ in new }
        // The records of the earlier builds, read once (on both cores): the patches compare
        // with them, and one of them describes the spare folder the output is written into.
        // So is the record of an earlier build with this build's id (the same sources
        // again), read now: while the output is written, this build's record replaces it.
        let earlier = Array(history.earlier)
        let known = [buildID] + earlier
        let knownRecords = try known.concurrentMap { $0 == outputRecord?.build ? outputRecord : records.load($0) }
        let recordsByBuild = Dictionary(uniqueKeysWithValues: zip(known, knownRecords).compactMap { build, record in record.map { (build, $0) } })
        let record = { @Sendable (build: String) in
            recordsByBuild[build] ?? (build == buildID ? nil : records.load(build))
        }
        let pagesByFile = Dictionary(uniqueKeysWithValues: pages.map { ($0.file, $0) })
        let patches = try PatchFile.files(
            from: earlier, to: buildID, pages: pages, pathHashes: pathHashes, record: record, previousOutput: previousOutput
        ) { file in
            guard let page = pagesByFile[file] else { throw SiteError(file: file, "the manifest names a page that was not written") }
            return try page.output.bytes(buildID: buildID, previousOutput: previousOutput)
        }
        files.merge(patches) { new, _ in new }

        let warnings = config.sectionWarnings(source: options.source) + plan.warnings + [RenderedPage.buildIDWarning(pages)].compactMap { $0 }
            + (try LinkChecker.warnings(items: content.items, outputFiles: Set(files.keys), config: config, sourceRoot: options.source))
        // The caches are saved on the other core while the output is written. The record is
        // of no use unless the output is swapped in, and does no harm if it is not.
        let savingCaches = DispatchGroup()
        DispatchQueue.global().async(group: savingCaches) { cache.save() }
        let writtenFiles = files
        DispatchQueue.global().async(group: savingCaches) {
            let recordPages = Dictionary(uniqueKeysWithValues: zip(keys, pages).map { ($1.path, $1.record(key: $0)) })
            records.save(build: buildID, files: writtenFiles.mapValues(\.record), pages: recordPages)
        }
        do {
            // A build id hashes every file: when the output already holds this build, the
            // files it would write are the files it has (unless some were put in or taken out by hand).
            let holdsThisBuild = previous.map { $0.build == buildID && previousOutput == outputFolder && output.holdsUnchanged($0) } ?? false
            if !holdsThisBuild {
                writing = true
                try output.write(files, buildID: buildID, record: record, prepared: preparedFolders, spare: spare)
            }
        } catch {
            savingCaches.wait()
            throw error
        }
        // Unless the write took them: the spare's files are of no more use, before the report goes.
        spare?.close()
        savingCaches.wait()
        // The build swapped out becomes the next build's staging folder: its record stays.
        records.prune(keeping: Set(history.builds + [outputRecord?.build].compactMap { $0 }))
        progress.finish()
        lock.release()
        report.put(BuildReport(
            buildID: buildID, pageCount: pages.count, listCount: plan.pages.reduce(0) { $0 + $1.lists.count },
            duration: clock.now - start, warnings: warnings, renderedPageCount: stale.count
        ))
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

    /// Static files, theme assets, owl.js, the feed, the sitemap, and the not-found page and
    /// `.nojekyll` (unless the site brings its own).
    private func otherFiles(content: SiteContent, plan: SitePlan, templates: TemplateSet, renderer: PageRenderer) throws -> [String: OutputFile] {
        var files = templates.assets.mapValues { OutputFile($0) }
        if let script = EmbeddedTheme.owlJS { files["\(SitePath.reservedFolder)/owl.js"] = OutputFile(Array(script.utf8)) }
        if let script = EmbeddedTheme.owlLiveJS { files["\(SitePath.reservedFolder)/owl-live.js"] = OutputFile(Array(script.utf8)) }
        for (path, url) in content.staticFiles.sorted(by: { $0.key < $1.key }) {
            files[path] = OutputFile(try SourceText.bytes(url, displayName: FileTree.display(url, relativeTo: options.source)))
        }
        for feed in plan.feeds {
            // A section's or a tag's feed goes where a file of the site could be (`static/posts/feed.xml`).
            if files[feed.file] != nil {
                throw error(about: feed.file, content: content, plan: plan, "\(feed.file) is the feed of \(feed.pagePath), which owl-site writes; rename this file")
            }
            files[feed.file] = OutputFile(Array(AtomFeed.xml(feed, items: plan.items, config: content.config).utf8))
        }
        files[SitePath.sitemapFile] = OutputFile(Sitemap.xml(pages: plan.pages, items: content.items, config: content.config))
        if files[SitePath.notFoundFile] == nil { files[SitePath.notFoundFile] = renderer.renderNotFoundPage() }
        if files[SitePath.noJekyllFile] == nil { files[SitePath.noJekyllFile] = OutputFile([]) }
        let redirects = try RedirectPage.files(items: plan.items, pages: plan.pages, files: files, config: content.config) { file in
            origin(of: file, content: content, plan: plan).name
        }
        return files.merging(redirects) { old, _ in old }
    }

    /// A hash of every file's path and bytes (pages with their build id blanked): each
    /// path hashed with its file's hash, and those hashes added up, which gives the same
    /// sum in any order (sorting 10,000 paths took longer than all the hashing).
    static func buildID(of files: [String: OutputFile]) -> String {
        var sum: UInt64 = 0
        for (path, file) in files {
            var hash = ContentHasher()
            hash.update(with: path)
            withUnsafeBytes(of: file.hash.littleEndian) { hash.update(with: $0) }
            sum &+= hash.hash.value
        }
        return withUnsafeBytes(of: sum.littleEndian) { ContentHash(bytes: $0) }.description
    }
}
