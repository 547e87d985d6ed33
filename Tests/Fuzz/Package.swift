// swift-tools-version:6.0
import PackageDescription

// The libFuzzer harness over Coffer's lexer, parser and interpreter. A package of its
// own, because it has no `main` (libFuzzer brings one) and is built only with
// `-sanitize=fuzzer,address`: see Scripts/fuzz. Linux only, as Coffer is.
let package = Package(
  name: "CofferFuzz",
  dependencies: [.package(name: "Coffer", path: "../..")],
  targets: [
    .executableTarget(
      name: "coffer-fuzz",
      dependencies: [
        .product(name: "CofferShell", package: "Coffer")
      ])
  ],
  swiftLanguageModes: [.v6]
)
