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

        let config = try loadConfig()
        let templates = try TemplateSet(overrides: options.source.appendingPathComponent("Templates"), sourceRoot: options.source)
        let cache = MarkdownCache(
            folder: options.incremental ? options.source.appendingPathComponent(".owl-cache") : nil,
            settings: "rawHTML=\(config.rawHTML) root=\(config.rootPath)"
        )
        let content = try SiteContent.load(options, config: config, cache: cache)
        let plan = try SitePlan(content: content, templates: templates)
        let renderer = PageRenderer(plan: plan, config: config, templates: templates)
        progress.begin(total: plan.pages.count)
        var pages = try plan.pages.concurrentMap { page in
            defer { progress.step() }
            return try renderer.render(page)
        }

        var files = try otherFiles(content: content, plan: plan, templates: templates)
        for page in pages {
            if files[page.file] != nil {
                throw SiteError(file: "static/\(page.file)", "the file \(page.file) is also the page \(page.path)")
            }
            files[page.file] = page.bytes
        }
        let buildID = Self.buildID(of: files)
        for index in pages.indices {
            pages[index].fill(buildID: buildID)
            files[pages[index].file] = pages[index].bytes
        }
        let manifest = BuildManifest(build: buildID, pages: Dictionary(uniqueKeysWithValues: pages.map { ($0.path, $0.manifest) }))
        let manifestBytes = manifest.json()
        files["_owl/build.json"] = manifestBytes

        let output = AtomicOutput(output: options.output)
        let history = BuildHistory(reading: output.previous).adding(buildID, manifest: manifestBytes)
        files.merge(history.files) { new, _ in new }

        let warnings = LinkChecker.warnings(items: content.items, outputFiles: Set(files.keys), config: config, sourceRoot: options.source)
        try output.write(files)
        cache.save()
        return BuildReport(
            buildID: buildID, pageCount: pages.count, listCount: plan.pages.reduce(0) { $0 + $1.lists.count },
            duration: clock.now - start, warnings: warnings, renderedPageCount: pages.count
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

    /// A hash of every file's path and bytes (pages with their build id blanked), in path order.
    static func buildID(of files: [String: [UInt8]]) -> String {
        var hash = ContentHash()
        for path in files.keys.sorted() {
            hash.update(with: path)
            hash.update(with: [0])
            hash.update(with: files[path]!)
            hash.update(with: [0])
        }
        return hash.description
    }
}
