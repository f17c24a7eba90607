import Testing

@testable import AppServices

/// The module's heap: the smallest element first, whatever the order of inserts.
@Suite struct MinHeapTests {
    @Test("Elements come out in increasing order, inserts and removals interleaved", arguments: 0..<20)
    func sameOrderAsSorting(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var heap = MinHeap<Int>()
        var expected: [Int] = []
        for _ in 0..<400 {
            if Int.random(in: 0..<3, using: &random) < 2 {
                // Few distinct values, so equal elements meet in the heap.
                let value = Int.random(in: 0..<50, using: &random)
                heap.insert(value)
                expected.append(value)
                expected.sort()
            } else {
                #expect(heap.min == expected.first)
                #expect(heap.popMin() == (expected.isEmpty ? nil : expected.removeFirst()))
            }
            #expect(heap.count == expected.count)
        }
        var drained: [Int] = []
        while !heap.isEmpty { drained.append(heap.removeMin()) }
        #expect(drained == expected)
        #expect(heap.min == nil)
        #expect(heap.popMin() == nil)
    }
}
