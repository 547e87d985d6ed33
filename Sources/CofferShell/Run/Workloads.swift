import CofferCore
import CofferScript
import Foundation
import Screen

/// Coffer's hot paths as workloads for benchmarks (the package in Benchmarks/, and
/// coffer-bench). Each sets itself up once; `run()` does one unit of work and checks its
/// result, throwing when it is wrong: a benchmark of a broken path must fail, not time
/// nothing.
public enum Workloads {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
  }

  /// A folder of its own for a workload's store, removed with the workload.
  final class Scratch {
    let path: String

    init() throws {
      path = NSTemporaryDirectory() + "coffer-workload-" + UUID().uuidString
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// An interpreter on a ledger, printing to /dev/null, as a script runs.
  final class Session {
    let ledger: Ledger
    let interpreter: Interpreter
    private let sink: UnsafeMutablePointer<FILE>

    init(location: StoreLocation, interactive: Bool = false) throws {
      guard let sink = fopen("/dev/null", "w") else { throw Failure(description: "cannot open /dev/null") }
      self.sink = sink
      guard let today = CalendarDate(year: 2026, month: 11, day: 22) else { throw Failure(description: "no such day") }
      ledger = try Ledger(location: location, today: today)
      var options = RunOptions()
      options.interactive = interactive
      interpreter = Interpreter(
        ledger: ledger, output: Output(out: sink, err: sink, color: false, isTerminal: false), options: options)
    }

    deinit { fclose(sink) }

    /// Runs `script`; throws when a statement of it failed (an `assert` included).
    func run(_ script: String) throws {
      _ = interpreter.run(LineReader.text(script, source: "workload"))
      guard !interpreter.hadError else { throw Failure(description: "a statement failed in: \(script)") }
    }
  }

  /// A sheet form session on an in-memory screen: open, an amount typed into each of
  /// the 41 fields, Done, which saves the 41 rows to a store on disk in one transaction.
  public final class FormSession {
    /// The sheet's fields: every currency but the local one.
    private let fields = Catalog.count - 1
    private let scratch: Scratch
    private let session: Session
    private var round = 0

    public init() throws {
      scratch = try Scratch()
      session = try Session(location: .file(scratch.path + "/form.db"), interactive: true)
    }

    public func run() throws {
      round += 1
      // Every session changes every field, so each Done writes 41 rows.
      var keys: [Key] = []
      for row in 0..<fields {
        keys += [.control("u")] + ScriptedScreen.typing(String(round * 100 + row + 1)) + [.down]
      }
      keys.append(.control("d"))
      let printed = session.interpreter.openForm(on: ScriptedScreen(rows: 30, columns: 100, keys: keys))
      guard printed.first?.contains("(\(fields) holdings)") == true, session.ledger.pending.isEmpty else {
        throw Failure(description: "the form session did not save its edits: \(printed)")
      }
    }
  }

  /// A save of every holding changed (41 rows and their journal entries) to a store on
  /// disk, in one transaction.
  public final class SaveOfAllHoldings {
    private let scratch: Scratch
    private let ledger: Ledger
    private var round = 0

    public init() throws {
      scratch = try Scratch()
      ledger = try Ledger(location: .file(scratch.path + "/save.db"))
    }

    public func run() throws {
      round += 1
      for currency in Catalog.all {
        _ = ledger.commit(DecimalValue(round * 100 + currency.index + 1), of: currency)
      }
      let written = try ledger.save()
      guard written == Catalog.count else { throw Failure(description: "saved \(written) rows, not \(Catalog.count)") }
    }
  }

  /// One amount changed, then the total read: the one recompute a commit causes.
  public final class TotalRecompute {
    private let ledger: Ledger
    private var round = 0

    public init() throws {
      ledger = try Ledger(location: .memory)
      for currency in Catalog.all { _ = ledger.commit(DecimalValue(currency.index + 1), of: currency) }
    }

    public func run() throws {
      round += 1
      let before = ledger.counters.totalRecomputes
      _ = ledger.commit(DecimalValue(round), of: Catalog.all[round % Catalog.count])
      guard case .success = ledger.portfolio.total(), ledger.counters.totalRecomputes == before + 1 else {
        throw Failure(description: "the total was not recomputed once")
      }
    }
  }

  /// Lexing and parsing a script of `lines` lines (the statements a ledger script has:
  /// `set`, `let`, `print` with expressions, `assert`), nothing run.
  public final class ScriptParse {
    private let session: Session
    private let script: String
    private let statements: Int

    public init(lines: Int = 10_000) throws {
      session = try Session(location: .memory)
      let shapes = [
        "set USD 1_200.50", "let fx = rate(EUR) * 1.5 + convert(100, USD, JPY)",
        "print total() - amount(JPY) / 3", "assert round(value(GBP), 2) >= 0", "set JPY 150000; set EUR 300",
      ]
      script = (0..<lines).map { shapes[$0 % shapes.count] }.joined(separator: "\n")
      statements = (0..<lines).reduce(0) { $0 + ($1 % shapes.count == 4 ? 2 : 1) }
    }

    public func run() throws {
      let reader = LineReader.text(script, source: "workload")
      var read = 0
      while let next = reader.next() {
        guard case .success(let line) = next else { throw Failure(description: "a line did not scan") }
        for segment in LineScanner.segments(of: line.bytes) {
          do {
            _ = try session.interpreter.read(line, segment)
          } catch {
            throw Failure(description: "a statement did not parse: \(error)")
          }
          read += 1
        }
      }
      guard read == statements else { throw Failure(description: "read \(read) statements, not \(statements)") }
    }
  }

  /// Three holdings valued at a past date's rates, over the whole ECB history (1999 on)
  /// imported from its CSV at `historyCSV`.
  public final class DatedTotal {
    private let scratch: Scratch
    private let session: Session

    public init(historyCSV: String) throws {
      scratch = try Scratch()
      session = try Session(location: .file(scratch.path + "/history.db"))
      try session.run("rates import '\(historyCSV)'; set USD 1234.56; set JPY 98765; set GBP 500; save")
    }

    public func run() throws {
      // Today's holdings at that day's rates: total_at() is the holdings as they stood
      // then, which were none.
      try session.run("assert total_valued_at(2020-03-16) == 19549.96")
    }
  }
}
