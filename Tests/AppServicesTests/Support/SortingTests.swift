import Testing

@testable import AppServices

/// The module's one sort: the same order as the standard library's stable sort.
@Suite struct SortingTests {
    @Test("Sorting gives the standard library's order, equal elements in their first order", arguments: 0..<40)
    func sameOrderAsTheStandardLibrary(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = seed < 4 ? seed : Int.random(in: 0...300, using: &random)
        // Few distinct keys, so many elements compare equal and stability shows.
        let elements = (0..<count).map { (key: Int.random(in: 0..<8, using: &random), position: $0) }
        let ours = elements.sortedOnce { $0.key < $1.key }
        let library = elements.sorted { $0.key < $1.key }
        #expect(ours.map(\.position) == library.map(\.position))
    }

    @Test("Comparable elements sort increasingly")
    func comparable() {
        #expect(["b", "c", "a", "b"].sortedOnce() == ["a", "b", "b", "c"])
        #expect([Int]().sortedOnce() == [])
    }
}
