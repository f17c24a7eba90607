/// A binary min-heap: the smallest element is read in constant time, and inserting or
/// removing the smallest costs O(log n).
///
/// Used for the dependency graph's ready set, the launch's timers and the trace's lanes;
/// it replaces swift-collections' `Heap`, for the reason ``FIFOQueue`` gives.
struct MinHeap<Element: Comparable> {
    /// The elements in heap order: each is no greater than the two at `2i + 1` and `2i + 2`.
    private var elements: [Element] = []

    /// Creates an empty heap.
    init() {}

    /// Whether the heap holds no element.
    var isEmpty: Bool { elements.isEmpty }

    /// How many elements the heap holds.
    var count: Int { elements.count }

    /// The smallest element; `nil` when the heap is empty.
    var min: Element? { elements.first }

    /// Adds `element`.
    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element; the heap must not be empty.
    @discardableResult
    mutating func removeMin() -> Element {
        precondition(!elements.isEmpty, "removeMin() on an empty heap.")
        elements.swapAt(0, elements.count - 1)
        let smallest = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < elements.count else { break }
            let right = left + 1
            let child = right < elements.count && elements[right] < elements[left] ? right : left
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            parent = child
        }
        return smallest
    }

    /// Removes and returns the smallest element; `nil` when the heap is empty.
    mutating func popMin() -> Element? { elements.isEmpty ? nil : removeMin() }
}

extension MinHeap: Sendable where Element: Sendable {}
