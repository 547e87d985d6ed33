import ArgumentParser
import Foundation

/// The command line as argument-parser describes it: the JSON of
/// `--experimental-dump-help`, which its own manual generator reads too. The manual page
/// takes the options from here, so they are the ones `--help` prints.
struct CommandLineReference: Decodable {
  struct Name: Decodable {
    /// `short`, `long` or `longWithSingleDash`.
    let kind: String
    let name: String

    var spelled: String { kind == "short" || kind == "longWithSingleDash" ? "-" + name : "--" + name }
  }

  struct Argument: Decodable {
    /// `option`, `flag` or `positional`.
    let kind: String
    let names: [Name]?
    let valueName: String?
    let abstract: String?
    let discussion: String?
    let defaultValue: String?
    /// The values an option takes, when it names them (`--format`).
    let allValues: [String]?
    let isRepeating: Bool
    let shouldDisplay: Bool
  }

  struct Command: Decodable {
    let commandName: String
    let abstract: String?
    let discussion: String?
    let arguments: [Argument]?
  }

  let command: Command

  /// Why the description could not be had.
  struct Unreadable: Error, CustomStringConvertible {
    let description: String
  }

  /// The description of `command`, asked of argument-parser in this process.
  static func of(_ command: any ParsableCommand.Type) throws -> CommandLineReference {
    let json: String
    do {
      _ = try command.parseAsRoot(["--experimental-dump-help"])
      throw Unreadable(description: "argument-parser gave no description of \(command)")
    } catch let error as Unreadable {
      throw error
    } catch {
      json = command.fullMessage(for: error)
    }
    do {
      return try JSONDecoder().decode(CommandLineReference.self, from: Data(json.utf8))
    } catch {
      throw Unreadable(description: "argument-parser's description of \(command) does not read: \(error)")
    }
  }
}
