import Testing

@testable import AppServices

struct DependencyGraphTests {
    typealias Graph = DependencyGraph<String>

    func graph(_ nodes: [(String, [String])]) -> Graph {
        Graph(nodes.map { Graph.Node(key: $0.0, dependencies: $0.1) })
    }

    @Test("The order puts each node after its dependencies and breaks ties by registration")
    func stableOrder() {
        let g = graph([("d", ["a"]), ("c", []), ("b", ["c"]), ("a", [])])
        #expect(g.order()?.map { g.keys[$0] } == ["c", "b", "a", "d"])
    }

    @Test("Every cycle is reported once, as its shortest path through its first node")
    func cycles() {
        let g = graph([
            ("a", ["b"]), ("b", ["c"]), ("c", ["a", "b"]), ("self", ["self"]), ("x", ["y"]), ("y", ["x"]), ("free", []),
        ])
        #expect(g.order() == nil)
        #expect(g.cycles().map { $0.map { g.keys[$0] } } == [["a", "b", "c"], ["self"], ["x", "y"]])
    }

    @Test("Duplicates and missing dependencies are found in registration order")
    func resolutionProblems() {
        let g = graph([("a", ["zz"]), ("b", []), ("a", []), ("c", ["b", "yy"])])
        #expect(
            g.problems() == [
                .duplicate(first: 0, duplicate: 2), .missing(dependent: 0, dependency: "zz"),
                .missing(dependent: 3, dependency: "yy"),
            ]
        )
        #expect(g.order()?.map { g.keys[$0] } == ["a", "b", "c"], "duplicates are left out of the order")
    }

    @Test("A missing dependency of a node registered twice is reported once, with its first registration")
    func duplicateMissingOnce() {
        let g = graph([("a", ["zz"]), ("a", ["zz"])])
        #expect(g.problems() == [.duplicate(first: 0, duplicate: 1), .missing(dependent: 0, dependency: "zz")])
    }

    @Test("A deep chain is validated without recursion")
    func deepChain() {
        let count = 100_000
        let g = Graph(
            (0..<count).map {
                Graph.Node(key: "\($0)", dependencies: $0 == 0 ? ["\(count - 1)"] : ["\($0 - 1)"])
            }
        )
        #expect(g.cycles().first?.count == count)
    }
}
