/// Source names ("ECB", a file name, "manual", …) met in one operation, each given a
/// small number so that snapshots compare and copy without strings.
struct SourceNames {
  private var names: [String] = []
  private var numbers: [String: Int] = [:]

  mutating func number(of name: String) -> Int {
    if let number = numbers[name] { return number }
    names.append(name)
    numbers[name] = names.count - 1
    return names.count - 1
  }

  func name(_ number: Int) -> String { names[number] }
}
