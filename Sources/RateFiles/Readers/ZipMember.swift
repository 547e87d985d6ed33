import CofferCore
import Foundation

/// One file inside a zip archive.
package struct ZipMember: Sendable {
  package let path: String
  package let data: Data

  package init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}
