import CofferCore
import CofferText
import Foundation
import RateFiles

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads ECB XML with FoundationXML's XMLParser (libxml2), in this process, and zip
/// archives as Coffer does (`ZipArchive`). The `coffer-rates` helper uses it; Coffer
/// itself asks the helper for XML, so that its own start-up does not load libxml2.
package struct LocalXMLAndZipReader: XMLAndZipReader {
  package init() {}

  package func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate] {
    // FoundationXML traps on a name that is not UTF-8, which libxml2 hands it all the
    // same (the rates fuzzer found `<Cub\xFF…e>`; the helper died of SIGILL): rates XML is
    // UTF-8, and anything else is refused before it is parsed.
    if let offset = Self.firstInvalidUTF8(in: data) {
      throw RateFileError(tr("not UTF-8 text: rates XML is read as UTF-8"), byte: offset)
    }
    let collector = ECBCubeCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    let parsed = parser.parse()
    // A problem the collector found stopped the parser (libxml2's XML_ERR_USER_STOP, 111):
    // it is what to report; a syntax error found first is reported as one.
    if let problem = collector.problem, parsed || (parser.parserError as NSError?)?.code == 111 { throw problem }
    if !parsed {
      let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? tr("malformed XML")
      throw RateFileError(
        tr("malformed XML ({reason}), column {column}", ["reason": reason, "column": "\(parser.columnNumber)"]),
        line: parser.lineNumber)
    }
    if let problem = collector.problem { throw problem }
    // XMLParser accepts a document cut short; an element left open means it was.
    if let open = collector.openElements.last {
      throw RateFileError(tr("truncated XML: <{element}> is not closed", ["element": open]), line: parser.lineNumber)
    }
    guard !collector.quotes.isEmpty else {
      throw RateFileError(tr("no rates found: expected <Cube time=…> holding <Cube currency=… rate=…>"), line: 1)
    }
    return collector.quotes
  }

  package func files(inZip data: Data) throws(RateFileError) -> [ZipMember] {
    try ZipArchive.members(in: data)
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
          problem = RateFileError(tr("bad date '{date}' in Cube time=", ["date": time]), line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        if let first = lineOfDay.updateValue(parser.lineNumber, forKey: parsed.dayNumber) {
          problem = RateFileError(
            tr(
              "Cube time={date} again (first on line {line}): which rates are meant cannot be told",
              ["date": time, "line": "\(first)"]),
            line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        date = parsed
        codesOfDay = []
      }
      if let code = attributes["currency"], let rate = attributes["rate"] {
        guard let date else {
          problem = RateFileError(
            tr("Cube currency={code} outside a Cube time=", ["code": code]), line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        guard let value = try? DecimalValue(parsing: rate), value > .zero else {
          problem = RateFileError(
            tr("bad rate '{rate}' for {code}", ["rate": rate, "code": code]), line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        guard codesOfDay.insert(code.uppercased()).inserted else {
          problem = RateFileError(
            tr("a second rate for {code} on {date}: which is meant cannot be told", ["code": code, "date": "\(date)"]),
            line: parser.lineNumber)
          parser.abortParsing()
          return
        }
        quotes.append(QuotedRate(date: date, code: code.uppercased(), base: "EUR", value: value))
      }
    }
  }
}
