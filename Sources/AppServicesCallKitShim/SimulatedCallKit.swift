// Shim only: where the providers an application creates are recorded, and the system side
// of reporting incoming calls, for one simulated device. On Apple platforms CallKit knows the
// application's provider; this file is empty there.
#if !canImport(UIKit)
import Foundation

/// Shim only: the simulated device whose step runs now, which `CXProvider(configuration:)`
/// records itself with.
package enum SimulatedCallKit {
    /// The providers of the device whose step runs now, if any. A task-local value, so that
    /// devices simulated in parallel do not see each other's.
    @TaskLocal package static var current: SimulatedCallProviders?
}

/// Shim only: the system's side of reporting an incoming call, which a simulated device in
/// this package plays.
package protocol SimulatedCallProviderBackend: AnyObject, Sendable {
    /// `reportNewIncomingCall(with:update:completion:)`: `nil` when the system takes the
    /// call, else its refusal.
    func reportNewIncomingCall(uuid: UUID, update: CXCallUpdate) -> (any Error)?
}

/// Shim only: the providers created during the steps of one simulated device, which CallKit
/// would deliver that device's actions to, and where their reports go. Held weakly: a
/// provider nobody keeps gets nothing, as on a device.
package final class SimulatedCallProviders: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the state, `providers` and `backend`, is read and
    // written under `lock`.
    private struct Weak {
        weak var provider: CXProvider?
    }

    private let lock = NSLock()
    private var providers: [Weak] = []
    private var storedBackend: (any SimulatedCallProviderBackend)?

    /// Creates an empty record whose reports go to `backend`.
    package init(backend: (any SimulatedCallProviderBackend)? = nil) {
        storedBackend = backend
    }

    /// Where the providers' reports go; `nil` accepts every report.
    package var backend: (any SimulatedCallProviderBackend)? {
        lock.withLock { storedBackend }
    }

    /// Records a provider just created.
    package func record(_ provider: CXProvider) {
        lock.withLock {
            providers.removeAll { $0.provider == nil }
            providers.append(Weak(provider: provider))
        }
    }

    /// The providers still alive, in the order they were created.
    package var all: [CXProvider] {
        lock.withLock { providers.compactMap(\.provider) }
    }
}
#endif
