import Synchronization
public import UnixSignals

/// The signals that arrived while held, one bit per signal number. Written by the signal
/// handler: a lock-free atomic is safe to use there.
private let heldSignals = Atomic<UInt64>(0)

/// The signals held (``ApplicationHost/holdSignals(_:)``), one bit per signal number, until
/// a host starts running.
private let holding = Atomic<UInt64>(0)

/// What a held signal does: records that it arrived. A C function, whose address tells
/// whether it is still a signal's handler when the holding ends.
private let recordHeldSignal: @convention(c) (Int32) -> Void = { number in
    heldSignals.bitwiseOr(1 << UInt64(number), ordering: .relaxed)
}

extension ApplicationHost {
    /// Holds `signals` from now until a host starts running: instead of their default
    /// action (ending the process), each is recorded, and the host raises it again once
    /// the handlers that serve it are in place.
    ///
    /// Call it first thing in `main`, before reading configuration or building services.
    ///
    /// ```swift
    /// @main
    /// enum Server {
    ///     static func main() async throws {
    ///         ApplicationHost.holdSignals([.sigterm, .sigint, .sighup, .sigusr1])
    ///         // ... build the host and run the service group as usual.
    ///     }
    /// }
    /// ```
    ///
    /// Without it, a SIGTERM that arrives while the program starts (reading its
    /// configuration, building its services) ends it at once with status 143, and a SIGHUP
    /// or SIGUSR1 does the same. With it, ``run()`` raises the held signals again right after
    /// it has trapped the reload and background-task signals; the service group has trapped
    /// its graceful-shutdown signals before it started the host. A SIGTERM held from the
    /// start then shuts the group down in order: if the group's graceful shutdown reaches the
    /// host before the launch, nothing is launched and there is nothing to wind down; it
    /// usually reaches it just after the launch began (the signal goes through the group
    /// first), and the host then cancels the launch and winds down from where the
    /// application is, after the launch's synchronous work (the initializers that run before
    /// launch returns, migrations among them). A SIGHUP held from the start reloads the
    /// configuration, and a SIGUSR1 runs the due background tasks, once the application
    /// serves.
    ///
    /// Held signals end nothing before ``run()``: keep what the program does between this
    /// call and running the group short and bounded (a configuration file that is a named
    /// pipe, or on a stalled network mount, holds it; see
    /// `LayeredConfiguration.makeReader()`), and leave slow start-up work to initializers,
    /// which a shutdown cancels.
    ///
    /// Blocking the signals would not do: on Linux, the main thread of a program with an
    /// asynchronous `main` waits in `sigsuspend` with every signal unblocked. A held signal
    /// that nothing traps by the time the host runs (a SIGHUP with no configuration to
    /// reload) gets its default action back then, and one that arrived while held takes it
    /// then: the process behaves from there on as if it had never held it.
    ///
    /// - Parameter signals: The signals to hold; typically the service group's graceful
    ///   shutdown signals, ``Configuration-swift.struct/reloadSignal`` and
    ///   ``Configuration-swift.struct/backgroundTaskSignal``.
    public static func holdSignals(_ signals: [UnixSignal]) {
        // A global is made the first time it is read, behind a lock: read it here, before any
        // handler can, since neither making it nor that lock is safe in a signal handler.
        _ = heldSignals.load(ordering: .relaxed)
        let handler = recordHeldSignal
        for signal in signals where signal.rawValue > 0 && signal.rawValue < 64 {
            holding.bitwiseOr(1 << UInt64(signal.rawValue), ordering: .relaxed)
            // A held signal must not interrupt the start-up's system calls: `trap` restarts them.
            CLibrary.trap(signal.rawValue, with: handler)
        }
    }

    /// Ends the holding (``holdSignals(_:)``), now that the handlers that serve the signals
    /// are in place: a held signal whose handler is still the holding one (nothing traps it)
    /// gets its default action back, then each signal that arrived while held is raised
    /// again, once.
    static func raiseHeldSignals() {
        let held = holding.exchange(0, ordering: .relaxed)
        let holdingHandler = CLibrary.address(of: recordHeldSignal)
        for number in 1..<64 where held & (1 << UInt64(number)) != 0 {
            if CLibrary.installedHandler(of: Int32(number)) == holdingHandler {
                CLibrary.restoreDefaultAction(of: Int32(number))
            }
        }
        let arrived = heldSignals.exchange(0, ordering: .relaxed)
        for number in 1..<64 where arrived & (1 << UInt64(number)) != 0 {
            CLibrary.raise(Int32(number))
        }
    }
}
