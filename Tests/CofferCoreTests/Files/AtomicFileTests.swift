import Foundation
import Testing

@testable import CofferCore

/// Files written whole under their name or not at all, and never over the store.
@Suite struct AtomicFileTests {
  let temporary = TemporaryFolder()
  var folder: String { temporary.path }

  func contents(_ name: String) throws -> String {
    try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
  }

  var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

  @Test func aFileIsWrittenAndReplacedWholeWithNothingLeftBeside() throws {
    let path = folder + "/prices.ledger"
    try AtomicFile.write(Array("one\n".utf8), to: path, existing: .replace, store: nil)
    try AtomicFile.write(Array("two\n".utf8), to: path, existing: .replace, store: nil)
    #expect(try contents("prices.ledger") == "two\n")
    #expect(names == ["prices.ledger"])
    #expect(throws: FileProblem.self) {
      try AtomicFile.write([], to: path, existing: .refuse(hint: ""), store: nil)
    }
    #expect(try contents("prices.ledger") == "two\n")
    #expect(names == ["prices.ledger"])
  }

  @Test func aNameTakenMeanwhileIsNeverReplacedWhenRefused() throws {
    let path = folder + "/b.db"
    let temporary = try AtomicFile.createTemporary(beside: path, mode: 0o600, exactMode: true)
    #expect(
      (try FileManager.default.attributesOfItem(atPath: temporary)[.posixPermissions] as? Int) == 0o600)
    try "theirs".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(throws: FileProblem.self) {
      try AtomicFile.install(temporary, at: path, existing: .refuse(hint: ""))
    }
    #expect(try contents("b.db") == "theirs")
  }

  @Test func theStoreAndSQLitesFilesBesideItAreTheStore() throws {
    let store = folder + "/coffer.db"
    try "store".write(toFile: store, atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    for name in ["coffer.db", "coffer.db-wal", "coffer.db-shm", "coffer.db-journal", "sub/../coffer.db"] {
      #expect(AtomicFile.names(folder + "/" + name, theStoreAt: store), "\(name)")
    }
    #expect(link(store, folder + "/linked.db") == 0)
    #expect(AtomicFile.names(folder + "/linked.db", theStoreAt: store))
    #expect(!AtomicFile.names(folder + "/coffer.db.bak", theStoreAt: store))
    #expect(throws: FileProblem.self) {
      try AtomicFile.write([], to: folder + "/coffer.db-wal", existing: .replace, store: store)
    }
    #expect(try contents("coffer.db") == "store")
  }
}
