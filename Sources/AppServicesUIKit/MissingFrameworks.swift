import AppServices
import Logging

/// What a build of the adapter without the package's `CarPlay` or `PushKit` trait cannot do,
/// said before launch returns.
///
/// Without the trait, the adapter does not import the framework: there is no
/// `ServiceOrientedCarPlaySceneDelegate`, and the app delegate creates no push registry. A
/// service that adopts `CarPlayHandling` or `VoIPPushHandling` would then never be called,
/// and nothing would say so; the app delegate logs an error naming it instead.
///
/// Internal, and called only from a build that lacks a trait, so that a release build with
/// both traits compiles none of it (the tests reach it through `@testable import`).
@MainActor
enum MissingFrameworks {
    /// A framework the adapter imports only with the package trait of the same name.
    enum Framework: String, CaseIterable, Equatable, Sendable {
        /// CarPlay, for `CarPlayHandling` services (the `CarPlay` trait).
        case carPlay = "CarPlay"
        /// PushKit, for `VoIPPushHandling` services (the `PushKit` trait).
        case pushKit = "PushKit"

        /// The capability whose services need the framework.
        var capability: String {
            switch self {
            case .carPlay: "CarPlayHandling"
            case .pushKit: "VoIPPushHandling"
            }
        }

        /// A callback every service of ``capability`` hears.
        var callback: AppCallback {
            switch self {
            case .carPlay: .carPlayDidConnect
            case .pushKit: .didReceiveIncomingPush
            }
        }

        /// What the adapter lacks without the framework.
        var consequence: String {
            switch self {
            case .carPlay: "it has no CarPlay scene delegate"
            case .pushKit: "its app delegate is no push registry's delegate and creates none"
            }
        }
    }

    /// The frameworks this build of the adapter imports, in ``Framework``'s order.
    static var built: [Framework] {
        var built: [Framework] = []
        #if CarPlay
        built.append(.carPlay)
        #endif
        #if PushKit
        built.append(.pushKit)
        #endif
        return built
    }

    /// An error message for each framework missing from `built` that a service of
    /// `composite` needs, naming the application-wide services that do (or saying scene
    /// services, when only those do); empty when none does.
    static func problems(in composite: ServiceComposite, built: [Framework]) -> [String] {
        Framework.allCases.filter { !built.contains($0) }.compactMap { framework in
            guard composite.handlesThroughScenes(framework.callback) else { return nil }
            let names = composite.handlingServices(for: framework.callback).map { "\(type(of: $0))" }
            let services = names.isEmpty ? "scene services" : names.joined(separator: ", ")
            return "\(framework.capability) services (\(services)) will never be called: AppServicesUIKit was "
                + "built without the package's \(framework.rawValue) trait, so \(framework.consequence). Add "
                + "\"\(framework.rawValue)\" to the traits of the dependency on AppServices, or remove the services."
        }
    }

    /// Logs ``problems(in:built:)`` for this build as errors, with `composite`'s logger;
    /// nothing in a build with both traits.
    static func report(in composite: ServiceComposite) {
        #if !CarPlay || !PushKit
        for problem in problems(in: composite, built: built) { composite.configuration.logger.error("\(problem)") }
        #endif
    }
}
