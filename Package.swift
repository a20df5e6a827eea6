// swift-tools-version: 6.0
import PackageDescription

// Linux (Debian, Swift 6.3) is what builds and is tested, so no `platforms:` are claimed:
// the sources use Glibc, inotify and `st_mtim`, each `import Glibc` behind `canImport`.
let package = Package(
    name: "owl-site",
    products: [
        .library(name: "OwlDiff", targets: ["OwlDiff"]),
        .library(name: "Owl", targets: ["Owl"]),
        .library(name: "OwlSite", targets: ["OwlSite"]),
        .executable(name: "owl-site", targets: ["owl-site"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
    ],
    targets: [
        // The diff engine: staged changesets, linear and sectioned. No dependencies.
        .target(name: "OwlDiff"),

        // Directors, adapters, sections and cells rendering HTML.
        .target(
            name: "Owl",
            dependencies: [
                "OwlDiff",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),

        // The system's cmark-gfm (Debian libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),

        // Reading, listing and checking files with plain system calls: a file's kind and
        // status, bounded reads of regular files only, folder listings, real paths and
        // whether one lies inside a folder. Shared by OwlSite and OwlServer; not a product.
        .target(name: "OwlFiles", dependencies: ["CLinux"]),
        // What OwlFiles and OwlSite ask of Linux that Swift cannot call through glibc
        // (openat2; prctl, which is variadic).
        .target(name: "CLinux"),

        // The site generator: content, Markdown, pages, manifest, patches. (Yams brings
        // CYaml, which `YAMLAliases.swift` imports: a target of Yams, not a product, so it
        // cannot be declared here.)
        .target(
            name: "OwlSite",
            dependencies: [
                "OwlDiff", "Owl", "OwlFiles", "CLinux", "CMarkGFM", "Yams",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),

        // `owl-site serve`: static files, watching, rebuilding, live events.
        .target(
            name: "OwlServer",
            dependencies: [
                "OwlSite", "OwlFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),

        // The command line: argument parsing only. Linked with the system's jemalloc
        // (Debian libjemalloc-dev), which takes the place of glibc's malloc for the whole
        // process, `serve` included: a build allocates in bursts on both cores, where
        // glibc's spent a tenth of a cold build's time and a quarter of a rebuild's.
        //
        // Linked by lld (the toolchain's) with its relative relocations packed (RELR,
        // glibc 2.36 and later): the release executable, which carries the Swift runtime
        // and Foundation, has 108,000 of them, and the loader applied each one at every
        // start. A build with nothing to do took 16.7 ms from start to exit with gold's,
        // 14.0 ms with packed ones (medians of 150, interleaved); leaving out
        // position independence took 12.8 ms, but the executable then loads at the same
        // address every time, which `serve`, a network server, should not.
        .executableTarget(
            name: "owl-site",
            dependencies: [
                "OwlSite",
                "OwlServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .linkedLibrary("jemalloc", .when(platforms: [.linux])),
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-zpack-relative-relocs"], .when(platforms: [.linux])),
            ]
        ),

        // `make bench`: release-mode figures for the engine, rendering and builds.
        .executableTarget(
            name: "owl-bench",
            dependencies: ["OwlDiff", "Owl", "OwlSite", "TestSupport", .product(name: "Mustache", package: "swift-mustache")],
            path: "Benchmarks/owl-bench"
        ),

        // Examples/ListUpdate: Owl alone renders a list, updates it and writes the patch
        // that owl.js's Owl.apply animates (tested in Tests/browser/test_apply.py).
        .executableTarget(name: "owl-list-example", dependencies: ["Owl"], path: "Examples/ListUpdate"),

        // Helpers the test targets share.
        .target(name: "TestSupport", dependencies: ["Owl"], path: "Tests/TestSupport"),
        .testTarget(name: "OwlDiffTests", dependencies: ["OwlDiff", "TestSupport"]),
        .testTarget(
            name: "OwlTests",
            dependencies: ["Owl", "OwlDiff", "TestSupport", .product(name: "Mustache", package: "swift-mustache")]
        ),
        .testTarget(name: "CMarkGFMTests", dependencies: ["CMarkGFM"]),
        .testTarget(name: "OwlFilesTests", dependencies: ["OwlFiles"]),
        .testTarget(name: "OwlSiteTests", dependencies: ["OwlSite", "Owl", "OwlDiff", "OwlFiles", "TestSupport"]),
        .testTarget(name: "OwlServerTests", dependencies: ["OwlServer", "OwlSite"]),
    ]
)
