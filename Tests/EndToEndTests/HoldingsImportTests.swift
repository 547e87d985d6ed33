import Foundation
import Testing

/// `holdings import FILE`: balances from a spreadsheet's CSV, each row as `set C X at
/// DATE` writes it, strict and all or nothing.
@Suite struct HoldingsImportTests {
  let coffer = try! CofferProcess()
  var database: String { coffer.home + "/store.db" }

  func run(_ script: String) throws -> Outcome {
    try coffer.run(["--db", database, "-c", script])
  }

  /// How an error in bad.csv is named: `bad.csv:LINE:COL: …` for a cell at fault,
  /// `bad.csv: line N: …` for a whole line or the file.
  func located(_ problem: String) -> String {
    problem.hasPrefix("line ") ? "bad.csv: " + problem : "bad.csv:" + problem
  }

  @Test func rowsAreDatedBalancesInAnyOrder() throws {
    let file = try coffer.write(
      "balances.csv",
      """
      date,code,amount
      2025-02-28,usd,"150.5"
      2025-01-31,USD,100
      2025-01-31,EUR,20
      2025-03-31,USD,0

      """)
    let outcome = try run("holdings import \(file)")
    #expect(
      outcome
        == Outcome(
          stdout: "imported 4 balances of 2 currencies over 3 days (4 new; 0 already recorded)\n", stderr: "",
          status: 0))
    let read = try run(
      "print amount_at(USD, 2025-01-31) amount_at(USD, 2025-03-30) amount(USD) amount(EUR); log --format csv")
    #expect(read.stdout.hasPrefix("100\n150.5\n0\n20\n"))
    let log = read.stdout.split(separator: "\n").dropFirst(4).map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
    }
    #expect(
      log == [
        // Of one day, the last written first: an import writes by code, then place.
        "effective,code,place,old,new", "2025-03-31,USD,,150.5,0", "2025-02-28,USD,,100,150.5", "2025-01-31,USD,,0,100",
        "2025-01-31,EUR,,0,20",
      ])
    // The same file again changes nothing.
    #expect(
      try run("holdings import \(file)").stdout
        == "imported 4 balances of 2 currencies over 3 days (0 new; 4 already recorded)\n")
    #expect(try run("log --format csv").stdout.split(separator: "\n").count == 5)
  }

  @Test func aBalanceFallsAmongWhatIsRecordedAndTheCurrentAmountFollowsOnlyTheLatest() throws {
    #expect(try run("set USD 500 at 2025-06-01; set EUR 7").status == 0)
    let file = try coffer.write("b.csv", "date,code,amount\n2025-03-01,USD,300\n2025-09-01,USD,800\n2025-01-01,EUR,1\n")
    #expect(try run("holdings import \(file)").status == 0)
    // USD: 300 (Mar) → 500 (Jun, stored) → 800 (Sep, latest: current). EUR: today's 7 stays.
    #expect(
      try run("print amount_at(USD, 2025-05-31) amount_at(USD, 2025-08-31) amount(USD) amount(EUR)").stdout
        == "300\n500\n800\n7\n")
    let log = try run("log USD --format csv").stdout.split(separator: "\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
    }
    #expect(
      log == [
        "effective,code,place,old,new", "2025-09-01,USD,,500,800", "2025-06-01,USD,,0,500", "2025-03-01,USD,,0,300",
      ])
  }

  @Test(arguments: [
    ("", "line 1: the file is empty"),
    ("date,code\n2025-01-01,USD\n", "line 1: the header must be date,code,amount (with place if any)"),
    ("date,code,amount\n", "line 1: no rows after the header"),
    ("date,code,amount\n2025-02-30,USD,1\n", "2:1: '2025-02-30' is not a date (YYYY-MM-DD)"),
    (
      "date,code,amount\n2026-11-23,USD,1\n",
      "2:1: 2026-11-23 is after today (2026-11-22); a balance is for a day that has come"
    ),
    (
      "date,code,amount\n2025-01-01,XYZ,1\n",
      "2:12: 'XYZ' is not a currency Coffer knows (nor a unit added with 'units add')"
    ),
    ("date,code,amount\n2025-01-01,USD,1,2\n", "line 2: 4 cells where the header has 3"),
    ("date,code,amount\n2025-01-01,USD,1.234\n", "2:16: USD 1.234: USD allows 2 decimal places; 1.234 has 3"),
    ("date,code,amount\n2025-01-01,JPY,0.5\n", "2:16: JPY 0.5: JPY has no minor units; 0.5 has 1"),
    ("date,code,amount\n2025-01-01,USD,-5\n", "2:16: '-5' is not an amount (digits, with a point if any)"),
    // A quoted cell holds its comma (RFC 4180): one cell, not two, and not an amount.
    ("date,code,amount\n2025-01-01,USD,\"1,200\"\n", "2:16: '1,200' is not an amount (digits, with a point if any)"),
    ("date,code,amount\n2025-01-01,USD,\"1,200\",\"x,y\"\n", "line 2: 4 cells where the header has 3"),
    ("date,code,amount\n2025-01-01,USD,1e3\n", "2:16: '1e3' is not an amount (digits, with a point if any)"),
    (
      "date,code,amount\n2025-01-01,USD,1234567890123456\n",
      "2:16: USD 1234567890123456: an amount has at most 15 integer digits; this one has 16"
    ),
    (
      "date,code,amount\n2025-01-01,USD,1\n2025-01-01,USD,2\n",
      "line 3: USD on 2025-01-01 is given twice (lines 2 and 3)"
    ),
    (
      "date,code,amount\n2025-01-01,USD,1\n2025-01-02,USD,1",
      "line 3: the file ends inside this row (no newline after it): cut short?"
    ),
    ("date,code,amount\n2025-01-01,\"US\"D\",1\n", "line 2: a quote inside a quoted cell must be doubled"),
  ])
  func aBadFileIsRefusedNamingTheLineAndNothingIsWritten(contents: String, problem: String) throws {
    #expect(try run("set GBP 1").status == 0)
    let file = try coffer.write("bad.csv", contents)
    let outcome = try run("holdings import \(file)")
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "<command>:1:17: error: \(located(problem)); nothing imported\n")
    #expect(try run("log --format csv").stdout.split(separator: "\n").count == 2, "only GBP's entry")
  }

  @Test(arguments: [
    // A currency given twice before a bad row: the twice is the first problem.
    (
      "date,code,amount\n2025-01-01,USD,1\n2025-01-02,EUR,1\n2025-01-01,USD,2\n2025-01-02,XYZ,1\n",
      "line 4: USD on 2025-01-01 is given twice (lines 2 and 4)"
    ),
    // A bad row before the twice.
    (
      "date,code,amount\n2025-01-01,USD,1\n2025-01-02,XYZ,1\n2025-01-01,USD,2\n",
      "3:12: 'XYZ' is not a currency Coffer knows (nor a unit added with 'units add')"
    ),
    // Of two pairs, the one whose second row comes first; letter case does not hide one.
    (
      "date,code,amount\n2025-01-01,USD,1\n2025-01-05,EUR,1\n2025-01-05,eur,2\n2025-01-01,USD,3\n",
      "line 4: EUR on 2025-01-05 is given twice (lines 3 and 4)"
    ),
  ])
  func theFirstProblemInTheFileIsTheOneNamed(contents: String, problem: String) throws {
    let file = try coffer.write("bad.csv", contents)
    let expected = "<command>:1:17: error: \(located(problem)); nothing imported\n"
    #expect(try run("holdings import \(file)").stderr == expected)
  }

  /// A file larger than the journal is written with the journal's indexes built afresh
  /// after the rows: what it writes is what the same balances set one by one write, and
  /// the indexes are there again.
  @Test func aLargeImportWritesWhatSettingEachBalanceWrites() throws {
    var rows = ["date,code,amount"]
    var script: [String] = []
    let codes = ["USD", "EUR", "JPY", "GBP", "CHF"]
    var generator = SystemRandomNumberGenerator()
    var days = Set<Int>()
    while days.count < 2_400 { days.insert(Int.random(in: 0..<9_000, using: &generator)) }
    for (place, day) in days.enumerated() {
      let date = Calendar(identifier: .gregorian).date(
        byAdding: .day, value: day, to: Date(timeIntervalSince1970: 946_684_800))!
      let text = String(ISO8601DateFormatter().string(from: date).prefix(10))
      let code = codes[place % codes.count]
      let amount = "\(Int.random(in: 0..<1_000_000, using: &generator))"
      rows.append("\(text),\(code),\(amount)")
      script.append("set \(code) \(amount) at \(text)")
    }
    // 2,400 days of five currencies each would be 12,000 rows: the first 2,400 dates as
    // above, and four more rows for each of them.
    for (place, day) in days.enumerated() {
      for step in 1..<5 {
        let date = Calendar(identifier: .gregorian).date(
          byAdding: .day, value: day, to: Date(timeIntervalSince1970: 946_684_800))!
        let text = String(ISO8601DateFormatter().string(from: date).prefix(10))
        let code = codes[(place + step) % codes.count]
        let amount = "\(Int.random(in: 0..<1_000_000, using: &generator)).5"
        rows.append("\(text),\(code),\(code == "JPY" ? String(amount.dropLast(2)) : amount)")
        script.append("set \(code) \(code == "JPY" ? String(amount.dropLast(2)) : amount) at \(text)")
      }
    }
    let before = "set USD 10 at 2001-01-01; set EUR 3 at 2010-06-01; set CHF 9"
    let file = try coffer.write("large.csv", rows.joined(separator: "\n") + "\n")
    let other = coffer.home + "/other.db"
    for store in [database, other] { #expect(try coffer.run(["--db", store, "-c", before]).status == 0) }
    let imported = try run("holdings import \(file)")
    #expect(imported.stdout.hasPrefix("imported 12000 balances of 5 currencies over 2400 days"), "\(imported)")
    // Set in order of date, each replacing what the one before it set, as in the import.
    let inOrder = script.sorted { $0.suffix(10) < $1.suffix(10) }
    let setting = try coffer.write("set.coffer", inOrder.joined(separator: "\n") + "\n")
    #expect(try coffer.run(["--db", other, setting]).status == 0)
    let question = "log 100000 --format csv; print amount_at(USD, 2020-01-01) amount(CHF)"
    func entries(_ database: String) throws -> [String] {
      try coffer.run(["--db", database, "-c", question]).stdout.split(separator: "\n").map {
        // effective, code, old, new: not when they were entered.
        $0.split(separator: ",", omittingEmptySubsequences: false).prefix(5).joined(separator: ",")
      }.sorted()
    }
    let (byImport, bySetting) = (try entries(database), try entries(other))
    let same = byImport == bySetting
    #expect(same, "\(Set(byImport).symmetricDifference(bySetting).sorted().prefix(6))")
    #expect(byImport.count == 12_000 + 4 + 2, "every entry, the header, the two amounts")
    #expect(try run("check").status == 0)
    let indexes = try coffer.run(
      [database, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'journal' ORDER BY name"],
      binary: "/usr/bin/sqlite3")
    #expect(indexes.stdout == "journal_by_date\njournal_by_holding\n")
    // Written with a rollback journal (no other connection had the store), then back in
    // WAL mode.
    #expect(try journalMode(database) == "wal\n")
  }

  /// A large import while another connection holds the store open (a session that reads
  /// it) is written in WAL mode, as every write: nothing waits, the reader goes on
  /// reading, and the store stays in WAL mode.
  @Test func aLargeImportWithAnotherConnectionOpenIsWrittenAsAnyWrite() throws {
    #expect(try run("set CHF 9").status == 0)
    var rows = ["date,code,amount"]
    for day in 0..<12_000 {
      let date = CalendarDay(daysAfter2000: day - 12_000)
      rows.append("\(date),\(["USD", "EUR", "JPY"][day % 3]),\(day)")
    }
    let file = try coffer.write("held.csv", rows.joined(separator: "\n") + "\n")
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    holder.arguments = [database]
    let input = Pipe()
    let said = try coffer.write("holder.out", "")
    holder.standardInput = input
    holder.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: said))
    try holder.run()
    // A read leaves the connection open with the store's WAL index mapped.
    input.fileHandleForWriting.write(Data("SELECT count(*) FROM holding;\n".utf8))
    waitUntil("sqlite3's first read") { (try? String(contentsOfFile: said, encoding: .utf8)) == "1\n" }
    let imported = try run("holdings import \(file)")
    input.fileHandleForWriting.write(Data("SELECT count(*) FROM journal;\n.quit\n".utf8))
    try? input.fileHandleForWriting.close()
    holder.waitUntilExit()
    let read = try String(contentsOfFile: said, encoding: .utf8)
    #expect(imported.stdout.hasPrefix("imported 12000 balances of 3 currencies over 12000 days"), "\(imported)")
    #expect(imported.status == 0)
    #expect(read == "1\n12001\n", "the reader saw the store before and after the import")
    #expect(try journalMode(database) == "wal\n")
    #expect(try run("check").status == 0)
  }

  /// A session that opens the store while a bulk import writes it with a rollback journal
  /// waits for the import, as for any write, and then reads and writes as usual: here
  /// the sqlite3 shell holds such a write for a second.
  @Test func aSessionOpenedDuringARollbackJournalWriteWaitsForIt() throws {
    #expect(try run("set EUR 7").status == 0)
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    holder.arguments = [database]
    let input = Pipe()
    let said = try coffer.write("holder.out", "")
    holder.standardInput = input
    holder.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: said))
    try holder.run()
    input.fileHandleForWriting.write(
      Data(
        "PRAGMA journal_mode = DELETE;\nBEGIN IMMEDIATE;\nUPDATE setting SET value = value;\nSELECT 'locked';\n".utf8))
    waitUntil("sqlite3 to hold the write lock") {
      (try? String(contentsOfFile: said, encoding: .utf8))?.hasSuffix("locked\n") == true
    }
    // The second the write is held is the test's subject: the session waits it out.
    let writer = DispatchQueue(label: "holder")
    writer.asyncAfter(deadline: .now() + 1) {
      input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
      try? input.fileHandleForWriting.close()
    }
    let outcome = try run("print amount(EUR); set GBP 3")
    holder.waitUntilExit()
    #expect(outcome == Outcome(stdout: "7\n", stderr: "", status: 0))
    #expect(try run("print amount(GBP)").stdout == "3\n")
    #expect(try journalMode(database) == "wal\n")
  }

  private func journalMode(_ database: String) throws -> String {
    try coffer.run([database, "PRAGMA journal_mode"], binary: "/usr/bin/sqlite3").stdout
  }

  @Test func invalidUTF8AndHugeFilesAreRefused() throws {
    var bytes = Data("date,code,amount\n2025-01-01,US".utf8)
    bytes.append(contentsOf: [0xFF, 0xFE])
    bytes.append(contentsOf: Data(",1\n".utf8))
    let invalid = try coffer.write("invalid.csv", bytes)
    #expect(try run("holdings import \(invalid)").stderr.contains("invalid.csv: line 2: the line is not UTF-8"))
    // One byte over the 64 MiB a file may have.
    let huge = coffer.home + "/huge.csv"
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
    try handle.truncate(atOffset: UInt64(64 << 20) + 1)
    try handle.close()
    let outcome = try run("holdings import \(huge)")
    #expect(outcome.stderr == "<command>:1:17: error: cannot read \(huge): it is larger than 64 MiB\n")
    #expect(try run("holdings import \(coffer.home)").stderr.contains("it is a folder"))
  }

  @Test func anAtomicRunTakesAnImportBack() throws {
    let file = try coffer.write("b.csv", "date,code,amount\n2025-01-01,USD,100\n")
    let outcome = try coffer.run(["--db", database, "--atomic", "-c", "holdings import \(file); bogus"])
    #expect(outcome.status == 1)
    #expect(try run("print amount_at(USD, 2025-06-01)").stdout == "0\n")
  }
}

/// A date `daysAfter2000` days after 2000-01-01, as `YYYY-MM-DD`.
private struct CalendarDay: CustomStringConvertible {
  let description: String

  init(daysAfter2000 days: Int) {
    let date = Date(timeIntervalSince1970: 946_684_800 + Double(days) * 86_400)
    description = String(ISO8601DateFormatter().string(from: date).prefix(10))
  }
}
