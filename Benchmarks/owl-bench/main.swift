// `owl-bench [diff|render|build|patch|edits|all|scale]`: release-mode figures, area by area.
// No argument or `all` runs every area but `scale` (`make bench-scale`: minutes and
// gigabytes of its own); unknown areas are ignored. Each area adds one line or table.

#if canImport(Glibc)
@preconcurrency import Glibc  // stdout, a C global, is only touched here, before any thread starts
#endif

// Each line shows as it is printed, into a file or a pipe too (`make bench | tee`), not
// when a buffer fills: a run takes minutes.
setvbuf(stdout, nil, _IOLBF, 0)

let areas: KeyValuePairs<String, () -> Void> = [
    "diff": DiffBenchmarks.run,
    "render": RenderBenchmarks.run,
    "build": BuildBenchmarks.run,
    "patch": PatchBenchmarks.run,
    "edits": EditBenchmarks.run,
    "scale": ScaleBenchmarks.run,
]

/// Areas that run only when named.
let onRequest: Set = ["scale"]

let requested = Set(CommandLine.arguments.dropFirst())
for (area, run) in areas where requested.contains(area) || (!onRequest.contains(area) && (requested.isEmpty || requested.contains("all"))) {
    run()
}
