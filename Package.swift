// swift-tools-version:6.0
import PackageDescription

// Coffer is built and tested on Linux only (it finds its rates helper through /proc), so
// no other platform is declared.
let package = Package(
  name: "Coffer",
  products: [
    .executable(name: "coffer", targets: ["coffer"]),
    .executable(name: "coffer-rates", targets: ["coffer-rates"]),
    // For the fuzzing harnesses in Tests/Fuzz, a package of its own: scripts, and rates files.
    .library(name: "CofferShell", targets: ["CofferShell"]),
    .library(name: "XMLAndZip", targets: ["XMLAndZip"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
  ],
  targets: [
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // No pkgConfig: ncursesw's .pc file adds -D flags SwiftPM refuses with a warning;
    // the module map names the libraries and the shim asks for the wide API itself.
    .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
    // The full-screen form's terminal: ncurses behind a small Swift type.
    .target(name: "Screen", dependencies: ["CNCurses"]),
    // Signal handlers and their flags, defined once (a C target, not header statics).
    .target(name: "CSignalFlags"),
    .target(name: "LineEditing", dependencies: ["CofferText", "CEditLine", "CSignalFlags"]),
    // SQLite's process-wide settings (`sqlite3_config` is variadic: C only).
    .target(name: "CSQLiteSetup"),
    // The language a person reads Coffer in, and the message catalogs, compiled in as
    // bytes (`PackageResources.zh_CN_po`): no bundle to install, nothing read at run time,
    // and the .po stays the one source. Below every target that has messages to say.
    .target(
      name: "CofferText", resources: [.embedInCode("zh_CN.po"), .embedInCode("zh_TW.po")]),
    .target(name: "CofferScript", dependencies: ["CofferText"]),
    .target(
      name: "CofferCore",
      dependencies: [
        "CofferText", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"), "SystemZlib", "CSQLiteSetup",
      ]
    ),
    // Reading rates files (CSV, JSON and zip here; XML through the coffer-rates helper)
    // and handing the rates to the ledger: the model in CofferCore knows no file format.
    // zlib, for zip archives, which Coffer unpacks itself (linked statically into coffer).
    .systemLibrary(name: "SystemZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "RateFiles", dependencies: ["CofferText", "CofferCore", "SystemZlib"]),
    .target(
      name: "CofferShell",
      dependencies: ["CofferText", "CofferCore", "RateFiles", "CofferScript", "LineEditing", "Screen"]
    ),
    // The command line: argument-parser's definition, and the common lines read at once.
    .target(
      name: "CofferCLI",
      dependencies: [
        "CofferShell", "CSQLiteSetup",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "coffer", dependencies: ["CofferCLI"]),
    // Writes the manual page and the completion scripts from the definitions (build time only).
    .executableTarget(name: "coffer-docs", dependencies: ["CofferCLI"]),
    // The XML reader (libxml2, ICU): only the coffer-rates helper links it.
    .target(name: "XMLAndZip", dependencies: ["CofferCore", "RateFiles"]),
    .executableTarget(name: "coffer-rates", dependencies: ["RateFiles", "XMLAndZip"]),
    // In-process timings for Scripts/bench (the form session, with nothing of a terminal).
    .executableTarget(name: "coffer-bench", dependencies: ["CofferShell"]),
    .testTarget(name: "CofferTextTests", dependencies: ["CofferText"]),
    .testTarget(name: "CofferScriptTests", dependencies: ["CofferScript"]),
    .testTarget(name: "CofferCoreTests", dependencies: ["CofferCore"]),
    .testTarget(name: "RateFilesTests", dependencies: ["RateFiles", "CofferCore", "XMLAndZip"]),
    .testTarget(name: "CofferShellTests", dependencies: ["CofferShell", "LineEditing", "Screen"]),
    .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
    .testTarget(name: "ScreenTests", dependencies: ["Screen", "CNCurses"]),
    .testTarget(
      name: "CofferCLITests",
      dependencies: ["CofferCLI", "CofferShell", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .testTarget(name: "EndToEndTests", dependencies: ["ZIPFoundation"]),
  ],
  swiftLanguageModes: [.v6]
)
