/// A first-in, first-out queue: an array read from a head that moves forward, its slots
/// emptied as they are read and the array shortened once the head has passed half of it,
/// so that appending and taking the first element cost amortized constant time.
///
/// The module queues little (the events posted during one dispatch, the synchronous
/// initializers of one launch). swift-collections' `Deque` did this before, and with its
/// `Heap` (see ``MinHeap``) made the package depend on swift-collections: 178 KB of object
/// code for an app that adopts the library without its traits, for two queues and three
/// heaps.
struct FIFOQueue<Element> {
    /// The queue's slots; those before `head` have been read and hold `nil`, so that what
    /// the queue handed out is not kept alive by it.
    private var slots: [Element?] = []
    /// The position of the first element.
    private var head = 0

    /// Creates an empty queue.
    init() {}

    /// Whether the queue holds no element.
    var isEmpty: Bool { head == slots.count }

    /// How many elements the queue holds.
    var count: Int { slots.count - head }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) { slots.append(element) }

    /// Removes and returns the first element; `nil` when the queue is empty.
    mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let element = slots[head].take()
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16, head * 2 >= slots.count {
            slots.removeSubrange(0..<head)
            head = 0
        }
        return element
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
