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
    public func build() throws -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        let progress = ProgressLine(quiet: options.quiet)
        defer { progress.finish() }

        try options.checkOutputFolder()
        let config = try loadConfig()
        let templates = try TemplateSet(overrides: options.source.appendingPathComponent("Templates"), sourceRoot: options.source)
        let cacheFolder = options.source.appendingPathComponent(".owl-cache")
        let cache = MarkdownCache(
            folder: options.incremental ? cacheFolder : nil,
            settings: "rawHTML=\(config.rawHTML) root=\(config.rootPath)"
        )
        let content = try SiteContent.load(options, config: config, cache: cache)
        let plan = try SitePlan(content: content, templates: templates)
        let output = AtomicOutput(output: options.output)

        let site = PageKey.site(templates: templates, config: config, plan: plan)
        let fingerprints = cache.fingerprints
        let keys = try Array(plan.pages.indices).concurrentMap { PageKey.key(for: plan.pages[$0], site: site, plan: plan, fingerprints: fingerprints) }
        let pageCache = PageCache(folder: options.incremental ? cacheFolder : nil, previousOutput: output.previous)
        let reused = try Array(plan.pages.indices).concurrentMap { pageCache.reuse(plan.pages[$0].path, key: keys[$0]) }
        let stale = plan.pages.indices.filter { reused[$0] == nil }
        let renderer = try PageRenderer(plan: plan, config: config, templates: templates, pages: stale.map { plan.pages[$0] })
        progress.begin(total: stale.count)
        let rendered = try stale.concurrentMap { index in
            defer { progress.step() }
            return try renderer.render(plan.pages[index])
        }
        let renderedByIndex = Dictionary(uniqueKeysWithValues: zip(stale, rendered))
        var pageList = plan.pages.indices.compactMap { reused[$0] ?? renderedByIndex[$0] }

        var files = try otherFiles(content: content, plan: plan, templates: templates)
        for page in pageList {
            if files[page.file] != nil {
                throw SiteError(file: "static/\(page.file)", "the file \(page.file) is also the page \(page.path)")
            }
            files[page.file] = page.bytes
        }
        let buildID = try Self.buildID(of: files)
        for index in pageList.indices {
            pageList[index].fill(buildID: buildID)
            files[pageList[index].file] = pageList[index].bytes
        }
        let manifest = BuildManifest(build: buildID, pages: Dictionary(uniqueKeysWithValues: pageList.map { ($0.path, $0.manifest) }))
        let manifestBytes = manifest.json()
        files["_owl/build.json"] = manifestBytes

        let history = BuildHistory(reading: output.previous).adding(buildID, manifest: manifestBytes, keepingEarlier: config.history)
        files.merge(history.files) { new, _ in new }
        let pageFiles = files
        let patches = try PatchFile.files(fromStored: history.earlierManifests, to: manifest) { file in
            guard let bytes = pageFiles[file] else { throw SiteError(file: file, "the manifest names a page that was not written") }
            return bytes
        }
        files.merge(patches) { new, _ in new }

        let warnings = try LinkChecker.warnings(items: content.items, outputFiles: Set(files.keys), config: config, sourceRoot: options.source)
        // The Markdown cache depends on the sources only: saved on the other core while the
        // output's folders are made one by one.
        let savingCache = DispatchGroup()
        DispatchQueue.global().async(group: savingCache) { cache.save() }
        defer { savingCache.wait() }
        try output.write(files)
        pageCache.save(build: buildID, pages: pageList, keys: keys)
        return BuildReport(
            buildID: buildID, pageCount: pageList.count, listCount: plan.pages.reduce(0) { $0 + $1.lists.count },
            duration: clock.now - start, warnings: warnings, renderedPageCount: stale.count
        )
    }

    private func loadConfig() throws -> SiteConfig {
        let url = options.source.appendingPathComponent("owl.yml")
        var config = FileManager.default.fileExists(atPath: url.path) ? try SiteConfig.load(from: url, displayName: "owl.yml") : SiteConfig()
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        return config
    }

    /// Static files, theme assets, owl.js, the feed and the sitemap.
    private func otherFiles(content: SiteContent, plan: SitePlan, templates: TemplateSet) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = templates.assets
        if let script = EmbeddedTheme.owlJS { files["_owl/owl.js"] = Array(script.utf8) }
        for (path, url) in content.staticFiles.sorted(by: { $0.key < $1.key }) {
            files[path] = try SourceText.bytes(url, displayName: FileTree.display(url, relativeTo: options.source))
        }
        files["feed.xml"] = Array(AtomFeed.xml(items: content.items, config: content.config).utf8)
        files["sitemap.xml"] = Array(Sitemap.xml(pages: plan.pages, items: content.items, config: content.config).utf8)
        return files
    }

    /// A hash of every file's path and bytes (pages with their build id blanked), in path
    /// order: each file hashed on its own (on both cores), then the paths and file hashes.
    static func buildID(of files: [String: [UInt8]]) throws -> String {
        let paths = files.keys.sorted()
        let fileHashes = try paths.concurrentMap { path in
            var hash = ContentHash()
            hash.update(with: files[path] ?? [])
            return hash.value
        }
        var hash = ContentHash()
        for (path, fileHash) in zip(paths, fileHashes) {
            hash.update(with: path)
            hash.update(with: withUnsafeBytes(of: fileHash.littleEndian) { Array($0) })
        }
        return hash.description
    }
}
