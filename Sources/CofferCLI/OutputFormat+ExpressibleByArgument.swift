import ArgumentParser
import CofferShell

/// `--format table|plain|csv|json` on the command line: argument-parser reads, checks,
/// completes and documents the values from `OutputFormat` itself.
extension OutputFormat: ExpressibleByArgument {}
