// swift-tools-version:6.1
import PackageDescription

// Coffer's in-process benchmarks (package-benchmark: time, CPU, instructions and
// allocations per run), in a package of their own so that Coffer's build and tests do not
// resolve or build the benchmark framework. Run them with Scripts/bench, or here with
// `swift package benchmark`; `swift package benchmark thresholds check` compares a run
// with the thresholds kept in Thresholds/.
let package = Package(
  name: "CofferBenchmarks",
  dependencies: [
    .package(name: "Coffer", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "CofferBenchmarks",
      dependencies: [
        .product(name: "CofferShell", package: "Coffer"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/CofferBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
