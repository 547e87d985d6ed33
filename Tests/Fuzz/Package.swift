// swift-tools-version:6.0
import PackageDescription

// The libFuzzer harnesses: one over Coffer's lexer, parser and interpreter (scripts), one
// over its rates-file readers and import (CSV, JSON, ECB XML, zip). A package of its
// own, because they have no `main` (libFuzzer brings one) and are built only with
// `-sanitize=fuzzer,address`: see Scripts/fuzz. Linux only, as Coffer is.
let package = Package(
  name: "CofferFuzz",
  dependencies: [.package(name: "Coffer", path: "../..")],
  targets: [
    .executableTarget(
      name: "coffer-fuzz",
      dependencies: [
        .product(name: "CofferShell", package: "Coffer")
      ]),
    .executableTarget(
      name: "coffer-fuzz-rates",
      dependencies: [
        .product(name: "XMLAndZip", package: "Coffer")
      ]),
  ],
  swiftLanguageModes: [.v6]
)
