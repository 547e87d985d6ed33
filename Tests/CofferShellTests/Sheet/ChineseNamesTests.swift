import CofferCore
import Foundation
import Screen
import Testing

@testable import CofferShell

/// Chinese names in the form and the line sheet: every row fits the window and its
/// columns line up by display width (a Chinese character takes two columns), names cut at
/// a character boundary with `…`.
@Suite struct ChineseNamesTests {
  /// A harness with Chinese names and 1 unit of every currency but the local one.
  private func harness() throws -> Harness {
    let harness = try Harness()
    harness.interpreter.output.names = .simplifiedChinese
    _ = harness.run(Catalog.all.dropFirst().map { "set \($0.code) 1" }.joined(separator: "; "))
    return harness
  }

  /// What a currency's field shows when it does not have the focus.
  private func field(_ currency: Currency) -> String { MoneyText.plain(.one, currency, exact: true) }

  @Test(arguments: [(30, 100), (15, 60), (12, 45), (10, 36), (8, 30)])
  func theFormAlignsEveryRowByDisplayWidth(rows: Int, columns: Int) throws {
    let harness = try harness()
    // Down through every row, then leave (nothing changed: no question asked).
    let screen = RecordingScreen(
      ScriptedScreen(rows: rows, columns: columns, keys: Array(repeating: .down, count: 41) + [.escape]))
    _ = harness.interpreter.openForm(on: screen)
    let cells = FormLayout(rows: rows, columns: columns).cells
    var seen = Set<String>()
    for lines in screen.shown {
      for line in lines { #expect(DisplayWidth.of(line) <= columns, "wider than \(columns): '\(line)'") }
      for line in lines[FormLayout.headerLines..<(rows - FormLayout.footerLines)] {
        guard line.count > 5, let currency = Catalog.currency(String(line.dropFirst(2).prefix(3))) else { continue }
        seen.insert(currency.code)
        let focused = line.hasPrefix(">")
        let text = (focused ? "1" : field(currency)).cut(to: cells.fieldWidth)
        // After the marker and the code (ASCII), the name, then the field.
        let afterCode = line.index(line.startIndex, offsetBy: 7)
        guard let start = line.range(of: text, range: afterCode..<line.endIndex)?.lowerBound else {
          Issue.record("no field '\(text)' in '\(line)'")
          continue
        }
        // The field starts at its column, the value ends at the window's edge.
        #expect(DisplayWidth.of(line[..<start]) == cells.field, "\(columns) columns: '\(line)'")
        #expect(DisplayWidth.of(line) == columns, "\(columns) columns: '\(line)'")
        if let nameColumn = cells.name {
          // The name as shown: whole, or cut at a character boundary with an ellipsis.
          let shown = String(line[line.index(line.startIndex, offsetBy: nameColumn)..<start])
            .trimmingCharacters(in: .whitespaces)
          let name = currency.chineseName
          #expect(
            shown == name || (shown.hasSuffix("…") && name.hasPrefix(shown.dropLast())),
            "'\(shown)' for \(name) at \(columns) columns")
          #expect(DisplayWidth.of(shown) <= cells.nameWidth)
        }
      }
    }
    #expect(seen.count == 41, "every row was shown: \(seen.count)")
  }

  @Test func theFormShowsWholeChineseNamesAtAHundredColumns() throws {
    let harness = try harness()
    let screen = ScriptedScreen(rows: 50, columns: 100, keys: [.escape])
    _ = harness.interpreter.openForm(on: screen, focus: Catalog.currency("IDR"))
    #expect(screen.lines.contains { $0.hasPrefix("  USD  美元  ") })
    #expect(screen.lines.contains { $0.hasPrefix("> IDR  印度尼西亚卢比  ") })
  }

  @Test func ctrlFJumpsByChineseOrEnglishNameOrCode() throws {
    for query in ["瑞士", "swiss", "Franc", "chf"] {
      let harness = try harness()
      let keys: [Key] = [.control("f")] + ScriptedScreen.typing(query) + [.enter, .escape]
      let screen = RecordingScreen(ScriptedScreen(rows: 30, columns: 100, keys: keys))
      _ = harness.interpreter.openForm(on: screen)
      let last = try #require(screen.shown.last)
      #expect(last.contains { $0.hasPrefix("> CHF  瑞士法郎") }, "\(query)")
    }
  }

  @Test func theLineSheetAlignsChineseNames() throws {
    let harness = try harness()
    _ = harness.run("open --lines")
    let rows = harness.run("show all").out.split(separator: "\n").map(String.init)
    #expect(rows.count == 41)
    let widths = Set(rows.map { DisplayWidth.of($0) })
    #expect(widths.count == 1, "every row as wide: \(widths)")
    #expect(Set(rows.map(\.count)).count > 1, "character counts differ: widths, not counts, align")
    #expect(rows.contains { $0.hasPrefix("> USD  美元 ") })
  }

  @Test func holdingsListChineseNamesAligned() throws {
    let harness = try Harness()
    harness.interpreter.output.names = .simplifiedChinese
    _ = harness.run("set USD 1200; set IDR 5; set NPR 100")
    let lines = harness.run("holdings").out.split(separator: "\n").map(String.init)
    #expect(lines[1].hasPrefix("USD   美元  "))
    // The amount column ends at the same display column on every row.
    let ends = Set(
      lines.dropFirst().dropLast().map { line in
        DisplayWidth.of(line[..<line.range(of: "00 ")!.upperBound])
      })
    #expect(ends.count == 1, "\(lines)")
  }
}

/// A chart's axis stays straight whatever its labels hold: symbols with combining marks
/// (रू), wide characters.
@Suite struct ChartAlignmentTests {
  @Test(arguments: [("रू", "NPR"), ("元", "CNY"), ("$", "USD")])
  func theAxisLinesUpByDisplayWidth(symbol: String, code: String) throws {
    let day = CalendarDate(year: 2026, month: 1, day: 1)!
    let points = (0..<30).map { offset in
      (date: CalendarDate(dayNumber: day.dayNumber + offset)!, value: DecimalValue(1000 + offset * offset))
    }
    for width in [40, 60, 100] {
      let chart = BrailleChart(points: points, width: width, height: 6)
      let lines = try chart.lines(output: plainOutput()) { symbol + $0.description + " " + code }
      let axis = Set(lines.dropLast(2).map { line in DisplayWidth.of(line[..<line.range(of: "┤")!.lowerBound]) })
      #expect(axis.count == 1, "\(symbol) at \(width): \(lines)")
      // The lines themselves in the message: this once failed in a full parallel run and
      // in no run since.
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(symbol) at \(width): \(lines)")
    }
  }
}
