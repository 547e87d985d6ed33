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
    let archive: Archive
    do {
      archive = try Archive(data: data, accessMode: .read)
    } catch {
      throw RateFileError("not a readable zip archive", byte: 0)
    }
    let tooLarge = "unpacks to more than \(RateLimits.maximumText)"
    var members: [ZipMember] = []
    var unpacked = 0
    for entry in archive where entry.type == .file {
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
    return members
  }

  package func files(inZip data: Data) throws(RateFileError) -> [ZipMember] {
    try files(inZip: data, limit: RateLimits.maximumBytes)
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
