// The one file of this module that calls the C library; the platform's C module is chosen
// here, once (Glibc and Musl exist only on Linux, Darwin only on Apple platforms).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#else
#error("AppServicesLifecycle needs the C library of Glibc, Musl, Darwin or Android.")
#endif

/// The C library calls the module makes, in one place.
enum CLibrary {
    /// Installs `handler` for the signal `number`, with `SA_RESTART` so that the signal does
    /// not interrupt the process's system calls. `handler` runs in a signal handler: it may
    /// only do what is safe there (an atomic store, say).
    static func trap(_ number: Int32, with handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        // The handler's field is named differently by each C library (`sa_handler` is a
        // macro in their headers, which Swift does not import).
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #elseif canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
        #else
        // Bionic (Android): the union is anonymous, so its field is the structure's own.
        action.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// The address of the handler installed for the signal `number` (0 for the default
    /// action, 1 for ignoring it), to tell whether `handler` is still the one installed.
    static func installedHandler(of number: Int32) -> UInt {
        var action = sigaction()
        sigaction(number, nil, &action)
        #if canImport(Darwin)
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: UInt.self)
        #elseif canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
        #elseif canImport(Musl)
        return unsafeBitCast(action.__sa_handler.sa_handler, to: UInt.self)
        #else
        return unsafeBitCast(action.sa_handler, to: UInt.self)
        #endif
    }

    /// The address of `handler`, as ``installedHandler(of:)`` reads it.
    static func address(of handler: @convention(c) (Int32) -> Void) -> UInt {
        unsafeBitCast(handler, to: UInt.self)
    }

    /// Gives the signal `number` its default action back.
    static func restoreDefaultAction(of number: Int32) {
        signal(number, SIG_DFL)
    }

    /// Sends the signal `number` to this process.
    static func raise(_ number: Int32) {
        kill(getpid(), number)
    }
}
