import Foundation
import LineEditing
import Testing

@Suite struct HistoryFileTests {
  @Test func appendsWithMode0600AndLoadsTheNewestEntries() throws {
    let folder = NSTemporaryDirectory() + "coffer-history-" + UUID().uuidString
    let file = HistoryFile(path: folder + "/coffer/history")
    file.append("set USD 1")
    file.append("total")
    #expect(file.load() == ["set USD 1", "total"])
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    file.rewrite((1...1500).map { "print \($0)" })
    let loaded = file.load()
    #expect(loaded.count == HistoryFile.maxEntries)
    #expect(loaded.first == "print 501")
    #expect(loaded.last == "print 1500")
  }

  @Test func standardPathFollowsXDGStateHome() {
    #expect(HistoryFile.standard(environment: ["XDG_STATE_HOME": "/s"]).path == "/s/coffer/history")
    #expect(HistoryFile.standard(environment: ["HOME": "/h"]).path == "/h/.local/state/coffer/history")
  }
}

@Suite struct HistoryFileSymlinkTests {
  @Test func aSymlinkInTheHistorysPlaceIsNeitherFollowedNorRewritten() throws {
    let folder = NSTemporaryDirectory() + "coffer-history-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder + "/coffer", withIntermediateDirectories: true)
    let target = folder + "/precious.txt"
    try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
    let file = HistoryFile(path: folder + "/coffer/history")
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    file.append("set USD 1")
    file.rewrite(["total"])
    #expect(file.load().isEmpty)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == target)
  }
}
