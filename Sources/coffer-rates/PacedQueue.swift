import Foundation
import RateFiles

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate queue of a download, which makes URLSession wait for the delegate.
/// swift-corelibs-foundation hands each piece of body to the delegate queue without
/// waiting, and libcurl inflates a gzip body as fast as it can: a 1 MB bomb queued 1 GB
/// of pieces before the delegate had counted past the limit. Here at most `depth` pieces
/// wait; once halted, none is taken any more and the download stands still.
final class PacedQueue: OperationQueue, @unchecked Sendable {
  private let room: DispatchSemaphore
  private let lock = NSLock()
  private var halted = false

  init(depth: Int) {
    room = DispatchSemaphore(value: depth)
    super.init()
    maxConcurrentOperationCount = 1
  }

  /// Takes no more work from URLSession: the next piece it hands over waits for good.
  func halt() {
    lock.withLock { halted = true }
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    // Work the queue gives itself (a delegate answering URLSession) never waits on it.
    guard OperationQueue.current !== self else {
      super.addOperation(block)
      return
    }
    room.wait()
    // Halted: the room taken is not given back, so at most `depth` more pieces come.
    guard !lock.withLock({ halted }) else { return }
    super.addOperation { [room] in
      block()
      room.signal()
    }
  }
}
