import AppServices
import AppServicesTesting
import Foundation
import Testing

/// One row of the dispatch table (the MergeRulesAndCompletionHandlers article), with the answers of the handling services
/// and the merged answer the caller must get.
struct MergeCase: Sendable, CustomTestStringConvertible {
    let row: String
    let callback: AppCallback
    let answers: [String]
    let configure: @MainActor @Sendable ([RecordingService]) -> Void
    let dispatch: @MainActor @Sendable (ServiceComposite) async -> String
    let expected: String

    var testDescription: String {
        "\(row): \(answers.isEmpty ? "no service" : "[" + answers.joined(separator: ", ") + "]") -> \(expected)"
    }

    /// Cases for one row: every answer list in `lists`, each with its expected result.
    static func row<Answer: Sendable>(
        _ row: String,
        _ callback: AppCallback,
        _ lists: [([Answer], String)],
        set: @escaping @MainActor @Sendable (RecordingService, Answer) -> Void,
        dispatch: @escaping @MainActor @Sendable (ServiceComposite) async -> String
    ) -> [MergeCase] {
        lists.map { answers, expected in
            MergeCase(
                row: row,
                callback: callback,
                answers: answers.map { "\($0)" },
                configure: { services in for (service, answer) in zip(services, answers) { set(service, answer) } },
                dispatch: dispatch,
                expected: expected
            )
        }
    }
}

private let url = URL(string: "shop://orders/17")!
private let session = SceneSession(persistentIdentifier: "scene-A")
private let scene = SceneInfo(session: session)
private var coder: NSCoder { NSKeyedArchiver(requiringSecureCoding: true) }

/// Answers for the "false if any returns false; true with none" rule.
private let allTrueLists: [([Bool], String)] = [
    ([], "true"), ([false], "false"), ([true], "true"), ([true, false, true], "false"), ([true, true, true], "true"),
]
/// Answers for the "true if any returns true; false with none" rule.
private let anyTrueLists: [([Bool], String)] = [
    ([], "false"), ([true], "true"), ([false], "false"), ([false, true, false], "true"), ([false, false], "false"),
]
private let fetchLists: [([BackgroundFetchResult], String)] = [
    ([], "noData"), ([.newData], "newData"), ([.failed], "failed"), ([.noData, .failed, .newData], "newData"),
    ([.noData, .failed, .noData], "failed"), ([.noData, .noData], "noData"),
]
private let firstNonNilLists: [([String?], String)] = [
    ([], "nil"), (["A"], "A"), ([nil, "B", "C"], "B"), ([nil, nil], "nil"),
]

private func text(_ value: Bool?) -> String { value.map { "\($0)" } ?? "nil (not claimed)" }

private func mask(_ mask: InterfaceOrientationMask?) -> String {
    guard let mask else { return "nil (not claimed)" }
    let names: [(InterfaceOrientationMask, String)] = [
        (.portrait, "portrait"), (.portraitUpsideDown, "upsideDown"), (.landscapeLeft, "landscapeLeft"),
        (.landscapeRight, "landscapeRight"),
    ]
    return names.filter { mask.contains($0.0) }.map(\.1).joined(separator: "|")
}

/// Every row of the table.
let mergeCases: [MergeCase] =
    MergeCase.row("will finish launching", .willFinishLaunching, allTrueLists, set: { $0.answers.launch = $1 }) {
        "\($0.willFinishLaunching())"
    }
    + MergeCase.row("did finish launching", .didFinishLaunching, allTrueLists, set: { $0.answers.launch = $1 }) {
        "\($0.didFinishLaunching())"
    }
    + MergeCase.row("open URL", .openURL, anyTrueLists, set: { $0.answers.openURL = $1 }) { "\($0.open(url))" }
    + MergeCase.row(
        "will continue user activity",
        .willContinueUserActivity,
        anyTrueLists,
        set: {
            $0.answers.willContinueUserActivity = $1
        }
    ) { "\($0.willContinueUserActivity(type: "com.example.order"))" }
    + MergeCase.row(
        "continue user activity",
        .continueUserActivity,
        [
            ([], "false, restoration not called"),
            (["handled(A)"], "true, restoration once with [A]"),
            (["notHandled", "handled(B)", "handled(C,D)"], "true, restoration once with [B, C, D]"),
            (["notHandled", "handled()"], "true, restoration not called"),
            (["notHandled", "notHandled"], "false, restoration not called"),
        ],
        set: { service, answer in
            switch answer {
            case "notHandled": service.answers.continueUserActivity = .notHandled
            default:
                let names = answer.dropFirst("handled(".count).dropLast().split(separator: ",").map(String.init)
                service.answers.continueUserActivity = .handled(restoring: names.map(Restorer.init))
            }
        }
    ) { composite in
        var calls: [[String]] = []
        let handled = composite.continueUserActivity(UserActivity(activityType: "com.example.order")) { objects in
            calls.append(objects.map { ($0 as! Restorer).name })
        }
        switch calls.count {
        case 0: return "\(handled), restoration not called"
        case 1: return "\(handled), restoration once with [\(calls[0].joined(separator: ", "))]"
        default: return "\(handled), restoration called \(calls.count) times"
        }
    }
    + MergeCase.row(
        "allow extension point",
        .shouldAllowExtensionPointIdentifier,
        allTrueLists,
        set: {
            $0.answers.allowsExtensionPoint = $1
        }
    ) { "\($0.shouldAllowExtensionPoint(.keyboard))" }
    + MergeCase.row(
        "supported interface orientations",
        .supportedInterfaceOrientations,
        [
            ([], "nil (not claimed)"),
            ([InterfaceOrientationMask.portrait], "portrait"),
            ([.all, .allButUpsideDown, [.portrait, .landscapeLeft]], "portrait|landscapeLeft"),
            ([.portrait, .landscape, .all], "portrait"),
            ([[.portrait, .landscapeLeft], .portrait, .landscapeLeft], "portrait|landscapeLeft"),
        ],
        set: { $0.answers.interfaceOrientations = $1 }
    ) { mask($0.supportedInterfaceOrientations(for: nil)) }
    + MergeCase.row(
        "silent remote notification",
        .didReceiveRemoteNotification,
        fetchLists,
        set: {
            $0.answers.remoteNotification = $1
        }
    ) { "\(await $0.didReceiveRemoteNotification(RemoteNotification(userInfo: ["aps": ["content-available": 1]])))" }
    + MergeCase.row("background fetch", .performFetch, fetchLists, set: { $0.answers.backgroundFetch = $1 }) {
        "\(await $0.performFetch())"
    }
    + MergeCase.row(
        "background URL session events",
        .handleEventsForBackgroundURLSession,
        [([], "completed once"), (["done"], "completed once"), (["done", "done", "done"], "completed once")],
        set: { _, _ in }
    ) { composite in
        var completions = 0
        await withCheckedContinuation { continuation in
            composite.handleEventsForBackgroundURLSession("downloads") {
                completions += 1
                continuation.resume()
            }
        }
        await composite.waitForPendingWork()
        return completions == 1 ? "completed once" : "completed \(completions) times"
    }
    + MergeCase.row("shortcut item", .performActionForShortcutItem, anyTrueLists, set: { $0.answers.shortcutItem = $1 })
{
    composite in
    let handled = await withCheckedContinuation { continuation in
        composite.performAction(for: ShortcutItem(type: "new-order", localizedTitle: "New order")) {
            continuation.resume(returning: $0)
        }
    }
    return "\(handled)"
}
    + MergeCase.row(
        "WatchKit request",
        .handleWatchKitExtensionRequest,
        [
            ([], "nil"),
            ([["a": 1] as UserInfo?], "a=1"),
            ([["a": 1, "b": 2], nil, ["a": 9, "c": 3]], "a=1 b=2 c=3"),
            ([nil, nil], "nil"),
        ],
        set: { $0.answers.watchKitReply = $1 }
    ) { composite in
        let reply = await withCheckedContinuation { continuation in
            composite.handleWatchKitExtensionRequest(["request": "status"]) { continuation.resume(returning: $0) }
        }
        guard let reply else { return "nil" }
        return reply.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.intValue ?? -1)" }.joined(separator: " ")
    }
    + MergeCase.row(
        "configuration for connecting scene",
        .configurationForConnecting,
        firstNonNilLists,
        set: {
            $0.answers.sceneConfiguration = $1.map { SceneConfiguration(name: $0, role: .windowApplication) }
        }
    ) { $0.configurationForConnecting(session)?.name ?? "nil" }
    + MergeCase.row(
        "should save secure application state",
        .shouldSaveSecureApplicationState,
        anyTrueLists,
        set: {
            $0.answers.shouldSaveState = $1
        }
    ) { "\($0.shouldSaveSecureApplicationState(coder: coder))" }
    + MergeCase.row(
        "should restore secure application state",
        .shouldRestoreSecureApplicationState,
        anyTrueLists,
        set: {
            $0.answers.shouldRestoreState = $1
        }
    ) { "\($0.shouldRestoreSecureApplicationState(coder: coder))" }
    + MergeCase.row(
        "view controller for restoration path",
        .viewControllerWithRestorationIdentifierPath,
        firstNonNilLists,
        set: { $0.answers.restorationViewController = $1.map(Restorer.init) }
    ) { composite in
        let controller = composite.viewController(restorationIdentifierPath: ["Root", "Detail"], coder: coder)
        return (controller as? Restorer)?.name ?? "nil"
    }
    + MergeCase.row("handler for intent", .handlerForIntent, firstNonNilLists, set: { $0.answers.intentHandler = $1 }) {
        ($0.handler(for: IntentRequest(intentName: "INSendMessageIntent")) as? String) ?? "nil"
    }
    + MergeCase.row(
        "scene state restoration activity",
        .stateRestorationActivity,
        firstNonNilLists,
        set: {
            $0.answers.stateRestorationActivity = $1.map { UserActivity(activityType: $0) }
        }
    ) { $0.stateRestorationActivity(for: scene)?.activityType ?? "nil" }
    + MergeCase.row(
        "localize key commands",
        .shouldAutomaticallyLocalizeKeyCommands,
        [([], "nil (not claimed)"), ([false], "false"), ([true, false], "false"), ([true, true], "true")],
        set: { $0.answers.localizesKeyCommands = $1 }
    ) { text($0.shouldAutomaticallyLocalizeKeyCommands()) }
    + MergeCase.row(
        "terminate after last window closed (AppKit)",
        .shouldTerminateAfterLastWindowClosed,
        [([], "nil (not claimed)"), ([false, true], "true"), ([false, false], "false")],
        set: { $0.answers.terminatesAfterLastWindowClosed = $1 }
    ) { text($0.shouldTerminateAfterLastWindowClosed()) }
    + MergeCase.row("handle reopen (AppKit)", .shouldHandleReopen, allTrueLists, set: { $0.answers.handlesReopen = $1 })
{
    "\($0.shouldHandleReopen(hasVisibleWindows: false))"
}
    + MergeCase.row(
        "secure restorable state (AppKit)",
        .supportsSecureRestorableState,
        [([], "nil (not claimed)"), ([true, false], "false"), ([true, true], "true")],
        set: { $0.answers.supportsSecureRestorableState = $1 }
    ) { text($0.supportsSecureRestorableState()) }
    + MergeCase.row(
        "should terminate (AppKit)",
        .shouldTerminate,
        [
            ([], "now"), (["now", "now"], "now"), (["later(true)", "cancel", "now"], "cancel"),
            // Work that finishes on the spot is answered directly; where work cannot start on
            // the spot (Apple systems before 26), it is answered "later" and replied to once.
            (["now", "later(true)", "now"], ServiceComposite.startsWorkAtOnce ? "now" : "later, reply true"),
            (["later(true)", "later(false)"], ServiceComposite.startsWorkAtOnce ? "cancel" : "later, reply false"),
            // Work that suspends is answered "later", then replied to once.
            (["now", "later(true, suspends)", "now"], "later, reply true"),
            (["later(true, suspends)", "later(false)"], "later, reply false"),
        ],
        set: { service, answer in
            switch answer {
            case "now": service.answers.termination = .now
            case "cancel": service.answers.termination = .cancel
            case "later(true)": service.answers.termination = .later { true }
            case "later(true, suspends)":
                service.answers.termination = .later {
                    await Task.yield()
                    return true
                }
            default: service.answers.termination = .later { false }
            }
        }
    ) { composite in
        var replies: [Bool] = []
        var waiter: CheckedContinuation<Void, Never>?
        let decision = composite.shouldTerminate { reply in
            replies.append(reply)
            waiter?.resume()
        }
        guard decision == .later else { return "\(decision)" }
        if replies.isEmpty { await withCheckedContinuation { waiter = $0 } }
        await composite.waitForPendingWork()
        return replies.count == 1 ? "later, reply \(replies[0])" : "later, \(replies.count) replies"
    }
    + MergeCase.row(
        "everything else (void): did become active",
        .didBecomeActive,
        [([], "called in order"), (["-"], "called in order"), (["-", "-", "-"], "called in order")],
        set: { _, _ in }
    ) { composite in
        _ = composite.didFinishLaunching()
        composite.didBecomeActive()
        // What the services heard, not what the composite plans to call.
        let services = (try? composite.orderedServices()) ?? []
        let journal = services.compactMap { ($0 as? RecordingService)?.journal }.first
        let heard = journal?.services(receiving: .didBecomeActive) ?? []
        return heard == Array(["R0", "R1", "R2"].prefix(services.count)) ? "called in order" : "\(heard)"
    }

/// A stand-in for a restoring responder or a view controller.
final class Restorer: CustomStringConvertible, @unchecked Sendable {
    // Immutable after init: safe to share.
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

@MainActor
struct MergeRuleTests {
    @Test("Every row of the merge table merges every service's answer, skipping none", arguments: mergeCases)
    func mergesEveryRow(_ mergeCase: MergeCase) async {
        let recorders = makeRecorders(mergeCase.answers.count)
        mergeCase.configure(recorders)
        let composite = ServiceComposite(recorders)

        let result = await mergeCase.dispatch(composite)

        #expect(result == mergeCase.expected)
        for recorder in recorders {
            #expect(
                recorder.callbacks.filter { $0 == mergeCase.callback }.count == 1,
                "\(type(of: recorder)) should hear \(mergeCase.callback) exactly once"
            )
        }
    }
}
