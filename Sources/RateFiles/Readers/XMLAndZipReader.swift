import CofferCore
import Foundation

/// Reads ECB XML, whose parser needs large libraries (FoundationXML's XMLParser, over
/// libxml2 and ICU): Coffer's own binary does not link them, which would add a few
/// milliseconds to every start, and asks the `coffer-rates` helper instead
/// (`RatesHelper`). Zip archives are unpacked in process by both kinds of reader
/// (`ZipArchive`); they are here so that a reader of the archive's XML goes with them.
package protocol XMLAndZipReader {
  /// The rates in an ECB XML document (daily or history), all against EUR.
  func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate]
  /// The files in a zip archive, unpacked and checked against their CRC.
  func files(inZip data: Data) throws(RateFileError) -> [ZipMember]
}
