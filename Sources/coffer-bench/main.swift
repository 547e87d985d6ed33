import CofferShell
import Foundation

// Times, in-process, what the terminal would only blur: a sheet form session (open, an
// amount typed into each of the 41 fields, Done, which saves them in one transaction to
// a store on disk). Prints the median CPU time of a session in microseconds.
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
do {
  let workload = try Workloads.FormSession()
  var timings: [Int] = []
  for _ in 0..<sessions {
    let start = cpuMicroseconds()
    try workload.run()
    timings.append(cpuMicroseconds() - start)
  }
  timings.sort()
  print("form_session_cpu_us \(timings[timings.count / 2])")
} catch {
  FileHandle.standardError.write(Data("coffer-bench: \(error)\n".utf8))
  exit(1)
}
