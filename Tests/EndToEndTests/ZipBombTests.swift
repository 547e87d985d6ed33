import Foundation
import Testing

/// A zip that unpacks to far more than it holds is refused quickly and in little memory.
@Suite struct ZipBombTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/bounds.db"
  }

  /// A zip of 256 MiB of zeros (256 KB), its sizes declared truly or as 1,000 bytes.
  func bomb(_ name: String, lying: Bool) throws -> String {
    let path = coffer.home + "/" + name
    let script = """
      import struct, sys, zipfile
      path, lying = sys.argv[1], sys.argv[2] == 'lying'
      with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
          with z.open('bomb.csv', 'w', force_zip64=False) as f:
              for _ in range(256): f.write(bytes(1 << 20))
      if lying:
          b = bytearray(open(path, 'rb').read())
          central = b.find(b'PK\\x01\\x02')
          b[22:26] = b[central + 24:central + 28] = struct.pack('<I', 1000)
          open(path, 'wb').write(b)
      """
    let python = try coffer.run(["python3", "-c", script, path, lying ? "lying" : "true"], binary: "/usr/bin/env")
    #expect(python.status == 0, "\(python)")
    return path
  }

  @Test(arguments: [false, true])
  func aZipBombIsRefusedQuicklyInLittleMemory(lying: Bool) throws {
    let path = try bomb(lying ? "liar.zip" : "bomb.zip", lying: lying)
    let started = ContinuousClock.now
    // 400 MB of address space for coffer and for the helper: enough for a real import,
    // not for 256 MiB unpacked.
    let outcome = try coffer.run(
      [
        "-c", "ulimit -v 400000; exec \"$0\" \"$@\"", CofferProcess.binary, "--db", database, "-c",
        "rates import \(path)",
      ],
      binary: "/bin/sh")
    let name = (path as NSString).lastPathComponent
    #expect(
      outcome
        == Outcome(
          stdout: "",
          stderr: "<command>:1:14: error: \(name): entry bomb.csv: unpacks to more than 64 MiB; nothing imported\n",
          status: 1))
    #expect(ContinuousClock.now - started < .seconds(10))
    let history = try coffer.run(
      [
        "-c", "ulimit -v 400000; exec \"$0\" \"$@\"", CofferProcess.binary, "--db", database, "-c",
        "rates import \(CofferProcess.fixtures)/eurofxref-hist.zip",
      ],
      binary: "/bin/sh")
    #expect(history.status == 0, "\(history)")
  }
}
