import CofferCore
import CofferShell
import Foundation
import Screen

// Times, in-process, what the terminal would only blur: a sheet form session (open, an
// amount typed into each of the 41 fields, Done, which saves them in one transaction to
// a store on disk). Prints the median CPU time of a session in microseconds, and the
// counters of the last one.
//
//   coffer-bench form [SESSIONS]

func cpuMicroseconds() -> Int {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.first == "form" else {
  FileHandle.standardError.write(Data("usage: coffer-bench form [SESSIONS]\n".utf8))
  exit(2)
}
let sessions = arguments.dropFirst().first.flatMap { Int($0) } ?? 200
let folder = NSTemporaryDirectory() + "coffer-bench-" + UUID().uuidString
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
guard let sink = fopen("/dev/null", "w") else { exit(1) }
let output = Output(out: sink, err: sink, color: false, isTerminal: false)
let ledger = try Ledger(location: .file(folder + "/bench.db"), today: CalendarDate(year: 2026, month: 11, day: 22)!)
var options = RunOptions()
options.interactive = true
let interpreter = Interpreter(ledger: ledger, output: output, options: options)

var timings: [Int] = []
for session in 0..<sessions {
  // Every session changes every field, so each Done writes 41 rows.
  var keys: [Key] = []
  for row in 0..<41 {
    keys += [.control("u")] + ScriptedScreen.typing(String(session * 100 + row + 1)) + [.down]
  }
  keys.append(.control("d"))
  let screen = ScriptedScreen(rows: 30, columns: 100, keys: keys)
  let start = cpuMicroseconds()
  let printed = interpreter.openForm(on: screen)
  timings.append(cpuMicroseconds() - start)
  guard printed.first?.contains("(41 holdings)") == true, ledger.pending.isEmpty else {
    FileHandle.standardError.write(Data("the session did not save its 41 edits: \(printed)\n".utf8))
    exit(1)
  }
}
timings.sort()
print("form_session_cpu_us \(timings[timings.count / 2])")
for (name, value) in ledger.counters.all { print("\(name) \(value)") }
