import Foundation

/// Why an incoming call could not be reported (``AppContext/reportIncomingCall(_:)``).
public struct IncomingCallReportError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case noReporter
    }

    private let code: Code
    /// The call that was not reported.
    public let call: IncomingCall
    /// The service that tried to report it, if known.
    public let service: String?

    /// No reporter is installed: the application did not install the CallKit adapter.
    static func noReporter(for call: IncomingCall, service: String?) -> IncomingCallReportError {
        IncomingCallReportError(code: .noReporter, call: call, service: service)
    }

    /// Whether the error says that no reporter was installed.
    public var isMissingReporter: Bool { code == .noReporter }

    /// What was wrong, with which call and service, and what to do.
    public var description: String {
        switch code {
        case .noReporter:
            """
            \(service ?? "A caller") reported the incoming call \(call.uuid.uuidString), but no incoming-call \
            reporter is installed, so the system was not told. Install the CallKit adapter before launch returns \
            (ServiceOrientedProviderDelegate.install(on:configuration:) in AppServicesCallKit), or, in tests, drive \
            the composite with a LifecycleSimulator, whose simulated system records reported calls.
            """
        }
    }
}
