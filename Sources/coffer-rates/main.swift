// coffer-rates: the work behind `rates fetch` and `rates import` that needs libraries
// Coffer's own binary does not load (see RatesHelper).
//
//   coffer-rates fetch URL TIMEOUT   the body of a successful HTTP(S) GET, on stdout
//   coffer-rates xml                 the rates in the ECB XML on stdin
//
// Answers are written as HelperWire describes. Exit status: 0 with the answer on stdout;
// 1 with the reason on stderr; 2 for a usage error.
import CofferText
import Foundation
import RateFiles
import XMLAndZip

// The reasons this helper gives are shown to the person, in the language coffer chose
// from the same environment.
Messages.choose(NameLanguage.from(environment: ProcessInfo.processInfo.environment))
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ reason: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data(reason.utf8))
  exit(status)
}

func answer(_ data: Data) -> Never {
  FileHandle.standardOutput.write(data)
  exit(0)
}

/// All of stdin, or the reason it is refused: more than a rates file may hold.
func boundedInput() throws(RateFileError) -> Data {
  var data = Data()
  while true {
    let chunk: Data?
    do {
      chunk = try FileHandle.standardInput.read(upToCount: 1 << 20)
    } catch {
      throw RateFileError(
        tr("cannot read the input: {reason}", ["reason": error.localizedDescription]), byte: data.count)
    }
    guard let chunk, !chunk.isEmpty else { return data }
    data.append(chunk)
    guard data.count <= RateLimits.maximumBytes else {
      throw RateFileError(
        tr("the input is larger than {limit}", ["limit": RateLimits.maximumText]), byte: RateLimits.maximumBytes)
    }
  }
}

switch arguments.first {
case "fetch":
  guard arguments.count == 3, let url = URL(string: arguments[1]), let timeout = TimeInterval(arguments[2]) else {
    fail("usage: coffer-rates fetch URL TIMEOUT-SECONDS\n", status: 2)
  }
  switch Fetch.body(of: url, timeout: timeout) {
  case .success(let body): answer(body)
  case .failure(let problem): fail(problem.message)
  }
case "xml" where arguments.count == 1:
  do {
    answer(HelperWire.encode(try LocalXMLAndZipReader().quotes(inXML: boundedInput())))
  } catch {
    fail(HelperWire.encode(error))
  }
default:
  fail("usage: coffer-rates fetch URL TIMEOUT-SECONDS | xml\n", status: 2)
}
