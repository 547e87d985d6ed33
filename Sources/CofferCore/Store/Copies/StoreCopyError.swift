/// Why a backup or a restore did nothing: the file it was given (the store is as it was),
/// or the store itself.
package enum StoreCopyError: Error, Sendable, CustomStringConvertible {
  /// The backup's destination or the file to restore from: a failed statement.
  case file(FileProblem)
  /// The store could not be read or written: a store that cannot be used (exit 3).
  case store(StoreError)

  package var description: String {
    switch self {
    case .file(let problem): problem.description
    case .store(let error): error.description
    }
  }
}
