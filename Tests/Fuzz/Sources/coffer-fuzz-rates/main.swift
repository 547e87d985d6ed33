// libFuzzer's entry point for rates files: each input is read as a rates file (CSV,
// JSON, ECB XML, or a zip of one, told apart by content as `rates import` does), with XML
// and zip read in this process as the coffer-rates helper reads them, imported into a
// fresh in-memory store and valued; and decoded as the helper's answers. Any crash, trap
// or sanitizer report is a bug.
import Foundation
import XMLAndZip

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  ConfinedRatesImport.run(Array(UnsafeBufferPointer(start: data, count: size)))
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
