/// Calls `body` with the objects of `first` and `second`, retaining neither.
///
/// For what a delegate keeps in a stored property it writes once (its composite, the
/// objects of a callback that comes with the application alone): they outlive the call, yet
/// the compiler cannot prove it across the services' code and retains and releases each
/// around every callback. Those are atomic operations, as dear as the rest of a callback
/// (`appservices-bench-check`, target 1 through the adapter). The caller guarantees both
/// live until `body` returns.
///
/// Nonisolated, so that the closures handed to the standard library are too: a closure
/// isolated to the main actor given to a module built in Swift 5 mode checks its executor at
/// run time.
@inline(__always)
func withUnretained<First: AnyObject, Second: AnyObject, Result>(
    _ first: Unmanaged<First>,
    _ second: Unmanaged<Second>,
    _ body: (First, Second) -> Result
) -> Result {
    first._withUnsafeGuaranteedRef { first in
        second._withUnsafeGuaranteedRef { second in body(first, second) }
    }
}
