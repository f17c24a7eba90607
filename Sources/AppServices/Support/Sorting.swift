extension Sequence {
    /// The elements in the order `areInIncreasingOrder` gives, equal ones in their order
    /// here: what `sorted(by:)` returns, from one copy of the sorting code.
    ///
    /// The module sorts only a few elements at a time (the points of a session, the rows of
    /// a report, the names in a message), and the standard library's sort is copied for
    /// every element type and every comparison it is called with: 26 copies cost a twenty-
    /// fifth of the module's code. This sorts positions, as `Int`s, compared through the
    /// elements they stand for.
    func sortedOnce(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        let elements = Array(self)
        return withoutActuallyEscaping(areInIncreasingOrder) { compare in
            PositionSort { compare(elements[$0], elements[$1]) }.sorted(elements.count).map { elements[$0] }
        }
    }
}

extension Sequence where Element: Comparable {
    /// The elements in increasing order: what `sorted()` returns, from one copy of the
    /// sorting code (see ``Swift/Sequence/sortedOnce(by:)``).
    func sortedOnce() -> [Element] { sortedOnce(by: <) }
}

/// Sorts positions `0..<count` by a comparison of what they stand for: a merge sort,
/// stable, made once for the whole module. The comparison is kept in the instance, not
/// passed to the sort, so that the optimizer does not copy the sort for each comparison.
private final class PositionSort {
    let areInIncreasingOrder: (Int, Int) -> Bool

    init(_ areInIncreasingOrder: @escaping (Int, Int) -> Bool) {
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// The positions `0..<count`, equal ones in increasing order.
    @inline(never)
    func sorted(_ count: Int) -> [Int] {
        var positions = Array(0..<count)
        var buffer = positions
        var width = 1
        while width < count {
            var start = 0
            while start < count {
                let middle = min(start + width, count)
                let end = min(start + 2 * width, count)
                var left = start
                var right = middle
                var out = start
                while left < middle, right < end {
                    // Right before left only when strictly smaller: equal ones keep their order.
                    if areInIncreasingOrder(positions[right], positions[left]) {
                        buffer[out] = positions[right]
                        right += 1
                    } else {
                        buffer[out] = positions[left]
                        left += 1
                    }
                    out += 1
                }
                while left < middle {
                    buffer[out] = positions[left]
                    left += 1
                    out += 1
                }
                while right < end {
                    buffer[out] = positions[right]
                    right += 1
                    out += 1
                }
                start = end
            }
            swap(&positions, &buffer)
            width *= 2
        }
        return positions
    }
}
