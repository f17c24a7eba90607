extension LaunchReport {
    /// The positions in `nodes` of the chain of work that bounded the wall time, first to
    /// last, computed from the real times.
    ///
    /// It starts from the launch work that ended last and walks back. A node started either
    /// when its last dependency finished or when its phase started, whichever came later;
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
                : node.dependencies.compactMap { positions[$0] }.filter { !taken.contains($0) }
                    .max { nodes[$0].end! < nodes[$1].end! }
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
                if let latest = before.filter({ !taken.contains($0) }).max(by: { nodes[$0].end! < nodes[$1].end! }),
                    nodes[latest].end! >= (phaseStart[.afterFirstFrame] ?? .zero)
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
