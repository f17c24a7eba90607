extension LaunchStateMachine {
    /// The report as things stand, times measured from the beginning of `didFinishLaunching`.
    func report(commandNames: [String]) -> LaunchReport {
        let (rows, foreground) = reportRows(commandNames: commandNames)
        // Started rows in the order they started, then the rest.
        let order = rows.indices.sortedOnce { lhs, rhs in
            switch (rows[lhs].start, rows[rhs].start) {
            case let (left?, right?): (left, lhs) < (right, rhs)
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): lhs < rhs
            }
        }
        let status = reportStatus
        let origin = origin ?? .zero
        return LaunchReport(
            status: status,
            failure: status == .failed || status == .cancelled ? launch.error?.message : nil,
            nodes: order.map { rows[$0] },
            foregroundRuns: foreground.sortedOnce {
                ($0.foregroundRun, $0.start ?? .zero) < ($1.foregroundRun, $1.start ?? .zero)
            },
            phaseStarts: LaunchPhase.allCases.compactMap { phase in
                phaseStarts[phase.index].map { LaunchReport.PhaseStart(phase: phase, start: $0 - origin) }
            }
        )
    }

    /// The launch's rows in the order work would naturally run (phase by phase,
    /// dependencies first, commands after the initializers before launch returns), so that
    /// ties in start time keep that order; and the foreground runs' rows.
    private func reportRows(commandNames: [String]) -> (launch: [LaunchReport.Node], foreground: [LaunchReport.Node]) {
        let origin = origin ?? .zero
        var rows: [LaunchReport.Node] = []
        rows.reserveCapacity(nodes.count + commandNames.count)
        var foreground: [LaunchReport.Node] = []
        for (phase, members) in graph.membersByPhase.enumerated() {
            for index in members {
                if let launchRecord = launchRecords[index] {
                    rows.append(reportRow(index, launchRecord, current: false, foregroundRun: 0))
                    foreground.append(
                        reportRow(index, nodes[index].record, current: true, foregroundRun: nodes[index].foregroundRun)
                    )
                } else {
                    rows.append(reportRow(index, nodes[index].record, current: true, foregroundRun: 0))
                }
            }
            guard phase == LaunchPhase.beforeLaunchReturns.index else { continue }
            for (index, name) in commandNames.enumerated() {
                let times = commandTimes[index]
                rows.append(
                    LaunchReport.Node(
                        name: name,
                        kind: .command,
                        phase: .beforeLaunchReturns,
                        placement: .main,
                        start: times.map { $0.start - origin },
                        end: times.map { $0.end - origin },
                        outcome: times == nil ? .pending : .succeeded
                    )
                )
            }
        }
        for earlier in earlierForegroundRecords {
            foreground.append(
                reportRow(earlier.node, earlier.record, current: false, foregroundRun: earlier.foregroundRun)
            )
        }
        return (rows, foreground)
    }

    /// The row of one run of the node `index`; `current` when it is the node's run now,
    /// whose outcome so far is its status.
    private func reportRow(_ index: Int, _ record: RunRecord, current: Bool, foregroundRun: Int) -> LaunchReport.Node {
        let origin = origin ?? .zero
        let node = graph.nodes[index]
        var outcome = record.outcome
        if current {
            switch nodes[index].status {
            case .pending: outcome = .pending
            case .running, .retrying, .overBudget: outcome = .running
            case .finished: break
            }
        }
        return LaunchReport.Node(
            name: node.name,
            phase: node.phase,
            placement: node.runsOnMainActor ? .main : .background,
            dependencies: node.dependencies.map { graph.nodes[$0].name },
            start: record.start.map { $0 - origin },
            end: record.end.map { $0 - origin },
            outcome: outcome,
            attempts: record.attempts.map {
                .init(start: $0.start - origin, end: $0.end - origin, error: $0.error)
            },
            budget: node.budget,
            abandoned: record.abandoned,
            foregroundRun: foregroundRun
        )
    }

    private var reportStatus: LaunchReport.Status {
        switch launch {
        case .notStarted: .notStarted
        case _ where phaseReady[LaunchPhase.idle.index] != nil: .succeeded
        case .running: .running
        case .failed: .failed
        case .cancelled: .cancelled
        }
    }
}
