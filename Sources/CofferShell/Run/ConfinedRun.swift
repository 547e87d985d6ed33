import CofferCore
import Foundation

/// Runs bytes as a script on a fresh in-memory store, with --keep-going so every line is
/// reached, statements that read files, start the rates helper or reach the network
/// refused, and all output discarded. The fuzzing harness (Tests/Fuzz, a package of its
/// own) calls it for each input: it is the one declaration Coffer makes public.
public enum ConfinedRun {
  public static func run(_ bytes: [UInt8]) {
    guard let devNull = fopen("/dev/null", "w") else { return }
    defer { fclose(devNull) }
    guard let ledger = try? Ledger(location: .memory) else { return }
    var options = RunOptions()
    options.keepGoing = true
    options.confined = true
    let output = Output(out: devNull, err: devNull, color: false, isTerminal: false)
    let interpreter = Interpreter(ledger: ledger, output: output, options: options)
    _ = interpreter.run(LineReader.bytes(bytes, source: "<fuzz>"))
    interpreter.finish(source: "<fuzz>", line: 0)
  }
}
