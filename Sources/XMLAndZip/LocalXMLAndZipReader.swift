import CMemoryFile
import CofferCore
import Foundation
import RateFiles
import ZIPFoundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads ECB XML with FoundationXML's XMLParser (libxml2) and zip archives with
/// ZIPFoundation (zlib), in this process. The `coffer-rates` helper uses it; Coffer itself
/// asks the helper, so that its own start-up does not load libxml2, ICU and zlib.
package struct LocalXMLAndZipReader: XMLAndZipReader {
  package init() {}

  package func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate] {
    // FoundationXML traps on a name that is not UTF-8, which libxml2 hands it all the
    // same (the rates fuzzer found `<Cub\xFF…e>`; the helper died of SIGILL): rates XML is
    // UTF-8, and anything else is refused before it is parsed.
    if let offset = Self.firstInvalidUTF8(in: data) {
      throw RateFileError("not UTF-8 text: rates XML is read as UTF-8", byte: offset)
    }
    let collector = ECBCubeCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    let parsed = parser.parse()
    // A problem the collector found stopped the parser (libxml2's XML_ERR_USER_STOP, 111):
    // it is what to report; a syntax error found first is reported as one.
    if let problem = collector.problem, parsed || (parser.parserError as NSError?)?.code == 111 { throw problem }
    if !parsed {
      let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
      throw RateFileError("malformed XML (\(reason)), column \(parser.columnNumber)", line: parser.lineNumber)
    }
    if let problem = collector.problem { throw problem }
    // XMLParser accepts a document cut short; an element left open means it was.
    if let open = collector.openElements.last {
      throw RateFileError("truncated XML: <\(open)> is not closed", line: parser.lineNumber)
    }
    guard !collector.quotes.isEmpty else {
      throw RateFileError("no rates found: expected <Cube time=…> holding <Cube currency=… rate=…>", line: 1)
    }
    return collector.quotes
  }

  /// The files of the archive, unpacked. Each entry's declared size is checked before it
  /// is unpacked and its bytes are counted as they come, so a bomb (2 GiB in 2 MB) is
  /// refused at `limit` bytes, whatever its headers claim; so are all the entries together.
  package func files(inZip data: Data, limit: Int) throws(RateFileError) -> [ZipMember] {
    // ZIPFoundation skips encrypted entries (and every entry after one) without a word.
    if let locked = ZipDirectory.firstEncryptedEntry(in: data) {
      throw RateFileError("the zip is encrypted; Coffer reads only unencrypted archives", place: "entry \(locked)")
    }
    let archive = try Self.archive(data)
    let tooLarge = "unpacks to more than \(RateLimits.maximumText)"
    var members: [ZipMember] = []
    var unpacked = 0
    var entries = 0
    for entry in archive {
      entries += 1
      guard entry.type == .file else { continue }
      let room = limit - unpacked
      guard entry.uncompressedSize <= UInt64(room) else {
        throw RateFileError(
          unpacked == 0 ? tooLarge : "with the entries before it, \(tooLarge)", place: "entry \(entry.path)")
      }
      var contents = Data()
      do {
        _ = try archive.extract(entry, skipCRC32: false) { chunk in
          guard chunk.count <= room - contents.count else { throw OverLimit() }
          contents.append(chunk)
        }
      } catch is OverLimit {
        throw RateFileError(tooLarge, place: "entry \(entry.path)")
      } catch {
        throw RateFileError("cannot unpack \(entry.path): \(error)", place: "entry \(entry.path)")
      }
      unpacked += contents.count
      members.append(ZipMember(path: entry.path, data: contents))
    }
    // ZIPFoundation stops at the first entry it cannot read, without a word.
    if let declared = ZipDirectory.declaredEntryCount(in: data), entries < declared {
      throw RateFileError(
        "the zip is damaged: its directory lists \(declared) \(declared == 1 ? "entry" : "entries"), "
          + "\(entries == 0 ? "none" : "only \(entries)") of which can be read", byte: 0)
    }
    return members
  }

  /// The archive, read from an anonymous file in memory holding `data`. ZIPFoundation's
  /// in-memory archive (`Archive(data:)`) traps when a header sends it past the end of
  /// its bytes, and a damaged zip's offsets may point anywhere (the rates fuzzer found
  /// one: the helper died of SIGILL); read from a file, the same read finds the end of
  /// the file and the archive is refused as unreadable.
  private static func archive(_ data: Data) throws(RateFileError) -> Archive {
    let descriptor = coffer_memory_file("coffer-zip")
    guard descriptor >= 0 else {
      throw RateFileError("cannot hold the zip in memory: \(String(cString: strerror(errno)))", byte: 0)
    }
    // The archive opens a file of its own on it; this descriptor is not needed after.
    defer { close(descriptor) }
    var written = 0
    while written < data.count {
      let result = data.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        throw RateFileError("cannot hold the zip in memory: \(String(cString: strerror(errno)))", byte: written)
      }
      written += result
    }
    do {
      return try Archive(url: URL(fileURLWithPath: "/proc/self/fd/\(descriptor)"), accessMode: .read)
    } catch {
      throw RateFileError("not a readable zip archive", byte: 0)
    }
  }

  package func files(inZip data: Data) throws(RateFileError) -> [ZipMember] {
    try files(inZip: data, limit: RateLimits.maximumBytes)
  }

  /// The offset of the first byte that does not start or continue a UTF-8 character.
  static func firstInvalidUTF8(in data: Data) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &bytes) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Thrown from inside `extract` to stop unpacking at the limit.
  private struct OverLimit: Error {}

  /// Collects `<Cube time='…'>` / `<Cube currency='…' rate='…'/>` from ECB XML.
  private final class ECBCubeCollector: NSObject, XMLParserDelegate {
    var quotes: [QuotedRate] = []
    var problem: RateFileError?
    var openElements: [String] = []
    private var date: CalendarDate?
    /// The line of each day's Cube, and the currencies of the current day: a day or a
    /// currency given twice would be a silent choice between two rates.
    private var lineOfDay: [Int: Int] = [:]
    private var codesOfDay: Set<String> = []

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      openElements.removeLast()
    }

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      openElements.append(qualifiedName ?? element)
      guard element == "Cube", problem == nil else { return }
      if let time = attributes["time"] {
        guard let parsed = CalendarDate(time) else {
          problem = RateFileError("bad date '\(time)' in Cube time=", line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        if let first = lineOfDay.updateValue(parser.lineNumber, forKey: parsed.dayNumber) {
          problem = RateFileError(
            "Cube time=\(time) again (first on line \(first)): which rates are meant cannot be told",
            line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        date = parsed
        codesOfDay = []
      }
      if let code = attributes["currency"], let rate = attributes["rate"] {
        guard let date else {
          problem = RateFileError("Cube currency=\(code) outside a Cube time=", line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        guard let value = try? DecimalValue(parsing: rate), value > .zero else {
          problem = RateFileError("bad rate '\(rate)' for \(code)", line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        guard codesOfDay.insert(code.uppercased()).inserted else {
          problem = RateFileError(
            "a second rate for \(code) on \(date): which is meant cannot be told", line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        quotes.append(QuotedRate(date: date, code: code.uppercased(), base: "EUR", value: value))
      }
    }
  }
}
