import CofferCore
import Foundation

/// Reads ECB XML, whose parser needs large libraries (FoundationXML's XMLParser, over
/// libxml2 and ICU): Coffer's own binary does not link them, which would add a few
/// milliseconds to every start, and asks the `coffer-rates` helper instead
/// (`RatesHelper`). Both readers unpack zip archives the same way, in process
/// (`ZipArchive`): the zip's entries are read again through the same reader, so an XML
/// file inside a zip goes to the helper too.
package protocol XMLAndZipReader {
  /// The rates in an ECB XML document (daily or history), all against EUR.
  func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate]
  /// The files in a zip archive, unpacked and checked against their CRC.
  func files(inZip data: Data) throws(RateFileError) -> [ZipMember]
}
