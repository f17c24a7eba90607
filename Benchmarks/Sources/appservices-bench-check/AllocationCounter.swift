import BenchmarkWorkloads
import MallocInterposerSwift

/// Counts heap allocations with the malloc interposer the benchmark package uses
/// (ordo-one/malloc-interposer). The check links its library, which is loaded before the
/// C library and so replaces `malloc` for the whole process; it counts only between
/// `hook()` and `unhook()`.
enum AllocationCounter {
    /// The number of `malloc`-family calls `body` makes (on any thread).
    static func count(_ body: () -> Void) -> Int {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    /// Whether the interposer really sees this process's allocations: an array that must
    /// be allocated is counted. Without this, a counter that is not loaded would report
    /// zero and the allocation target would pass for the wrong reason.
    static var isCounting: Bool {
        count { consume([Int](repeating: 7, count: 64)) } >= 1
    }
}
