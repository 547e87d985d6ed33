import CofferCore
import CofferScript
import Foundation
import LineEditing
import RateFiles

extension Interpreter {
  func holdings(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "holdings")
    let portfolio = try portfolioAt(&parser)
    try expectEnd(parser)
    let local = portfolio.local
    let currencies = flags.all ? Catalog.all : portfolio.held
    let total = try readTotal(parser, of: portfolio)
    struct Row {
      let currency: Currency
      let amount: DecimalValue
      let rate: DecimalValue?
      let value: DecimalValue?
    }
    let rows = currencies.map { currency in
      Row(
        currency: currency, amount: portfolio.amount(of: currency), rate: try? portfolio.displayRate(of: currency),
        value: try? portfolio.value(of: currency))
    }
    switch flags.format ?? options.format {
    case .table:
      var table = TextTable([.left, .left, .right, .right, .right])
      table.add(["code", "name", "amount", "rate", "value (\(local.code))"].map { output.styled($0, "1") })
      for row in rows {
        table.add([
          row.currency.code, row.currency.englishName, MoneyText.format(row.amount, row.currency, output: output),
          row.rate?.description ?? "no rate", row.value.map { MoneyText.format($0, local, output: output) } ?? "—",
        ])
      }
      for line in table.lines() { output.line(line) }
      output.line("total " + MoneyText.total(total, output: output))
    case .plain:
      for row in rows { output.line("\(row.currency.code) \(row.amount)") }
    case .csv:
      output.line("code,amount,value,local")
      for row in rows {
        output.line(CSVText.row([row.currency.code, row.amount.description, row.value?.description ?? "", local.code]))
      }
    case .json:
      let items = rows.map { row in
        JSONText.object([
          ("code", JSONText.string(row.currency.code)), ("amount", JSONText.string(row.amount.description)),
          ("rate", row.rate.map { JSONText.string($0.description) } ?? "null"),
          ("value", row.value.map { JSONText.string($0.description) } ?? "null"),
        ])
      }
      output.line(
        JSONText.object([
          ("local", JSONText.string(local.code)), ("holdings", JSONText.array(items)),
          ("total", JSONText.string(total.value.description)),
          ("missing", JSONText.array(total.missing.map { JSONText.string($0.code) })),
        ]))
    }
  }

  /// Reads the total (counted), failing only on arithmetic overflow; a partial total is
  /// returned with what it left out.
  func readTotal(_ parser: Parser, of portfolio: Portfolio? = nil) throws(StatementFailure) -> Total {
    switch (portfolio ?? ledger.portfolio).total() {
    case .success(let total): return total
    case .failure(let error): throw failure(parser, "total: \(error.description)", at: parser.tokens.first?.start ?? 0)
    }
  }

  func totalCommand(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "total")
    let portfolio = try portfolioAt(&parser)
    try expectEnd(parser)
    let total = try readTotal(parser, of: portfolio)
    let missing = total.missing.map(\.code)
    switch flags.format ?? options.format {
    case .table:
      output.line(MoneyText.total(total, output: output))
    case .plain:
      output.line("\(total.local.code) \(total.value)")
    case .csv:
      output.line("local,total,holdings,missing")
      output.line(
        CSVText.row([total.local.code, total.value.description, String(total.holdings), missing.joined(separator: " ")])
      )
    case .json:
      output.line(
        JSONText.object([
          ("local", JSONText.string(total.local.code)), ("total", JSONText.string(total.value.description)),
          ("holdings", String(total.holdings)), ("missing", JSONText.array(missing.map { JSONText.string($0) })),
        ]))
    }
  }

  func rates(_ parser: inout Parser) throws(StatementFailure) {
    if parser.accept(word: "set") {
      let currency = try currency(&parser)
      guard parser.atExpression else { throw StatementFailure(parser.expected("a rate")) }
      let expression = try expression(&parser)
      try expectEnd(parser)
      let rate = try number(expression, parser, role: "a rate")
      do {
        try ledger.setRate(rate, of: currency)
      } catch {
        throw failure(parser, "rates set: \(error.description)", at: expression.offset)
      }
      return
    }
    if parser.accept(word: "import") {
      try importRates(&parser)
      return
    }
    if parser.accept(word: "fetch") {
      try fetchRates(&parser)
      return
    }
    let flags = try flags(&parser, command: "rates")
    var chosen: [Currency] = []
    while !parser.atEnd { chosen.append(try currency(&parser)) }
    let portfolio = ledger.portfolio
    let local = portfolio.local
    let currencies = chosen.isEmpty ? Catalog.all.filter { $0 != local } : chosen
    struct Row {
      let currency: Currency
      let rate: DecimalValue?
      let stored: Rate?
      var stale: Bool
    }
    let rows = currencies.map { currency in
      let stored = portfolio.currentRate(of: currency)
      return Row(
        currency: currency, rate: try? portfolio.displayRate(of: currency), stored: stored,
        stale: stored?.isStale(on: portfolio.today) ?? false)
    }
    switch flags.format ?? options.format {
    case .table:
      var table = TextTable([.left, .left, .left, .left])
      for row in rows {
        let quote =
          row.rate.map { "1 \(row.currency.code) = \($0) \(local.code)" } ?? "1 \(row.currency.code) = ? (no rate)"
        table.add([
          quote, row.stored?.date.description ?? "", row.stored?.source ?? "",
          row.stale ? output.styled("stale", "33") : "",
        ])
      }
      for line in table.lines() { output.line(line) }
    case .plain:
      for row in rows { output.line("\(row.currency.code) \(row.rate?.description ?? "")") }
    case .csv:
      output.line("code,rate,local,date,source,stale")
      for row in rows {
        output.line(
          CSVText.row([
            row.currency.code, row.rate?.description ?? "", local.code, row.stored?.date.description ?? "",
            row.stored?.source ?? "", row.stale ? "true" : "false",
          ]))
      }
    case .json:
      let items = rows.map { row in
        JSONText.object([
          ("code", JSONText.string(row.currency.code)),
          ("rate", row.rate.map { JSONText.string($0.description) } ?? "null"),
          ("date", row.stored.map { JSONText.string($0.date.description) } ?? "null"),
          ("source", row.stored.map { JSONText.string($0.source) } ?? "null"), ("stale", row.stale ? "true" : "false"),
        ])
      }
      output.line(JSONText.object([("local", JSONText.string(local.code)), ("rates", JSONText.array(items))]))
    }
  }

  func stats(_ parser: inout Parser) throws(StatementFailure) {
    let flags = try flags(&parser, command: "stats")
    try expectEnd(parser)
    let counters = ledger.counters.all
    switch flags.format ?? options.format {
    case .table:
      var table = TextTable([.left, .right])
      for counter in counters { table.add([counter.name, String(counter.value)]) }
      for line in table.lines() { output.line(line) }
    case .plain:
      for counter in counters { output.line("\(counter.name) \(counter.value)") }
    case .csv:
      output.line("name,value")
      for counter in counters { output.line("\(counter.name),\(counter.value)") }
    case .json:
      output.line(JSONText.object(counters.map { ($0.name, String($0.value)) }))
    }
  }
}

extension Interpreter {
  /// `rates import FILE`: the path is a string or the rest of the statement as written.
  func importRates(_ parser: inout Parser) throws(StatementFailure) {
    var offset = parser.peek?.start ?? parser.tokens.last?.end ?? parser.endOffset
    offset += parser.line.bytes[offset..<parser.endOffset].prefix { LineScanner.isBlank($0) }.count
    let path = try pathArgument(&parser, what: "a rates file to import")
    let resolved = path.hasPrefix("/") ? path : (currentFolder as NSString).appendingPathComponent(path)
    let data: [UInt8]
    do {
      data = try RatesFileLoader.read(resolved)
    } catch {
      throw failure(parser, "cannot read rates file \(path): \(error.reason)", at: offset)
    }
    output.line(try importRates(data, name: (path as NSString).lastPathComponent, parser, at: offset, doing: "import"))
  }

  /// `rates fetch [URL]`: downloads (default: the ECB daily XML) and imports; a failed
  /// download or a bad answer leaves the stored rates as they were.
  func fetchRates(_ parser: inout Parser) throws(StatementFailure) {
    var offset = parser.peek?.start ?? parser.tokens.last?.end ?? parser.endOffset
    let rest = parser.line.bytes[offset..<parser.endOffset]
    offset += rest.prefix { LineScanner.isBlank($0) }.count
    let text = rest.allSatisfy(LineScanner.isBlank) ? RateFetcher.defaultURL : try pathArgument(&parser, what: "a URL")
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      throw failure(parser, "not an http or https URL: \(text)", at: offset)
    }
    switch RateFetcher.fetch(url, shouldStop: Self.stopRequested) {
    case .success(let data):
      output.line(try importRates(Array(data), name: url.absoluteString, parser, at: offset, doing: "fetch"))
    case .failure(.interrupted):
      throw interruption("fetch", parser, at: offset)
    case .failure(.failed(let message)):
      throw failure(parser, message + "; rates unchanged", at: offset)
    }
  }

  /// Whether a signal is pending (Ctrl-C in the interactive shell, SIGTERM, SIGHUP): a
  /// running coffer-rates helper is then killed and an import rolled back.
  static let stopRequested: @Sendable () -> Bool = { Signals.pending != 0 }

  /// Imports bytes already read; returns the report line. `what` names the command in
  /// the message of an interruption ("import", "fetch").
  func importRates(
    _ data: [UInt8], name: String, _ parser: Parser, at offset: Int, doing what: String
  ) throws(StatementFailure) -> String {
    let bar = ProgressBar(output: output, label: "importing \(name)")
    defer { bar.finish() }
    do {
      return try ledger.importRates(
        from: data, name: name, xmlAndZip: RatesHelper(shouldStop: Self.stopRequested), shouldStop: Self.stopRequested,
        progress: bar.update
      ).description
    } catch {
      switch error {
      case .file(let problem):
        throw failure(parser, "\(name): \(problem.description); nothing imported", at: offset)
      case .store(let problem):
        throw StatementFailure(problem, at: parser.line.location(ofOffset: offset))
      case .interrupted:
        throw interruption(what, parser, at: offset)
      }
    }
  }

  /// A rates command stopped by a signal. Ctrl-C stops the line and the shell lives on;
  /// SIGTERM and SIGHUP end the run (which saves, then exits 128 + the signal).
  func interruption(_ what: String, _ parser: Parser, at offset: Int) -> StatementFailure {
    let signal = Signals.pending
    let error = parser.error("\(what) interrupted; rates unchanged", at: offset)
    return StatementFailure(
      error.message, at: error.location, status: signal == SIGTERM || signal == SIGHUP ? 128 + signal : 1)
  }

  /// A file path or URL: the rest of the statement as written (paths hold '/', '.' and
  /// ':', which are not tokens), in quotes when it holds blanks.
  func pathArgument(_ parser: inout Parser, what: String) throws(StatementFailure) -> String {
    let start = parser.peek?.start ?? parser.tokens.last?.end ?? parser.endOffset
    let raw = String(decoding: parser.line.bytes[start..<parser.endOffset], as: UTF8.self)
    var path = raw.trimmingCharacters(in: .whitespaces)
    parser = Parser(
      line: parser.line, tokens: Array(parser.tokens.prefix(parser.position)), endOffset: parser.endOffset)
    if path.count >= 2, let quote = path.first, quote == "\"" || quote == "'", path.last == quote {
      path = String(path.dropFirst().dropLast())
      if quote == "\"" {
        path = path.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
      }
    }
    guard !path.isEmpty else { throw StatementFailure(parser.expected(what)) }
    return path
  }
}

extension Interpreter {
  /// The holdings valued at the rates of a date, for `… at DATE` (today's portfolio
  /// when no `at` follows).
  func portfolioAt(_ parser: inout Parser) throws(StatementFailure) -> Portfolio {
    guard parser.accept(word: "at") else { return ledger.portfolio }
    guard parser.atExpression else { throw StatementFailure(parser.expected("a date (YYYY-MM-DD) after 'at'")) }
    let expression = try expression(&parser)
    guard case .date(let date) = try evaluate(expression, parser) else {
      throw failure(parser, "'at' needs a date (YYYY-MM-DD)", at: expression.offset)
    }
    return try portfolio(on: date, parser, at: expression.offset)
  }

  /// Today's amounts valued at the rates in use on `date`. Its reads count apart from
  /// the live total's.
  func portfolio(on date: CalendarDate, _ parser: Parser, at offset: Int) throws(StatementFailure) -> Portfolio {
    let rates: RateBook
    do {
      rates = try ledger.rates(on: date)
    } catch {
      throw StatementFailure(error, at: parser.line.location(ofOffset: offset))
    }
    let dated = Portfolio(local: ledger.portfolio.local, rates: rates, today: date, counters: Counters())
    for currency in ledger.portfolio.held {
      dated.setAmount(ledger.portfolio.amount(of: currency), of: currency)
    }
    return dated
  }
}

extension Interpreter {
  /// `chart C|total [from DATE] [to DATE]`: the last year unless told otherwise.
  func chart(_ parser: inout Parser) throws(StatementFailure) {
    let subjectOffset = parser.nextOffset
    let (subject, _) = try expectWord(&parser, "a currency code or 'total'")
    let currency: Currency? =
      subject.lowercased() == "total" ? nil : try self.currency(named: subject, parser: parser, at: subjectOffset)
    let portfolio = ledger.portfolio
    var to = portfolio.today
    var from = CalendarDate(dayNumber: to.dayNumber - 365) ?? to
    while let word = parser.peek?.word?.lowercased(), word == "from" || word == "to" {
      _ = parser.advance()
      guard parser.atExpression else { throw StatementFailure(parser.expected("a date (YYYY-MM-DD) after '\(word)'")) }
      let expression = try expression(&parser)
      let date = try dateArgument(expression, parser, function: "chart \(word)")
      if word == "from" { from = date } else { to = date }
    }
    try expectEnd(parser)
    guard from < to else { throw failure(parser, "chart: 'from' must be before 'to'", at: subjectOffset) }
    let local = portfolio.local
    let amounts: [(Currency, DecimalValue)] =
      currency.map { [($0, DecimalValue.one)] } ?? portfolio.held.map { ($0, portfolio.amount(of: $0)) }
    guard !amounts.isEmpty else { throw failure(parser, "chart total: nothing is held", at: subjectOffset) }
    var histories: [Currency: [Rate]] = [:]
    do {
      for needed in Set(amounts.map(\.0) + [local]) {
        histories[needed] = try ledger.store.history(of: needed, from: from, to: to)
      }
    } catch {
      throw StatementFailure(error, at: parser.line.location(ofOffset: subjectOffset))
    }
    let points = ValueSeries.points(amounts: amounts, local: local, histories: histories, from: from, to: to)
    guard points.count >= 2 else {
      throw failure(
        parser,
        "chart: \(points.count) rate \(points.count == 1 ? "date" : "dates") between \(from) and \(to); a chart needs 2 (rates import a history first)",
        at: subjectOffset)
    }
    let width = output.isTerminal ? (LineEditing.Terminal.size()?.columns ?? 80) : 80
    let title = currency.map { "1 \($0.code) in \(local.code)" } ?? "total in \(local.code) of today's holdings"
    output.line(
      "\(title), \(points.first?.date.description ?? "") … \(points.last?.date.description ?? "") (\(points.count) dates)"
    )
    let chart = BrailleChart(points: points, width: width, height: 12)
    let format: (DecimalValue) -> String =
      currency == nil ? { MoneyText.format($0, local, output: self.output) } : { $0.rounded(toPlaces: 4).description }
    for line in chart.lines(output: output, format: format) { output.line(line) }
  }
}
