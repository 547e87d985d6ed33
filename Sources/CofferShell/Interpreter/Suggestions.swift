import CofferText

/// "Did you mean …?": the candidate closest to a mistyped name, if any is close.
enum Suggestions {
  /// The closest candidate; of candidates equally close, the first in byte order, so that
  /// the answer never depends on the order they come in (a dictionary's keys come in an
  /// order that changes from run to run).
  /// A name of two or more characters that begins a candidate is taken for its start
  /// (`conv` for `convert`, rather than `done`, which is as few edits away): of those it
  /// begins, the shortest.
  static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased())
    if target.count >= 2 {
      let lowered = name.lowercased()
      var begun: String?
      for candidate in candidates where candidate.lowercased().hasPrefix(lowered) && candidate.count > target.count {
        if let known = begun {
          if known.count < candidate.count { continue }
          if known.count == candidate.count && !candidate.utf8.lexicographicallyPrecedes(known.utf8) { continue }
        }
        begun = candidate
      }
      if let begun { return begun }
    }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate.lowercased()))
      guard distance <= max(1, min(2, target.count / 2)) else { continue }
      if let known = best {
        if distance > known.distance { continue }
        if distance == known.distance && !candidate.utf8.lexicographicallyPrecedes(known.name.utf8) { continue }
      }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// `"; did you mean X?"` or nothing.
  static func hint(for name: String, in candidates: some Sequence<String>) -> String {
    nearest(to: name, in: candidates).map { tr("; did you mean {suggestion}?", ["suggestion": $0]) } ?? ""
  }

  /// Edits (insert, delete, substitute, swap of neighbours) between two strings.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
