// libFuzzer's entry point: each input is run as a script by a fresh interpreter on a
// fresh in-memory store, with --keep-going so every line is reached. Any crash, trap or
// sanitizer report is a bug. Statements that would read files, start the rates helper
// or reach the network are refused (`RunOptions.confined`); output goes to /dev/null.
import CofferCore
import CofferShell
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let devNull = fopen("/dev/null", "w") else { return 0 }
  defer { fclose(devNull) }
  guard let ledger = try? Ledger(location: .memory) else { return 0 }
  var options = RunOptions()
  options.keepGoing = true
  options.confined = true
  let output = Output(out: devNull, err: devNull, color: false, isTerminal: false)
  let interpreter = Interpreter(ledger: ledger, output: output, options: options)
  let reader = LineReader.bytes(Array(UnsafeBufferPointer(start: data, count: size)), source: "<fuzz>")
  _ = interpreter.run(reader)
  interpreter.finish(source: "<fuzz>", line: 0)
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
