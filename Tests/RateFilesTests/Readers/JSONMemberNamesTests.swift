import Foundation
import Testing
import XMLAndZip

@testable import RateFiles

/// The repeated keys that JSONDecoder would resolve silently, found in the text.
@Suite struct JSONMemberNamesTests {
  let temporary = TemporaryFolder()

  private func check(_ text: String) -> RateFileError? {
    do {
      _ = try JSONMemberNames.check(Array(text.utf8), rateMaps: ["rates", "conversion_rates"])
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    // Names inside strings, arrays and values are not names of the object.
    #"{"a":"{\"a\":1}","b":["a","a"],"c":{"a":1},"d":[{"a":1},{"a":2}]}"#,
    // The same name in two objects, and in a nested object under "rates" not at the top.
    #"{"x":{"rates":{"usd":1,"USD":2}},"rates":{"USD":1}}"#,
    // Case matters outside the map of rates, and non-ASCII letters are not folded.
    #"{"Base":"USD","base":"EUR","rates":{"ß":1,"SS":2,"é":3,"É":4}}"#,
    // A backslash before the closing quote does not end the string.
    #"{"a\\":1,"a":2}"#,
  ])
  func distinctNamesPass(text: String) {
    #expect(check(text) == nil)
  }

  @Test(arguments: [
    (#"{"a":1,"a":2}"#, "byte 7: the key \"a\" appears twice in one object (first at byte 1)"),
    (#"{"a":{"b":1,"c":[1,{"b":2}],"b":3}}"#, "byte 28: the key \"b\" appears twice in one object (first at byte 6)"),
    // Escapes are undone before names are compared: \u0041 is A, a surrogate pair is 😀.
    (#"{"A":1,"\u0041":2}"#, "byte 7: the key \"A\" appears twice in one object (first at byte 1)"),
    (#"{"😀":1,"\ud83d\ude00":2}"#, "byte 10: the key \"😀\" appears twice in one object (first at byte 1)"),
    (#"{"base_code":"USD","conversion_rates":{"Usd":1,"uSD":2}}"#, "byte 47: \"uSD\" and \"Usd\" (byte 39)"),
  ])
  func repeatedNamesAreNamedWithTheirBytes(text: String, error: String) {
    #expect(check(text)?.description.hasPrefix(error) == true, "\(String(describing: check(text)))")
  }

  @Test func theRateMapsOffsetsAreGivenByCode() throws {
    let offsets = try JSONMemberNames.check(
      Array(#"{"base":"usd","rates":{"usd":1,"EUR":0.9}}"#.utf8), rateMaps: ["rates"])
    #expect(offsets == ["USD": 23, "EUR": 31])
  }

  /// A zip is read one level deep, and only when it holds one rates file.
  @Test func zipsInsideZipsAndSeveralRatesFilesAreRefusedInProcessToo() throws {
    let folder = temporary.path
    let script = """
      import io, sys, zipfile
      def make(entries):
          buffer = io.BytesIO()
          with zipfile.ZipFile(buffer, 'w') as z:
              for name, data in entries: z.writestr(name, data)
          return buffer.getvalue()
      csv = b"date,code,rate\\n2026-11-01,USD,1.1\\n"
      open(sys.argv[1] + '/inner.zip', 'wb').write(make([('x.zip', make([('a.csv', csv)]))]))
      open(sys.argv[1] + '/two.zip', 'wb').write(make([('a.csv', csv), ('b.csv', csv)]))
      """
    let result = try ChildProcess.run(["python3", "-c", script, folder], input: nil)
    #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
    for (name, error) in [
      (
        "inner.zip",
        "entry x.zip: a zip inside the zip is not read (only a rates file inside one zip is); unpack it and import what it holds"
      ),
      ("two.zip", "two.zip: the zip holds 2 rates files (a.csv, b.csv); unpack it and import each one"),
    ] {
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      var refusal: String?
      do {
        _ = try RateFileReader.read(data, name: name, xmlAndZip: LocalXMLAndZipReader())
      } catch {
        refusal = error.description
      }
      #expect(refusal == error)
    }
  }
}
