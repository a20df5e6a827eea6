// `owl-bench [diff|render|build|patch|edits|all]`: release-mode figures, area by area.
// No argument or `all` runs every area; unknown areas are ignored. Each area adds one line.

let areas: KeyValuePairs<String, () -> Void> = [
    "diff": DiffBenchmarks.run,
    "render": RenderBenchmarks.run,
    "build": BuildBenchmarks.run,
    "patch": PatchBenchmarks.run,
    "edits": EditBenchmarks.run,
]

let requested = Set(CommandLine.arguments.dropFirst())
for (area, run) in areas where requested.isEmpty || requested.contains("all") || requested.contains(area) {
    run()
}
