import Foundation

/// Every page of the site, decided from its content and settings: item pages, section lists
/// (list or grid, grouped, sorted, paged), tag pages, the tag index and the home page.
struct SitePlan: Sendable {
    /// The pages in path order, the order of the manifest and the sitemap.
    var pages: [PageSpec] = []
    /// The site's items, indexed by `PageSpec.Body.item` and `ListCell.item`.
    var items: [ContentItem]
    /// The values of `data/`, which every layout shows as `site.data`.
    var data: SiteData
    /// The navigation entries: title and path.
    var navigation: [NavigationEntry] = []
    /// Display name and item count of each tag, by slug, and of each term of the other
    /// taxonomies, by `TAXONOMY/SLUG` (`categories/news`).
    var tags: [String: (name: String, count: Int)] = [:]
    /// The slug of each spelling of a tag in the items, empty for a tag without letters or digits.
    var tagSlugs: [String: String] = [:]
    /// The dated items of sections, newest first: the home page and the feed show the first ones.
    var newest: [Int] = []
    /// The site's feed, then one for each section and tag with dated items.
    var feeds: [FeedSpec] = []
    /// What the plan found odd without stopping the build: tags that get no page of their own.
    var warnings: [SiteError] = []
    /// Which of `warnings` come of the items' bodies (the items' own warnings, and their links
    /// to places on pages), in their place among the others.
    private(set) var bodyWarnings: Range<Int> = 0..<0

    /// The plan of `content`. `warningsFromBodies` are ``bodyWarnings(of:)`` of `content`, when
    /// made already (a build makes them while it reads the plan cache, on the other core).
    init(content: SiteContent, templates: TemplateSet, warningsFromBodies: [SiteError]? = nil) throws {
        items = content.items
        data = content.data
        let config = content.config
        // An item's page, and a few lists: tag pages and sections are fewer than the items.
        var registry = PageRegistry(capacity: items.count + items.count / 4 + 16)

        // The fields the closures below filter and group by, read once where each item lies:
        // read there as `items[$0].section`, each item was copied whole first (a closure that
        // captures an array cannot read an element's field in place), four times an item.
        let (kinds, sections, dates) = Self.kindsSectionsAndDates(of: items)
        let pageIndices = items.indices.filter { kinds[$0] == .page }
        // Newest first, sorted once: a list in date order keeps this order's members.
        let byDate = sort(pageIndices, by: .date)
        // Each item's year, worked out once: an item is in several lists grouped by year.
        let years = dates.map { $0.map { String(DateText.year(config.onSiteClock($0))) } ?? Self.undated }
        var sectionIntros: [String: ContentItem] = [:]
        var home: ContentItem?
        for index in items.indices {
            switch kinds[index] {
            case .home: home = items[index]
            case .sectionIndex: sectionIntros[items[index].section] = items[index]
            case .page: break
            }
        }

        let sectionNames = Set(pageIndices.map { sections[$0] }.filter { !$0.isEmpty }).union(sectionIntros.keys).sorted()
        let sectionMembers = sectionNames.map { name in
            let settings = config.settings(for: name)
            return settings.sort == .date
                ? byDate.filter { sections[$0] == name }
                : sort(pageIndices.filter { sections[$0] == name }, by: settings.sort)
        }
        var neighbours = [Neighbours?](repeating: nil, count: items.count)
        for members in sectionMembers {
            for (place, index) in members.enumerated() {
                neighbours[index] = Neighbours(previous: place > 0 ? members[place - 1] : nil,
                                               next: place + 1 < members.count ? members[place + 1] : nil)
            }
        }

        // The layout of items that name none is looked for once. A layout the theme lacks
        // (another generator's `layout: post`) is a warning: the page takes the single layout.
        let single = "layouts/single", hasSingle = templates.names.contains(single)
        var errors: [SiteError] = []
        for index in pageIndices {
            var layout = items[index].layout.map { "layouts/" + $0 } ?? single
            if layout != single, !templates.names.contains(layout) {
                warnings.append(items[index].error(at: "layout", "template '\(layout)' not found (looked for Templates/\(layout).mustache): the page uses \(single)"))
                layout = single
            }
            guard hasSingle else {
                throw items[index].error(at: "layout", "template '\(layout)' not found (looked for Templates/\(layout).mustache)")
            }
            let origin = SourceLocation(file: items[index].source, line: items[index].lines.line(ofFirst: Self.addressKeys) ?? 1)
            do {
                try registry.add(PageSpec(path: items[index].path, title: items[index].title, layout: layout,
                                          body: .item(index, neighbours: neighbours[index]), lists: [], origin: origin))
            } catch let error as SiteError {
                errors.append(error)
            }
        }
        if !errors.isEmpty { throw SiteError.combining(errors) }
        let bodyWarningsStart = warnings.count
        warnings += warningsFromBodies ?? Self.bodyWarnings(of: content)
        bodyWarnings = bodyWarningsStart..<warnings.count

        for (name, members) in zip(sectionNames, sectionMembers) {
            let settings = config.settings(for: name)
            let intro = sectionIntros[name]
            let title = Self.ownTitle(of: intro) ?? settings.title ?? SitePath.title(fromName: name)
            let origin = SourceLocation(file: intro?.source ?? "content/\(name)/", line: intro == nil ? nil : 1)
            try addPaged(members, basePath: "/\(name)/", listID: name, title: title, intro: intro?.body, years: years,
                         settings: settings, config: config, origin: origin, feedItems: byDate.filter { sections[$0] == name }, registry: &registry)
            navigation.append(NavigationEntry(title: title, path: "/\(name)/"))
        }
        for index in sort(pageIndices.filter { sections[$0].isEmpty }, by: .weight) {
            navigation.append(NavigationEntry(title: items[index].title, path: items[index].path))
        }

        try addTagPages(pageIndices, byDate: byDate, years: years, config: config, registry: &registry)
        for taxonomy in config.taxonomyNames {
            try addTermPages(of: taxonomy, pageIndices, byDate: byDate, years: years, config: config, registry: &registry)
        }

        newest = byDate.filter { dates[$0] != nil && !sections[$0].isEmpty }
        feeds.insert(FeedSpec(file: SitePath.feedFile, pagePath: "/", title: nil, items: newest), at: 0)
        let recent = newest.prefix(config.homeRecent)
        // Cards, unlike the sections' lists: the home page shows what is new at a glance.
        let recentList = ListModel(style: .grid, id: "recent", sections: [
            ListSection(id: "recent", header: nil, footer: nil, cells: recent.map(ListCell.item)),
        ])
        try registry.add(PageSpec(path: "/", title: Self.ownTitle(of: home) ?? config.title, layout: "layouts/home",
                                  body: .list(intro: home?.body, pagination: nil, feed: nil), lists: [recentList],
                                  origin: SourceLocation(file: home?.source ?? "content/", line: home == nil ? nil : 1)))
        // Their indices sorted, not the pages themselves, which are large to move.
        let planned = registry.pages
        pages = planned.indices.sorted { planned[$0].path < planned[$1].path }.map { planned[$0] }
    }

    /// Each of `items`' kind, section and date, in the items' order.
    private static func kindsSectionsAndDates(of items: [ContentItem]) -> (kinds: [ContentItem.Kind], sections: [String], dates: [Date?]) {
        var kinds: [ContentItem.Kind] = [], sections: [String] = [], dates: [Date?] = []
        kinds.reserveCapacity(items.count)
        sections.reserveCapacity(items.count)
        dates.reserveCapacity(items.count)
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                kinds.append(items[index].kind)
                sections.append(items[index].section)
                dates.append(items[index].date)
            }
        }
        return (kinds, sections, dates)
    }

    /// The warnings that come of the items' bodies: their own, then those of their links to
    /// places on pages (``FragmentChecker``).
    static func bodyWarnings(of content: SiteContent) -> [SiteError] {
        var warnings: [SiteError] = []
        for index in content.items.indices where !content.items[index].warnings.isEmpty { warnings += content.items[index].warnings }
        return warnings + FragmentChecker.warnings(items: content.items, rootPath: content.config.rootPath, sourceRoot: content.sourceRoot)
    }

    /// What a plan decided from the items' listings (everything but their bodies), the
    /// settings and the theme: what ``PlanCache`` keeps for the next build.
    struct Listing: Sendable {
        var pages: [PageSpec]
        var navigation: [NavigationEntry]
        var tags: [String: (name: String, count: Int)]
        var tagSlugs: [String: String]
        var newest: [Int]
        var feeds: [FeedSpec]
        /// The warnings before and after those that come of the items' bodies.
        var warningsBefore: [SiteError]
        var warningsAfter: [SiteError]
    }

    /// The plan's listing part.
    var listing: Listing {
        Listing(pages: pages, navigation: navigation, tags: tags, tagSlugs: tagSlugs, newest: newest, feeds: feeds,
                warningsBefore: Array(warnings[..<bodyWarnings.lowerBound]), warningsAfter: Array(warnings[bodyWarnings.upperBound...]))
    }

    /// The plan of `content`, whose items' listings, settings and theme are those `listing`
    /// was decided from (``PlanCache/key(content:templates:renderer:)``): `listing` as it is,
    /// and the warnings that come of the items' bodies made again (or `warningsFromBodies`,
    /// when made already).
    init(reusing listing: Listing, content: SiteContent, warningsFromBodies: [SiteError]? = nil) {
        items = content.items
        data = content.data
        pages = listing.pages
        navigation = listing.navigation
        tags = listing.tags
        tagSlugs = listing.tagSlugs
        newest = listing.newest
        feeds = listing.feeds
        let fromBodies = warningsFromBodies ?? Self.bodyWarnings(of: content)
        warnings = listing.warningsBefore + fromBodies + listing.warningsAfter
        bodyWarnings = listing.warningsBefore.count..<(listing.warningsBefore.count + fromBodies.count)
    }

    /// `/posts/hello/` → `posts-hello`: the cell id of the item at `path` in every list.
    /// (Split at every `/` byte, as the file system splits the path, even where a combining
    /// mark makes the slash part of a longer character.)
    ///
    /// Written byte by byte into the id's own storage: splitting and joining made three
    /// arrays and a string per part, for each of 10,000 cells a list page renders.
    static func cellID(forPath path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { id in
                var count = 0
                var partEnded = false
                for byte in bytes {
                    if byte == UInt8(ascii: "/") {
                        partEnded = count > 0
                        continue
                    }
                    if partEnded {
                        id[count] = UInt8(ascii: "-")
                        count += 1
                        partEnded = false
                    }
                    id[count] = byte
                    count += 1
                }
                return count
            }
        }
    }

    /// Tag pages (`/tags/NAME/`, grouped by year) and the tag index (`/tags/`).
    /// `byDate` is `pageIndices` sorted by date; a tag is named as the first page in source order spells it.
    private mutating func addTagPages(_ pageIndices: [Int], byDate: [Int], years: [String], config: SiteConfig, registry: inout PageRegistry) throws {
        // Each spelling is slugified once, and each slug numbered: the members are then
        // gathered by number, not by looking strings up for every tag of every page.
        var numberOfSpelling: [String: Int] = [:]
        var numberOfSlug: [String: Int] = [:]
        var slugs: [String] = [], names: [String] = []
        var tagNumbers = Array(repeating: [Int](), count: items.count)
        for index in pageIndices {
            tagNumbers[index] = items[index].tags.compactMap { tag in
                if let number = numberOfSpelling[tag] { return number >= 0 ? number : nil }
                let slug = SitePath.tagSlug(tag)
                let number = slug.isEmpty ? -1 : numberOfSlug[slug] ?? slugs.count
                let place = (file: items[index].source, line: items[index].lines["tags"])
                if number == -1 {
                    warnings.append(SiteError(file: place.file, line: place.line, "tag '\(tag)' has no letters or digits, so it has no page"))
                } else if number == slugs.count {
                    numberOfSlug[slug] = number
                    slugs.append(slug)
                    names.append(tag)
                } else if tag.lowercased() != names[number].lowercased() {
                    warnings.append(SiteError(
                        file: place.file, line: place.line,
                        "tag '\(tag)' is the tag '\(names[number])' (/tags/\(slug)/): tags whose names differ only in case, spaces or punctuation are one"
                    ))
                }
                numberOfSpelling[tag] = number
                return number >= 0 ? number : nil
            }
        }
        tagSlugs = numberOfSpelling.mapValues { $0 >= 0 ? slugs[$0] : "" }
        var memberLists = Array(repeating: [Int](), count: slugs.count)
        for index in byDate {
            for number in tagNumbers[index] where memberLists[number].last != index {
                memberLists[number].append(index)
            }
        }
        guard !slugs.isEmpty else { return }
        let settings = SectionSettings(style: .list, grouping: .year, sort: .date, pageSize: config.pageSize)
        let alphabetical = slugs.indices.sorted { slugs[$0] < slugs[$1] }
        for number in alphabetical {
            let (slug, name, tagged) = (slugs[number], names[number], memberLists[number])
            tags[slug] = (name, tagged.count)
            let first = items[tagged[0]]
            try addPaged(tagged, basePath: "/tags/\(slug)/", listID: "tag-\(slug)", title: "#\(name)", intro: nil, years: years, settings: settings, config: config,
                         origin: SourceLocation(file: first.source, line: first.lines["tags"]), feedItems: tagged, registry: &registry)
        }
        let index = ListModel(style: .list, id: "tags", sections: [
            ListSection(id: "tags", header: nil, footer: nil, cells: alphabetical.map { .tag(slugs[$0]) }),
        ])
        let tagsTitle = config.word("tags")
        try registry.add(PageSpec(path: "/tags/", title: tagsTitle, layout: "layouts/list", body: .list(intro: nil, pagination: nil, feed: nil),
                                  lists: [index], origin: SourceLocation(file: "content/", line: nil)))
        navigation.append(NavigationEntry(title: tagsTitle, path: "/tags/"))
    }

    /// The pages of a taxonomy other than tags (`categories`, or one that owl.yml names):
    /// a page of each term, `/categories/SLUG/`, grouped by year and with its feed, and the
    /// index of its terms, `/categories/`, as the tags have. Its terms are in ``tags`` under
    /// `categories/SLUG`, which the index's cells link to.
    private mutating func addTermPages(of taxonomy: String, _ pageIndices: [Int], byDate: [Int], years: [String],
                                       config: SiteConfig, registry: inout PageRegistry) throws {
        var names: [String: String] = [:], members: [String: [Int]] = [:], firstLines: [String: SourceLocation] = [:]
        for index in byDate {
            for term in Self.terms(in: taxonomy, taxonomies: items[index].taxonomies, params: items[index].params) {
                let slug = SitePath.tagSlug(term)
                guard !slug.isEmpty else {
                    warnings.append(items[index].error(at: taxonomy, "\(taxonomy) '\(term)' has no letters or digits, so it has no page"))
                    continue
                }
                if names[slug] == nil { names[slug] = term }
                if members[slug, default: []].last != index { members[slug, default: []].append(index) }
                if firstLines[slug] == nil { firstLines[slug] = SourceLocation(file: items[index].source, line: items[index].lines[taxonomy]) }
            }
        }
        guard !names.isEmpty else { return }
        let settings = SectionSettings(style: .list, grouping: .year, sort: .date, pageSize: config.pageSize)
        let slugs = names.keys.sorted()
        for slug in slugs {
            let key = "\(taxonomy)/\(slug)"
            tags[key] = (names[slug]!, members[slug]!.count)
            try addPaged(members[slug]!, basePath: "/\(key)/", listID: "\(taxonomy)-\(slug)", title: names[slug]!, intro: nil, years: years,
                         settings: settings, config: config, origin: firstLines[slug]!, feedItems: members[slug]!, registry: &registry)
        }
        let title = SitePath.title(fromName: taxonomy)
        let index = ListModel(style: .list, id: taxonomy, sections: [
            ListSection(id: taxonomy, header: nil, footer: nil, cells: slugs.map { .tag("\(taxonomy)/\($0)") }),
        ])
        try registry.add(PageSpec(path: "/\(taxonomy)/", title: title, layout: "layouts/list", body: .list(intro: nil, pagination: nil, feed: nil),
                                  lists: [index], origin: SourceLocation(file: "content/", line: nil)))
        navigation.append(NavigationEntry(title: title, path: "/\(taxonomy)/"))
    }

    /// The terms of an item in `taxonomy`: those its front matter gives under the taxonomy's
    /// name (text, or a list of text) in its `params`, or in Zola's `[taxonomies]`. Given the
    /// two fields, not the item: passing an item of `items` from a mutating method copied it,
    /// once per item and taxonomy.
    private static func terms(in taxonomy: String, taxonomies: [String: [String]], params: [String: FieldValue]) -> [String] {
        if let terms = taxonomies[taxonomy] { return terms }
        switch params[taxonomy] {
        case let .text(term)?: return term.listItems(separatedBy: ",")
        case let .list(values)?: return values.compactMap { if case let .text(term) = $0 { term } else { nil } }
        default: return []
        }
    }

    /// The title the front matter of `index`, a section's or the home page's `_index.md`,
    /// gives it; nil without one.
    private static func ownTitle(of index: ContentItem?) -> String? {
        guard let title = index?.title, !title.isEmpty else { return nil }
        return title
    }

    /// One list page, or several with a page size, of `members` (already sorted; `years` by
    /// item, for grouping), and the list's feed of the dated ones of `feedItems` (newest
    /// first), if there are any.
    private mutating func addPaged(_ members: [Int], basePath: String, listID: String, title: String, intro: String?, years: [String],
                                   settings: SectionSettings, config: SiteConfig, origin: SourceLocation, feedItems: [Int], registry: inout PageRegistry) throws {
        let dated = feedItems.filter { items.lending($0) { $0.date } != nil }
        let feed = dated.isEmpty ? nil : FeedSpec(file: "\(basePath.dropFirst())\(SitePath.feedFile)", pagePath: basePath, title: title, items: dated)
        if let feed { feeds.append(feed) }
        let size = settings.pageSize ?? 0
        let chunks = size > 0 && !members.isEmpty
            ? stride(from: 0, to: members.count, by: size).map { Array(members[$0..<min($0 + size, members.count)]) }
            : [members]
        func path(_ number: Int) -> String { number == 1 ? basePath : "\(basePath)page/\(number)/" }
        // Decided for the whole list, not page by page: a list with no dated item is not one
        // year called "undated" (a section of projects under the default settings), while
        // the undated items of a dated list keep that section on whichever page they fall.
        let grouping = members.contains(where: { items.lending($0) { $0.date } != nil }) ? settings.grouping : .none
        // A year's count covers the whole year, on whichever pages its items fall, and so does
        // the choice of its word (the sections its items come from).
        var yearCounts: [String: YearCount] = [:]
        if grouping == .year {
            for index in members { yearCounts[years[index], default: YearCount()].add(section: items[index].section) }
        }
        for (offset, chunk) in chunks.enumerated() {
            let number = offset + 1
            let label = config.word("pageOf", filling: ["number": String(number), "count": String(chunks.count)])
            let pagination = chunks.count > 1
                ? Pagination(number: number, count: chunks.count, label: label,
                             previousPath: number > 1 ? path(number - 1) : nil,
                             nextPath: number < chunks.count ? path(number + 1) : nil)
                : nil
            let list = ListModel(style: settings.style, id: listID, sections: group(chunk, by: grouping, years: years, yearCounts: yearCounts, config: config))
            // A later page is told apart from the first by its title, in tabs, history and search results.
            try registry.add(PageSpec(path: path(number), title: number == 1 ? title : "\(title) (\(label))", layout: "layouts/list",
                                      body: .list(intro: number == 1 ? intro : nil, pagination: pagination, feed: feed),
                                      lists: [list], origin: origin))
        }
    }

    /// One section per year (header: the year in `years`, by item; footer: the count of the
    /// year's items in the whole list, from `yearCounts`, in the words of their section), or a
    /// single section. The undated items of a dated list have a heading only when the site's
    /// words name them (`undated`).
    private func group(_ members: [Int], by grouping: SectionSettings.Grouping, years: [String],
                       yearCounts: [String: YearCount], config: SiteConfig) -> [ListSection] {
        guard grouping == .year else {
            return [ListSection(id: "all", header: nil, footer: nil, cells: members.map(ListCell.item))]
        }
        var sections: [ListSection] = []
        for index in members {
            let year = years[index]
            if sections.last?.id != year {
                sections.append(ListSection(id: year, header: year, footer: nil, cells: []))
            }
            sections[sections.count - 1].cells.append(.item(index))
        }
        for index in sections.indices {
            if sections[index].id == Self.undated {
                let word = config.word("undated")
                guard !word.isEmpty else {
                    sections[index].header = nil
                    continue
                }
                sections[index].header = word
            }
            // A year of one section's items counts them in that section's word; a tag's year of
            // posts and projects counts items.
            let year = yearCounts[sections[index].id] ?? YearCount()
            sections[index].footer = config.countText(year.count, section: year.section ?? "")
        }
        return sections
    }

    /// The section id of a dated list's undated items.
    static let undated = "undated"

    /// The front matter keys that give a page's address, most telling first: an error about
    /// the page names the line of the first its item has.
    private static let addressKeys: FieldLines.Keys = ["url", "permalink", "path", "slug"]

    /// Fields are read in place: copying whole items in every comparison made sorting slow.
    private func sort(_ indices: [Int], by order: SectionSettings.Sort) -> [Int] {
        indices.sorted { a, b in
            switch order {
            case .date:
                let (x, y) = (items[a].date, items[b].date)
                if x != y { return (x ?? .distantPast) > (y ?? .distantPast) }
            case .title:
                if items[a].title != items[b].title { return items[a].title < items[b].title }
            case .weight:
                let (x, y) = (items[a].weight, items[b].weight)
                if x != y { return (x ?? .max) < (y ?? .max) }
                if items[a].title != items[b].title { return items[a].title < items[b].title }
            }
            return items[a].path < items[b].path
        }
    }
}

/// How many items a year of a list holds, and the one section they all come from (nil when
/// they come from several).
struct YearCount {
    private(set) var count = 0
    private(set) var section: String?

    /// Counts one more item, of the section `name`.
    mutating func add(section name: String) {
        section = count == 0 || section == name ? name : nil
        count += 1
    }
}

/// A link of the site's navigation.
struct NavigationEntry: Sendable {
    var title: String
    var path: String
}
