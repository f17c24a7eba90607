public import AppServices

#if canImport(UIKit)
public import BackgroundTasks
#else
public import AppServicesUIKitShim
#endif

// Conversions between BackgroundTasks' requests and the core's platform-neutral ones.

extension BackgroundTaskRequest {
    /// The platform-neutral form of a pending request; its kind comes from its class.
    public init(_ request: BGTaskRequest) {
        #if (os(iOS) && !targetEnvironment(macCatalyst)) || !canImport(UIKit)
        if #available(iOS 26.0, visionOS 26.0, *), let continued = request as? BGContinuedProcessingTaskRequest {
            self.init(
                identifier: request.identifier,
                kind: .continuedProcessing,
                earliestBeginDate: request.earliestBeginDate,
                title: continued.title,
                subtitle: continued.subtitle
            )
            return
        }
        #endif
        if let processing = request as? BGProcessingTaskRequest {
            self.init(
                identifier: request.identifier,
                kind: .processing,
                earliestBeginDate: request.earliestBeginDate,
                requiresNetworkConnectivity: processing.requiresNetworkConnectivity,
                requiresExternalPower: processing.requiresExternalPower
            )
        } else {
            self.init(identifier: request.identifier, kind: .appRefresh, earliestBeginDate: request.earliestBeginDate)
        }
    }
}

extension BGTaskScheduler {
    /// Whether this system runs continued-processing tasks: iOS 26 and later on an iPhone or
    /// iPad, not Mac Catalyst or visionOS; in the shim, as the simulated device says.
    var runsContinuedProcessing: Bool {
        #if !canImport(UIKit)
        return backend?.runsContinuedProcessing ?? true
        #elseif os(iOS) && !targetEnvironment(macCatalyst)
        if #available(iOS 26.0, visionOS 26.0, *) { return true }
        return false
        #else
        return false
        #endif
    }
}

extension BGTaskRequest {
    /// The system's request for `request`: a `BGAppRefreshTaskRequest`, a
    /// `BGProcessingTaskRequest`, or (iOS 26 and later) a `BGContinuedProcessingTaskRequest`.
    package static func make(for request: BackgroundTaskRequest) throws(BackgroundTaskError) -> BGTaskRequest {
        switch request.kind {
        case .appRefresh:
            let made = BGAppRefreshTaskRequest(identifier: request.identifier)
            made.earliestBeginDate = request.earliestBeginDate
            return made
        case .processing:
            let made = BGProcessingTaskRequest(identifier: request.identifier)
            made.earliestBeginDate = request.earliestBeginDate
            made.requiresNetworkConnectivity = request.requiresNetworkConnectivity
            made.requiresExternalPower = request.requiresExternalPower
            return made
        case .continuedProcessing:
            #if (os(iOS) && !targetEnvironment(macCatalyst)) || !canImport(UIKit)
            if #available(iOS 26.0, visionOS 26.0, *) {
                return BGContinuedProcessingTaskRequest(
                    identifier: request.identifier,
                    title: request.title,
                    subtitle: request.subtitle
                )
            }
            #endif
            throw BackgroundTaskError(
                code: .unavailable,
                identifier: request.identifier,
                message: "Background task \(request.identifier) is a continued-processing task, which needs iOS 26 "
                    + "or later on an iPhone or iPad (not Mac Catalyst or visionOS); this system cannot run it. "
                    + "Check for it before submitting."
            )
        }
    }
}

extension BackgroundTaskError {
    /// The error for the system's refusal of the task `identifier`, with a message that
    /// names it and says what to do.
    public init(_ error: BGTaskScheduler.Error, identifier: String) {
        // Compared one by one rather than switched over: the system may add codes, and the
        // shim's enum has no others, so no `switch` compiles without a warning on both.
        if error.code == .unavailable {
            self.init(
                code: .unavailable,
                identifier: identifier,
                message: "The system refused background task \(identifier): background tasks are unavailable "
                    + "(Background App Refresh is off, or the device cannot run them). Do not count on it running."
            )
        } else if error.code == .tooManyPendingTaskRequests {
            self.init(
                code: .tooManyPendingRequests,
                identifier: identifier,
                message: "The system refused background task \(identifier): too many requests of its kind are "
                    + "pending. Cancel one, or submit it again later."
            )
        } else if error.code == .notPermitted {
            self.init(
                code: .notPermitted,
                identifier: identifier,
                message: "The system refused background task \(identifier): it is not permitted. List it in "
                    + "Info.plist under BGTaskSchedulerPermittedIdentifiers and turn on its background mode "
                    + "(fetch for app refresh, processing for processing tasks)."
            )
        } else {
            self.init(
                code: .refused,
                identifier: identifier,
                message: "The system refused background task \(identifier) (BGTaskScheduler error "
                    + "\(error.code.rawValue))."
            )
        }
    }
}
