import CofferCore
import Foundation

/// Reads the two formats whose parsers need large libraries: ECB XML (FoundationXML's
/// XMLParser, over libxml2 and ICU) and zip archives (zlib). Coffer's own binary does not
/// link those libraries, which would add a few milliseconds to every start; it asks the
/// `coffer-rates` helper instead (`RatesHelper`).
package protocol XMLAndZipReader {
  /// The rates in an ECB XML document (daily or history), all against EUR.
  func quotes(inXML data: Data) throws(RateFileError) -> [QuotedRate]
  /// The files in a zip archive, unpacked and checked against their CRC.
  func files(inZip data: Data) throws(RateFileError) -> [ZipMember]
}
