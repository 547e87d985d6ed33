import Foundation
import LineEditing
import Testing

@Suite struct HistoryFileTests {
  let temporary = TemporaryFolder()

  @Test func appendsWithMode0600AndLoadsTheNewestEntries() throws {
    let folder = temporary.path + "/home"
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

  @Test func aFolderThatCannotBeMadeIsNamedAndNothingIsWritten() throws {
    let folder = temporary.path + "/home"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A file where the history's folder would go.
    #expect(FileManager.default.createFile(atPath: folder + "/coffer", contents: Data("x".utf8)))
    let file = HistoryFile(path: folder + "/coffer/history")
    #expect(throws: HistoryFile.Problem.self) { try file.makeFolder() }
    do {
      try file.makeFolder()
    } catch {
      #expect(error.description.hasPrefix("cannot make the folder \(folder)/coffer for the history: "))
    }
    #expect(!file.append("print 1"))
    // Where it can be made, it is, mode 0700, and the history is written.
    let fine = HistoryFile(path: folder + "/state/coffer/history")
    try fine.makeFolder()
    let mode = try FileManager.default.attributesOfItem(atPath: folder + "/state/coffer")[.posixPermissions] as? Int
    #expect(mode == 0o700)
    #expect(fine.append("print 1"))
  }

  @Test func standardPathFollowsXDGStateHome() {
    #expect(HistoryFile.standard(environment: ["XDG_STATE_HOME": "/s"]).path == "/s/coffer/history")
    #expect(HistoryFile.standard(environment: ["HOME": "/h"]).path == "/h/.local/state/coffer/history")
  }
}

@Suite struct HistoryFileSymlinkTests {
  let temporary = TemporaryFolder()

  @Test func aSymlinkInTheHistorysPlaceIsNeitherFollowedNorRewritten() throws {
    let folder = temporary.path + "/home"
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

/// A history far longer than what is kept: only its end is read.
@Suite struct HistoryFileTailTests {
  let temporary = TemporaryFolder()

  @Test func aHundredMegabyteHistoryIsReadOnlyFromItsEnd() throws {
    let folder = temporary.path + "/home"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = HistoryFile(path: folder + "/history")
    // 100 MB of old lines, then 1,500 numbered ones: the last 1,000 of them are kept.
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: file.path))
    let old = Data(String(repeating: "print 'an old line of history'\n", count: 32_768).utf8)
    while try handle.offset() < 100_000_000 { handle.write(old) }
    handle.write(Data((1...1500).map { "print \($0)\n" }.joined().utf8))
    try handle.close()
    let size = try #require(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    #expect(size > 100_000_000)

    let tail = file.loadTail()
    #expect(tail.entries.count == HistoryFile.maxEntries)
    #expect(tail.entries.first == "print 501")
    #expect(tail.entries.last == "print 1500")
    #expect(!tail.isWholeFile)
    // Read backwards a chunk at a time until more than 1,000 lines were in hand.
    #expect(tail.bytesRead <= 2 * (1 << 16), "bytes read: \(tail.bytesRead) of \(size)")
  }

  @Test func longLinesAreReadWithinTheTailLimitAndTheFirstLineReadIsWhole() throws {
    let folder = temporary.path + "/home"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = HistoryFile(path: folder + "/history")
    // 40 lines of 60,000 characters: 2.4 MB, more than the 1 MiB read.
    let lines = (1...40).map { "print \($0) # " + String(repeating: "x", count: 60_000) }
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: file.path))
    let tail = file.loadTail()
    #expect(tail.bytesRead == HistoryFile.maxTailBytes)
    #expect(!tail.entries.isEmpty)
    #expect(Array(lines.suffix(tail.entries.count)) == tail.entries, "whole lines only, the newest")
    // A file without a newline at its end, shorter than a chunk, is read whole.
    try Data("print 1\nprint 2".utf8).write(to: URL(fileURLWithPath: file.path))
    let short = file.loadTail()
    #expect(short.entries == ["print 1", "print 2"] && short.bytesRead == 15 && short.isWholeFile)
  }

  @Test func aFIFOInTheHistorysPlaceNeitherHoldsUpTheStartNorIsWritten() throws {
    let folder = temporary.path + "/home"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = HistoryFile(path: folder + "/history")
    #expect(mkfifo(file.path, 0o600) == 0)
    #expect(file.load().isEmpty)
    #expect(!file.append("print 1"))
  }

  @Test func aLineLeftHalfWrittenDoesNotSwallowTheNextEntry() throws {
    let folder = temporary.path + "/home"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = HistoryFile(path: folder + "/history")
    // A process killed in the middle of a write left "set US" with no newline.
    try Data("total\nset US".utf8).write(to: URL(fileURLWithPath: file.path))
    #expect(file.append("print 1"))
    #expect(file.load() == ["total", "set US", "print 1"])
  }
}

/// A history write on a full disk: it fails whole, and the next entry is intact. A tiny
/// file system (tmpfs) needs root, which CI has.
@Suite(.enabled(if: getuid() == 0, "needs root to mount a tmpfs for a full disk"))
struct HistoryFileFullDiskTests {
  @Test func aWriteCutShortByAFullDiskIsTakenBackAndTheNextEntryIsWhole() throws {
    let folder = NSTemporaryDirectory() + "coffer-history-full-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    guard mount("tmpfs", folder, "tmpfs", 0, "size=256k") == 0 else {
      Issue.record("cannot mount a tmpfs on \(folder): \(String(cString: strerror(errno)))")
      return
    }
    defer {
      umount2(folder, Int32(MNT_DETACH))
      try? FileManager.default.removeItem(atPath: folder)
    }
    let file = HistoryFile(path: folder + "/history")
    // 409 entries of 10 bytes: 4,090 bytes, 6 short of a page.
    for number in 1...409 { file.append("print \(100 + number % 900)") }
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == 4090)
    // Fill the file system.
    let filler = folder + "/filler"
    let descriptor = open(filler, O_WRONLY | O_CREAT, 0o600)
    #expect(descriptor >= 0)
    let zeros = [UInt8](repeating: 0, count: 4096)
    while zeros.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    close(descriptor)
    // 14 bytes where 6 fit: the write is cut short, and taken back.
    #expect(!file.append("set USD 12345"))
    #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == 4090)
    unlink(filler)
    #expect(file.append("total"))
    let entries = file.load()
    #expect(entries.suffix(2) == ["print 509", "total"])
    #expect(!entries.contains { $0.hasPrefix("set U") })
    // A rewrite that cannot be written whole leaves the file as it was.
    let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
    let refill = open(filler, O_WRONLY | O_CREAT, 0o600)
    while zeros.withUnsafeBytes({ write(refill, $0.baseAddress, $0.count) }) > 0 {}
    close(refill)
    file.rewrite((1...1000).map { "print \($0) and something longer than before" })
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
    #expect(!FileManager.default.fileExists(atPath: file.path + ".tmp"))
  }
}
