import Foundation
import Logging

/// The extended launch's tasks for one launch: which initializers and milestones each task
/// waits for, planned from the launch graph within the system's limit of
/// ``ExtendedLaunch/maximumConcurrentTasks``.
struct ExtendedLaunchTasks: Sendable, Equatable {
    /// One task: its identifier, and what it waits for (graph nodes, or a milestone).
    struct Task: Sendable, Equatable {
        let id: String
        let nodes: [Int]
        let milestone: String?
    }

    let tasks: [Task]
    /// What the plan could not track, said once as the launch begins; `nil` when all fit.
    let warning: String?

    /// The tasks for `setting` over `graph`: each milestone a task of its own (the first
    /// ``ExtendedLaunch/maximumConcurrentTasks``), and the critical-phase nodes, in launch
    /// order, one task each, or grouped into as many tasks as are left.
    init(graph: LaunchGraph, setting: ExtendedLaunch, prefix: String) {
        let limit = ExtendedLaunch.maximumConcurrentTasks
        var warnings: [String] = []
        let names: [String] = setting.milestones.compactMap {
            guard case .milestone(let name) = $0 else { return nil }
            return name
        }
        if names.count < setting.milestones.count {
            warnings.append("Only milestones end extended-launch tasks; the phases among them are left out.")
        }
        let milestones = Array(names.prefix(limit))
        if names.count > limit {
            warnings.append(
                "\(names.count) milestones were opted into the extended launch; the system tracks \(limit) tasks, so "
                    + "\(names.dropFirst(limit).joined(separator: ", ")) are left out."
            )
        }
        let critical =
            setting.includesCriticalPhase ? graph.nodes.indices.filter { graph.nodes[$0].phase == .critical } : []
        let slots = limit - milestones.count
        var tasks: [Task] = []
        if critical.count <= slots {
            tasks = critical.map { Task(id: Self.id(prefix, graph.nodes[$0].name), nodes: [$0], milestone: nil) }
        } else if slots > 0 {
            // Consecutive initializers share a task, the groups as even as they can be.
            var start = 0
            for group in 0..<slots {
                let size = critical.count / slots + (group < critical.count % slots ? 1 : 0)
                let members = Array(critical[start..<(start + size)])
                start += size
                tasks.append(
                    Task(id: Self.id(prefix, "critical-\(group + 1)-of-\(slots)"), nodes: members, milestone: nil)
                )
            }
        } else if !critical.isEmpty {
            warnings.append(
                "The milestones take every extended-launch task the system allows; the critical phase is left out."
            )
        }
        tasks += milestones.map { Task(id: Self.id(prefix, $0), nodes: [], milestone: $0) }
        self.tasks = tasks
        self.warning = warnings.isEmpty ? nil : warnings.joined(separator: " ")
    }

    /// `prefix.name`, within MetricKit's 128 characters.
    private static func id(_ prefix: String, _ name: String) -> String {
        String((prefix.isEmpty ? name : "\(prefix).\(name)").prefix(128))
    }

    /// The default prefix of the task identifiers: the main bundle's identifier, or
    /// "AppServices" where there is none (a command-line tool, a test).
    static var defaultPrefix: String { Bundle.main.bundleIdentifier ?? "AppServices" }
}

/// The extended launch of one launch as it runs, on the main actor (where the system wants
/// it): begins every task, ends each when what it waits for is done, and reports the first
/// error once.
@MainActor
final class ExtendedLaunchRun {
    private let tasks: ExtendedLaunchTasks
    private let tracker: any ExtendedLaunchTracker
    private let logger: Logger
    /// The nodes each open task still waits for, by task index.
    private var waiting: [Int: Set<Int>] = [:]
    private var open: Set<Int> = []
    private var began = false
    private var reportedError = false
    /// Milestones reached before the launch began, whose tasks end as soon as they begin.
    private var reachedEarly: [String] = []

    nonisolated init(tasks: ExtendedLaunchTasks, tracker: any ExtendedLaunchTracker, logger: Logger) {
        self.tasks = tasks
        self.tracker = tracker
        self.logger = logger
    }

    /// Begins every task, once: as the launch begins, before the first scene connects.
    func begin() {
        guard !began else { return }
        began = true
        if let warning = tasks.warning { logger.warning("\(warning)") }
        for (index, task) in tasks.tasks.enumerated() {
            open.insert(index)
            waiting[index] = Set(task.nodes)
            tracker.beginTask(task.id) { [weak self] in self?.report($0, task: task.id, beginning: true) }
        }
        // A task over initializers that are all done already (none can be, before the launch
        // begins) or over none would never end: end it now.
        for (index, task) in tasks.tasks.enumerated() where task.milestone == nil && task.nodes.isEmpty {
            end(index)
        }
        for name in reachedEarly { reached(name) }
        reachedEarly = []
    }

    /// The launch graph's `nodes` have finished (succeeded, failed, skipped or cancelled).
    func settled(_ nodes: [Int]) {
        guard began else { return }
        for node in nodes {
            for index in open.sorted() {
                guard waiting[index]?.remove(node) != nil, waiting[index]?.isEmpty == true else { continue }
                end(index)
            }
        }
    }

    /// The milestone `name` was reached (for a milestone of a session: for any session).
    func reached(_ name: String) {
        guard began else { return reachedEarly.append(name) }
        for index in open.sorted() {
            guard let milestone = tasks.tasks[index].milestone else { continue }
            if name == milestone || name.hasPrefix("\(milestone) of session ") { end(index) }
        }
    }

    /// The launch ended early (cancelled, the application terminated): every open task ends.
    func finishAll() {
        for index in open.sorted() { end(index) }
    }

    private func end(_ index: Int) {
        guard open.remove(index) != nil else { return }
        let id = tasks.tasks[index].id
        tracker.endTask(id) { [weak self] in self?.report($0, task: id, beginning: false) }
    }

    /// Logs the first error the system reports, naming the task; later ones only at debug.
    private func report(_ error: any Error, task: String, beginning: Bool) {
        let verb = beginning ? "begin" : "end"
        guard !reportedError else {
            logger.debug("The system refused to \(verb) the extended-launch task \(task) too: \(error).")
            return
        }
        reportedError = true
        logger.error(
            "The system refused to \(verb) the extended-launch task \(task): \(error). The launch report still has its times; later refusals are logged at debug level only."
        )
    }
}
