import CofferScript
import Foundation

extension Interpreter {
  /// `source` may nest this deep; deeper is almost always a file sourcing itself.
  static let maxSourceDepth = 16

  /// Runs every line a reader gives, stopping as the options say.
  public func run(_ reader: LineReader) -> Flow {
    while let next = reader.next() {
      if let flow = signalFlow() { return flow }
      switch next {
      case .failure(let error):
        report(StatementFailure(error))
        hadError = true
        // A source that cannot be read further stops the run, even with --keep-going:
        // what follows it may depend on what was not read.
        if reader.failed || !options.keepGoing { return .stop(1) }
      case .success(let line):
        let flow = execute(line)
        if case .stop = flow { return flow }
      }
    }
    return .proceed
  }

  /// Runs a script file given on the command line or by `source`, with relative
  /// `source` paths inside it resolved against its folder.
  public func runScript(_ reader: LineReader, folder: String) -> Flow {
    firstStatementSource = reader.source
    scriptFolders.append(folder)
    defer { scriptFolders.removeLast() }
    return run(reader)
  }

  /// The folder a relative path is resolved against: the running script's, else the
  /// working directory.
  var currentFolder: String {
    scriptFolders.last ?? FileManager.default.currentDirectoryPath
  }

  func source(_ parser: inout Parser) throws(StatementFailure) {
    var pathOffset = parser.peek?.start ?? parser.tokens.last?.end ?? parser.endOffset
    pathOffset += parser.line.bytes[pathOffset..<parser.endOffset].prefix { LineScanner.isBlank($0) }.count
    let path = try pathArgument(&parser, what: "a file to run")
    guard scriptFolders.count < Self.maxSourceDepth else {
      throw failure(
        parser, "source nested deeper than \(Self.maxSourceDepth) files (does a script source itself?)", at: pathOffset)
    }
    let resolved = path.hasPrefix("/") ? path : (currentFolder as NSString).appendingPathComponent(path)
    let reader: LineReader
    switch LineReader.open(path: resolved, source: path.hasPrefix("/") ? path : resolved) {
    case .success(let opened): reader = opened
    case .failure(let error): throw failure(parser, error.message, at: pathOffset)
    }
    let flow = runScript(reader, folder: (resolved as NSString).deletingLastPathComponent)
    if interrupted { return }
    if flow == .proceed && !options.atomic && sheet == nil && !ledger.pending.isEmpty {
      // A sourced file is a script file too: its edits are saved when it ends.
      do {
        try ledger.save()
      } catch {
        throw StatementFailure(
          failedSaveMessage(error), at: parser.line.location(ofOffset: pathOffset),
          status: error.isStoreUnavailable ? ExitStatus.store : ExitStatus.failure)
      }
    }
    if case .stop(let status) = flow {
      if quitStatus != nil { return }
      // The failure was reported where it happened; stop the including script too.
      var stop = StatementFailure("\(path) failed", at: parser.line.location(ofOffset: pathOffset), status: status)
      stop.alreadyReported = true
      throw stop
    }
  }
}
