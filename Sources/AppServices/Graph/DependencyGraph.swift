/// A directed graph whose nodes are numbered in registration order and point at the nodes
/// they depend on.
///
/// It is the one mechanism behind service ordering and launch-plan validation: it finds
/// duplicates, missing dependencies and cycles together, and orders the nodes so that each
/// comes after its dependencies, ties keeping registration order.
struct DependencyGraph<Key: Hashable> {
    /// One node as the caller registered it.
    struct Node {
        var key: Key
        var dependencies: [Key]
    }

    /// A problem that keeps the graph from being ordered.
    enum Problem: Equatable {
        /// `duplicate` is registered again; `first` is where the key was first registered.
        case duplicate(first: Int, duplicate: Int)
        /// Node `dependent` depends on a key that no node has.
        case missing(dependent: Int, dependency: Key)
        /// A cycle, as node positions: each depends on the next and the last on the first.
        case cycle([Int])
    }

    /// Each node's key, in registration order (duplicates included, so positions stay
    /// stable).
    let keys: [Key]
    /// The resolved edges, laid out flat: node `n` depends on
    /// `edgeTargets[edgeStart[n]..<edgeStart[n + 1]]` (unique positions). Flat arrays rather
    /// than an array per node, which at 100,000 nodes cost more to allocate and free than
    /// the algorithms.
    private let edgeStart: [Int]
    private let edgeTargets: [Int]
    /// Position of the first node registered for each key.
    let positions: [Key: Int]
    /// For each node, whether it is the first registered for its key (not a duplicate);
    /// kept so the algorithms below read an array instead of hashing keys again.
    private let primary: [Bool]
    /// Problems found while resolving keys (duplicates and missing dependencies).
    private let resolutionProblems: [Problem]

    /// How many nodes were registered.
    var count: Int { keys.count }

    /// The positions node `index` depends on.
    func edges(of index: Int) -> ArraySlice<Int> { edgeTargets[edgeStart[index]..<edgeStart[index + 1]] }

    /// Creates the graph of `nodes`.
    init(_ nodes: [Node]) {
        self.init(
            count: nodes.count,
            key: { nodes[$0].key },
            dependencies: { index, visit in for dependency in nodes[index].dependencies { visit(dependency) } }
        )
    }

    /// Creates the graph of `count` nodes described by closures, so callers with many
    /// nodes need not build an array of dependencies per node.
    ///
    /// The graph holds no names: messages ask the caller for them (`describedProblems`),
    /// only when there is a problem to describe. Naming every service and dependency by
    /// its type (which demangles the name) as a composite sealed was about a tenth of the
    /// main thread's samples in a cold launch (`perf`).
    ///
    /// - Parameters:
    ///   - key: The key of the node at a position.
    ///   - dependencies: Calls `visit` with each key the node at a position depends on.
    init(
        count: Int,
        key: (Int) -> Key,
        dependencies: (Int, (Key) -> Void) -> Void
    ) {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var positions: [Key: Int] = [:]
        positions.reserveCapacity(count)
        var problems: [Problem] = []
        var primary = [Bool](repeating: true, count: count)
        for index in 0..<count {
            let nodeKey = key(index)
            keys.append(nodeKey)
            // One hash per node: register, and put the first back in the rare duplicate.
            if let first = positions.updateValue(index, forKey: nodeKey) {
                positions[nodeKey] = first
                problems.append(.duplicate(first: first, duplicate: index))
                primary[index] = false
            }
        }
        var edgeStart: [Int] = []
        edgeStart.reserveCapacity(count + 1)
        var edgeTargets: [Int] = []
        edgeTargets.reserveCapacity(count * 3)
        for index in 0..<count {
            let first = edgeTargets.count
            edgeStart.append(first)
            dependencies(index) { dependency in
                guard let target = positions[dependency] else {
                    // A duplicate's missing dependencies are its first's, reported once.
                    if primary[index] { problems.append(.missing(dependent: index, dependency: dependency)) }
                    return
                }
                if !edgeTargets[first...].contains(target) { edgeTargets.append(target) }
            }
        }
        edgeStart.append(edgeTargets.count)
        self.keys = keys
        self.edgeStart = edgeStart
        self.edgeTargets = edgeTargets
        self.positions = positions
        self.primary = primary
        self.resolutionProblems = problems
    }

    /// Every problem: duplicates and missing dependencies in registration order, then one
    /// cycle per strongly connected component that has one.
    func problems() -> [Problem] {
        resolutionProblems + cycles().map(Problem.cycle)
    }

    /// The positions of the nodes (duplicates left out) in dependency order, ties in
    /// registration order; `nil` when the graph has a cycle.
    ///
    /// Kahn's algorithm with a min-heap of ready positions: O((V + E) log V).
    func order() -> [Int]? {
        let count = self.count
        // Each node's dependents, in registration order, laid out flat: node n's are
        // dependents[firstDependent[n]..<firstDependent[n + 1]]. Two arrays instead of one
        // per node, which at 100,000 nodes cost more to allocate and free than the sort.
        var firstDependent = [Int](repeating: 0, count: count + 1)
        var waitingOn = [Int](repeating: 0, count: count)
        var live = 0
        for index in 0..<count where isPrimary(index) {
            live += 1
            waitingOn[index] = edges(of: index).count
            for dependency in edges(of: index) { firstDependent[dependency + 1] += 1 }
        }
        for index in 0..<count { firstDependent[index + 1] += firstDependent[index] }
        var dependents = [Int](repeating: 0, count: firstDependent[count])
        var filled = firstDependent
        for index in 0..<count where isPrimary(index) {
            for dependency in edges(of: index) {
                dependents[filled[dependency]] = index
                filled[dependency] += 1
            }
        }
        var ready = MinHeap<Int>()
        for index in 0..<count where isPrimary(index) && waitingOn[index] == 0 {
            ready.insert(index)
        }
        var result: [Int] = []
        result.reserveCapacity(live)
        while let next = ready.popMin() {
            result.append(next)
            for dependent in dependents[firstDependent[next]..<firstDependent[next + 1]] {
                waitingOn[dependent] -= 1
                if waitingOn[dependent] == 0 { ready.insert(dependent) }
            }
        }
        return result.count == live ? result : nil
    }

    /// Whether the node at `index` is the one its key resolves to (not a duplicate).
    func isPrimary(_ index: Int) -> Bool { primary[index] }

    /// One cycle per strongly connected component that contains one, each starting at the
    /// component's earliest-registered node and as short as possible through it.
    func cycles() -> [[Int]] {
        cyclicComponents()
            .map(shortestCycle(through:))
            .sortedOnce { $0[0] < $1[0] }
    }

    /// The strongly connected components that contain a cycle (more than one node, or one
    /// node that depends on itself), found with Tarjan's algorithm, iterative so that deep
    /// graphs cannot overflow the stack. Acyclic single nodes, nearly every node of a real
    /// graph, are not collected.
    private func cyclicComponents() -> [[Int]] {
        let count = self.count
        var indexOf = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0
        // Each frame is a node and how many of its edges have been followed.
        var frames: [(node: Int, edge: Int)] = []

        for root in 0..<count where isPrimary(root) && indexOf[root] == -1 {
            frames.append((root, 0))
            indexOf[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true

            while let frame = frames.last {
                let node = frame.node
                let edges = edges(of: node)
                if frame.edge < edges.count {
                    frames[frames.count - 1].edge += 1
                    let next = edges[edges.startIndex + frame.edge]
                    if indexOf[next] == -1 {
                        indexOf[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        frames.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], indexOf[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[node])
                }
                if lowLink[node] == indexOf[node] {
                    if stack.last == node && !edges.contains(node) {
                        stack.removeLast()
                        onStack[node] = false
                        continue
                    }
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    components.append(component.sortedOnce())
                }
            }
        }
        return components
    }

    /// The shortest path from the component's first node back to itself, by breadth-first
    /// search over edges that stay inside the component.
    private func shortestCycle(through component: [Int]) -> [Int] {
        let start = component[0]
        let members = Set(component)
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in edges(of: node) where members.contains(next) {
                if next == start {
                    var path = [node]
                    while let back = previous[path[path.count - 1]] { path.append(back) }
                    return path.reversed()
                }
                if previous[next] == nil && next != start {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start]  // unreachable for a real component: it always has a cycle
    }
}
