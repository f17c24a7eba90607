/// A seeded, layered dependency graph: nodes in layers of equal width, each node after the
/// first layer depending on distinct nodes of the layer before it. Node `i` depends only
/// on nodes with smaller indices, so index order is a valid (topological) order.
public struct LayeredGraph: Sendable {
    /// One node: its name, the indices of the nodes it depends on, and how long its work
    /// is planned to take.
    public struct Node: Sendable {
        /// The node's name (its identity in a launch plan).
        public let name: String
        /// The indices of the nodes it depends on.
        public let dependencies: [Int]
        /// How long its work takes (zero for no-op graphs).
        public let duration: Duration
    }

    /// The nodes, in index (topological) order.
    public let nodes: [Node]

    /// Builds a graph of `nodeCount` nodes in layers of `layerWidth`, each node after the
    /// first layer depending on `dependencyCount` distinct nodes of the previous layer, with
    /// durations drawn uniformly (to the microsecond) from `durations`.
    public init(
        nodeCount: Int,
        layerWidth: Int,
        dependencyCount: Int,
        durations: ClosedRange<Duration> = .zero ... .zero,
        seed: UInt64
    ) {
        precondition(dependencyCount <= layerWidth, "A node cannot depend on more nodes than a layer holds.")
        var random = SplitMix64(seed: seed)
        let low = Self.microseconds(durations.lowerBound)
        let high = Self.microseconds(durations.upperBound)
        nodes = (0..<nodeCount).map { index in
            let layer = index / layerWidth
            var dependencies: [Int] = []
            if layer > 0 {
                let previous = (layer - 1) * layerWidth..<layer * layerWidth
                var chosen = Set<Int>()
                while chosen.count < dependencyCount { chosen.insert(Int.random(in: previous, using: &random)) }
                dependencies = chosen.sorted()
            }
            let duration = Duration.microseconds(Int64.random(in: low...high, using: &random))
            return Node(name: "node-\(index)", dependencies: dependencies, duration: duration)
        }
    }

    /// The number of dependency edges.
    public var edgeCount: Int { nodes.reduce(0) { $0 + $1.dependencies.count } }

    /// The sum of every node's duration: what running the nodes one after another takes.
    public var totalWork: Duration { nodes.reduce(.zero) { $0 + $1.duration } }

    /// The length of the longest chain of dependent nodes, by planned durations: the least
    /// wall time any scheduler can reach.
    public var criticalPath: Duration {
        var finish: [Duration] = []
        finish.reserveCapacity(nodes.count)
        for node in nodes {
            let start = node.dependencies.map { finish[$0] }.max() ?? .zero
            finish.append(start + node.duration)
        }
        return finish.max() ?? .zero
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

extension LayeredGraph {
    /// Target 5's graph: 200 nodes in layers of 20, 3 dependencies each, every node
    /// sleeping 1-5 ms (seeded).
    public static let sleepBound = LayeredGraph(
        nodeCount: 200,
        layerWidth: 20,
        dependencyCount: 3,
        durations: .milliseconds(1) ... .milliseconds(5),
        seed: 5
    )

    /// Target 6's graph: 10,000 no-op nodes in layers of 100, 3 dependencies each.
    public static let noOpLaunch = LayeredGraph(nodeCount: 10_000, layerWidth: 100, dependencyCount: 3, seed: 6)

    /// The validation benchmark's graphs (once target 7 of the ratio check): `nodeCount`
    /// no-op nodes in layers of 100 with 3 dependencies each, so about three edges per node
    /// (10k nodes: 29,700 edges; 100k: 299,700).
    public static func validation(nodeCount: Int) -> LayeredGraph {
        LayeredGraph(nodeCount: nodeCount, layerWidth: 100, dependencyCount: 3, seed: 7)
    }
}
