// libFuzzer's entry point: each input is run as a script by a fresh interpreter on a
// fresh in-memory store, with --keep-going so every line is reached. Any crash, trap or
// sanitizer report is a bug. Statements that would read files, start the rates helper
// or reach the network are refused (`RunOptions.confined`); output goes to /dev/null.
import CofferShell
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ConfinedRun.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

/// libFuzzer's driver, called from this program's own `main` (Swift's, which wins over
/// the one libFuzzer brings).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

var argumentCount = CommandLine.argc
var arguments = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argumentCount, &arguments, { data, size in fuzzOneInput(data, size) }))
