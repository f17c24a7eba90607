import Testing

@testable import AppServices

/// The module's queue: first in, first out, whatever the order of appends and takes.
@Suite struct FIFOQueueTests {
    @Test("Elements come out in the order they went in, appends and takes interleaved", arguments: 0..<20)
    func sameOrderAsAnArray(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var queue = FIFOQueue<Int>()
        var expected: [Int] = []
        var next = 0
        for _ in 0..<500 {
            // More appends than takes, so the queue grows and its head passes the compaction point.
            if Int.random(in: 0..<5, using: &random) < 3 {
                queue.append(next)
                expected.append(next)
                next += 1
            } else {
                #expect(queue.popFirst() == (expected.isEmpty ? nil : expected.removeFirst()))
            }
            #expect(queue.count == expected.count)
            #expect(queue.isEmpty == expected.isEmpty)
        }
        while let element = queue.popFirst() { #expect(element == expected.removeFirst()) }
        #expect(expected.isEmpty)
        #expect(queue.popFirst() == nil)
    }

    @Test("An element taken from the queue is no longer kept alive by it")
    func releasesWhatItHandsOut() {
        final class Token {}
        var queue = FIFOQueue<Token>()
        weak var first: Token?
        do {
            let token = Token()
            first = token
            queue.append(token)
            queue.append(Token())
            queue.append(Token())
        }
        _ = queue.popFirst()
        #expect(first == nil)
        #expect(queue.count == 2)
    }
}
