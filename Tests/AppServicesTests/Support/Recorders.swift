import AppServices
import AppServicesTesting

// A composite holds one service per type, so tests that need several recorders use
// these distinct subclasses.
final class R0: RecordingService {}
final class R1: RecordingService {}
final class R2: RecordingService {}
final class R3: RecordingService {}

/// Makes `count` recorders of distinct types sharing `journal`.
@MainActor
func makeRecorders(_ count: Int, journal: CallJournal = CallJournal()) -> [RecordingService] {
    let all: [RecordingService] = [
        R0(journal: journal), R1(journal: journal), R2(journal: journal), R3(journal: journal),
    ]
    precondition(count <= all.count, "only \(all.count) recorder types exist")
    return Array(all.prefix(count))
}

/// Records, in order and from any thread, what ran.
final class Journal: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}
