import Foundation
import Testing

@testable import RateFiles

/// The file given to `rates import` must be a regular file of at most 64 MiB.
@Suite struct RatesFileLoaderTests {
  let temporary = TemporaryFolder()

  @Test func foldersFIFOsAndDevicesAreNamedNotRead() throws {
    let folder = temporary.path
    let fifo = folder + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder + "/zero", withDestinationPath: "/dev/zero")
    for (path, reason) in [
      (folder, "it is a folder"), (fifo, "it is not a regular file (a FIFO)"),
      ("/dev/null", "it is not a regular file (a character device)"),
      (folder + "/zero", "it is not a regular file (a character device)"),
      (folder + "/none", "No such file or directory"),
    ] {
      #expect(throws: RatesFileLoader.Problem(reason: reason)) { try RatesFileLoader.read(path) }
    }
  }

  @Test func aFileOverTheLimitIsRefused() throws {
    let path = temporary.path + "/large.csv"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("date,code,rate\n".utf8)))
    #expect(try RatesFileLoader.read(path) == Array("date,code,rate\n".utf8))
    // A sparse file: 64 MiB and one byte, without writing them.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: UInt64(RateLimits.maximumBytes) + 1)
    try handle.close()
    #expect(throws: RatesFileLoader.Problem(reason: "it is larger than 64 MiB")) { try RatesFileLoader.read(path) }
    #expect(throws: RatesFileLoader.Problem(reason: "it is larger than 10 bytes")) {
      try RatesFileLoader.read(path, limit: 10)
    }
  }
}
