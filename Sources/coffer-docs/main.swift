import CofferCLI
import Foundation

// coffer-docs README FOLDER [DATE]: writes the manual page (coffer.1) and the completion
// scripts (coffer.bash, _coffer, coffer.fish) into FOLDER. Scripts/build-release runs it;
// nothing of it is installed.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 || arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: coffer-docs README FOLDER [YYYY-MM-DD]\n".utf8))
  exit(2)
}
let readmePath = arguments[arguments.startIndex]
let folder = arguments[arguments.startIndex + 1]
let date =
  arguments.count == 3
  ? arguments[arguments.startIndex + 2]
  : ISO8601DateFormatter.string(
    from: Date(), timeZone: .current, formatOptions: [.withFullDate])
do {
  let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  try ManualPage.source(readme: readme, date: date).write(
    toFile: folder + "/coffer.1", atomically: true, encoding: .utf8)
  for (shell, name) in CompletionScripts.files {
    try CompletionScripts.script(for: shell).write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
  }
} catch {
  FileHandle.standardError.write(Data("coffer-docs: error: \(error)\n".utf8))
  exit(1)
}
