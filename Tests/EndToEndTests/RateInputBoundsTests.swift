import Foundation
import Testing

/// What `rates import` and `--rates` refuse to read: folders, FIFOs and devices, named
/// for what they are, and files over 64 MiB.
@Suite struct RateInputBoundsTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/bounds.db"
  }

  func importing(_ path: String) throws -> Outcome {
    try coffer.run(["--db", database, "-c", "rates import \(path)"])
  }

  @Test func foldersFIFOsAndDevicesAreNamedForWhatTheyAre() throws {
    let folder = coffer.home + "/rates"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let fifo = coffer.home + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    let zero = coffer.home + "/zero.csv"
    try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
    let started = ContinuousClock.now
    for (path, what) in [
      (folder, "it is a folder"), (fifo, "it is not a regular file (a FIFO)"),
      ("/dev/null", "it is not a regular file (a character device)"),
      (zero, "it is not a regular file (a character device)"),
    ] {
      #expect(
        try importing(path)
          == Outcome(stdout: "", stderr: "<command>:1:14: error: cannot read rates file \(path): \(what)\n", status: 1))
    }
    #expect(ContinuousClock.now - started < .seconds(20))
    let option = try coffer.run(["--db", database, "--rates", folder, "-c", "print 1"])
    #expect(
      option
        == Outcome(stdout: "", stderr: "coffer: error: cannot read rates file \(folder): it is a folder\n", status: 2))
  }

  @Test func aFileOver64MiBIsRefused() throws {
    let path = try coffer.write("large.csv", "date,code,rate\n")
    // Sparse: 64 MiB and one byte, none of them written.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: (64 << 20) + 1)
    try handle.close()
    #expect(
      try importing(path)
        == Outcome(
          stdout: "", stderr: "<command>:1:14: error: cannot read rates file \(path): it is larger than 64 MiB\n",
          status: 1))
    let option = try coffer.run(["--db", database, "--rates", path])
    #expect(option.stderr == "coffer: error: cannot read rates file \(path): it is larger than 64 MiB\n")
    #expect(option.status == 2)
  }
}
