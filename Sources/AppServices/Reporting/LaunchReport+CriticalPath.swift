extension LaunchReport {
    /// The positions in `nodes` of the chain of work that bounded the wall time, first to
    /// last, computed from the real times.
    ///
    /// It starts from the launch work that ended last and walks back. A node started either
    /// when its last dependency finished (through dependencies that were not due, which held
    /// it as long as their own) or when its phase started, whichever came later;
    /// the walk follows the dependency that finished last if it finished after the phase
    /// started, and otherwise follows what started the phase: the serial
    /// before-launch-returns work for ``LaunchPhase/critical`` (which starts when
    /// `didFinishLaunching` returns) and for before-launch-returns work itself (which runs
    /// one after the other, commands included), the critical or after-first-frame work that finished
    /// last for ``LaunchPhase/idle`` (which starts when they are done). The first frame
    /// comes from outside, so a path through ``LaunchPhase/afterFirstFrame`` stops there.
    static func criticalPath(of nodes: [Node], phaseStarts: [PhaseStart]) -> [Int] {
        let ran = nodes.indices.filter { nodes[$0].phase != .onDemand && nodes[$0].duration != nil }
        guard var current = ran.max(by: { nodes[$0].end! < nodes[$1].end! }) else { return [] }
        var positions: [String: Int] = [:]
        for index in ran where nodes[index].kind == .initializer { positions[nodes[index].name] = index }
        // Work that was not due (a migration done in an earlier launch) did not run, but held
        // its dependents until its own dependencies had finished: a chain goes through it.
        var notRun: [String: Int] = [:]
        for index in nodes.indices where nodes[index].kind == .initializer && nodes[index].start == nil {
            notRun[nodes[index].name] = index
        }
        func dependencies(of node: Node) -> [Int] {
            var found: [Int] = []
            var seen: Set<String> = []
            var pending = node.dependencies
            while let name = pending.popLast() {
                guard seen.insert(name).inserted else { continue }
                if let index = positions[name] {
                    found.append(index)
                } else if let index = notRun[name], nodes[index].outcome.kind.letsDependentsRun {
                    pending += nodes[index].dependencies
                }
            }
            return found
        }
        var phaseStart: [LaunchPhase: Duration] = [:]
        for entry in phaseStarts { phaseStart[entry.phase] = entry.start }

        var path = [current]
        // Each step goes to a node that ended no later than the current one started; only
        // rows made by hand (``LaunchReport/init(status:failure:nodes:foregroundRuns:phaseStarts:)``) can
        // have a cycle of zero-length work, and a node is never taken twice.
        var taken: Set<Int> = [current]
        while true {
            let node = nodes[current]
            let start = node.start!
            let gate = min(phaseStart[node.phase] ?? start, start)
            // Before-launch-returns work runs one after the other: what held it back is all
            // such work before it (below), whatever it depends on.
            let lastDependency =
                node.phase == .beforeLaunchReturns
                ? nil
                : dependencies(of: node).filter { !taken.contains($0) }.max { nodes[$0].end! < nodes[$1].end! }
            if let lastDependency, nodes[lastDependency].end! >= gate {
                taken.insert(lastDependency)
                current = lastDependency
                path.append(current)
                continue
            }
            switch node.phase {
            case .critical, .beforeLaunchReturns:
                let serial = ran.filter {
                    nodes[$0].phase == .beforeLaunchReturns && nodes[$0].end! <= start && !taken.contains($0)
                }
                path += serial.sortedOnce { nodes[$0].start! > nodes[$1].start! }
            case .idle:
                let before = ran.filter { nodes[$0].phase == .critical || nodes[$0].phase == .afterFirstFrame }
                // Idle work run on demand may have started before its phase: only work that
                // ended before it started held it back.
                if let latest = before.filter({ !taken.contains($0) }).max(by: { nodes[$0].end! < nodes[$1].end! }),
                    nodes[latest].end! >= (phaseStart[.afterFirstFrame] ?? .zero), nodes[latest].end! <= start
                {
                    taken.insert(latest)
                    current = latest
                    path.append(current)
                    continue
                }
            default:
                break
            }
            return path.reversed()
        }
    }
}
