import Foundation
import Testing

/// Only the coffer-rates helper beside coffer is run, never one found elsewhere.
@Suite struct RatesHelperTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/bounds.db"
  }

  @Test func aHelperOnThePathOrInTheFolderIsNeverRun() throws {
    // coffer alone in a folder; a `coffer-rates` on the PATH and in the current folder
    // that would leave a mark if run.
    let lonely = coffer.home + "/bin/coffer"
    try FileManager.default.createDirectory(atPath: coffer.home + "/bin", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CofferProcess.binary, toPath: lonely)
    let marker = coffer.home + "/stray-helper-ran"
    for folder in ["stray", "work"] {
      let helper = try coffer.write(folder + "/coffer-rates", "#!/bin/sh\ntouch \(marker)\nexit 0\n")
      #expect(chmod(helper, 0o755) == 0)
    }
    let environment = ["PATH": coffer.home + "/stray:.:/usr/bin:/bin"]
    let xml = try coffer.run(
      ["--db", database, "-c", "rates import \(CofferProcess.fixtures)/ecb-daily-2024-06-28.xml"],
      in: coffer.home + "/work",
      extraEnvironment: environment, binary: lonely)
    #expect(
      xml.stderr
        == "<command>:1:14: error: ecb-daily-2024-06-28.xml: byte 0: XML is read by the coffer-rates helper, "
        + "which is not installed next to coffer; nothing imported\n")
    let fetch = try coffer.run(
      ["--db", database, "-c", "rates fetch http://127.0.0.1:9/"], in: coffer.home + "/work",
      extraEnvironment: environment,
      binary: lonely)
    #expect(
      fetch.stderr
        == "<command>:1:13: error: cannot fetch: the coffer-rates helper is not installed next to coffer; rates unchanged\n"
    )
    #expect(!FileManager.default.fileExists(atPath: marker))
  }
}
