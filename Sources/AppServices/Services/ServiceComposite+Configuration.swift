public import Foundation
public import Logging

extension ServiceComposite {
    /// A composite's settings: logger, clock, deadlines, lifecycle notifications and signposts.
    public struct Configuration: Sendable {
        /// How long the composite waits for services before it calls a system completion
        /// handler anyway. Defaults stay below the system's limits (30 s for silent pushes
        /// and background fetch) so the system never ends the application for us.
        public struct Deadlines: Sendable, Hashable {
            /// `didReceiveRemoteNotification` (system limit 30 s). Default 25 s.
            public var remoteNotification: Duration = .seconds(25)
            /// `performFetch` (system limit 30 s). Default 25 s.
            public var backgroundFetch: Duration = .seconds(25)
            /// Events for a background URL session (background time, about 30 s). Default 25 s.
            public var backgroundURLSession: Duration = .seconds(25)
            /// A home-screen quick action (no documented limit; the user is waiting). Default 10 s.
            public var shortcutItem: Duration = .seconds(10)
            /// A request from a WatchKit extension (background time, about 30 s). Default 25 s.
            public var watchKitRequest: Duration = .seconds(25)
            /// AppKit `applicationShouldTerminate` answered "later". Default 25 s.
            public var termination: Duration = .seconds(25)
            /// How to show a notification that arrives in the foreground (no documented
            /// limit; the notification waits to be shown). Default 5 s.
            public var notificationPresentation: Duration = .seconds(5)
            /// A person's response to a notification (handled in the background, an
            /// action has the usual background time of about 30 s). Default 25 s.
            public var notificationResponse: Duration = .seconds(25)
            /// A PushKit push. PushKit documents no limit, but a VoIP push's incoming call
            /// must be reported to CallKit before the completion handler is called, and at
            /// once: a person is calling, and Apple asks the application to report the call
            /// as it receives the push. Default 5 s: ample for a service that reports the
            /// call first and then answers, short enough that a stuck service neither holds
            /// the completion back nor keeps the caller waiting. Work that must go on belongs
            /// in background work, which this deadline does not cancel.
            public var voIPPush: Duration = .seconds(5)
            /// A CallKit action (`provider(_:perform:)`: start, answer, end, hold, mute, group,
            /// touch tones). CallKit documents no limit of its own for the delegate, but each
            /// action has a `timeoutDate`, after which the system fails it and calls
            /// `provider(_:timedOutPerforming:)`; and a person is waiting on the call screen.
            /// Default 10 s: time for a service that connects the call before it fulfils the
            /// action on a slow network, short enough that an action a stuck service holds
            /// fails while the person still waits, rather than hanging the call.
            public var callAction: Duration = .seconds(10)

            /// Creates the default deadlines.
            public init() {}
        }

        /// Where log messages go; service contexts add `service` and `callback` metadata.
        /// Default: `Logger.appServicesDefault(label:)` labelled `AppServices`, the
        /// unified log on Apple platforms unless the app bootstrapped swift-log.
        public var logger: Logger
        /// The clock deadlines are measured on. Tests pass a manual clock.
        public var clock: any Clock<Duration>
        /// Deadlines for callbacks that take a completion handler.
        public var deadlines: Deadlines
        /// When the composite posts UIKit-named lifecycle notifications
        /// (`UIApplicationDidBecomeActiveNotification`, ...) to ``notificationCenter`` after
        /// each lifecycle callback: by default while a ``LifecycleMediator`` observes it.
        ///
        /// UIKit posts them itself, so the UIKit adapter chooses ``LifecycleNotificationPolicy/never``.
        /// AppKit posts `NSApplication` notifications instead, so the AppKit adapter keeps
        /// the default.
        public var lifecycleNotifications: LifecycleNotificationPolicy
        /// Where lifecycle notifications are posted. The default center, unless a test
        /// isolates itself.
        public var notificationCenter: NotificationCenter
        /// Whether, in a scene-based application, the composite derives the application's
        /// state from its scenes and dispatches the application-level callbacks
        /// (``ApplicationStateHandling``) when it changes: the application becomes active
        /// with its first active scene and enters the background with its last scene.
        ///
        /// UIKit calls the app delegate's state callbacks only in applications without
        /// scenes; with this on, services written against them keep working after the
        /// move to scenes. Up transitions are dispatched before the scene callback that
        /// causes them, down transitions after.
        public var derivesApplicationStateFromScenes: Bool
        /// The background-task identifiers the system permits, checked when the composite
        /// validates: by default Info.plist's `BGTaskSchedulerPermittedIdentifiers`.
        public var permittedBackgroundTasks: PermittedBackgroundTasks = .infoPlist
        /// Where the composite and its launch mark intervals and events for Instruments
        /// (see ``Signposter``): each launch node's attempts, each callback with a deadline,
        /// the first frame and the milestones reached.
        ///
        /// Default: `SystemSignposter.pointsOfInterest` on Apple platforms (the main
        /// bundle's subsystem, category Points of Interest), `nil` elsewhere. `nil` turns
        /// signposts off: nothing is made or marked.
        public var signposter: (any Signposter)? = Configuration.defaultSignposter

        /// Creates a configuration.
        public init(
            logger: Logger = .appServicesDefault(label: "AppServices"),
            clock: any Clock<Duration> = ContinuousClock(),
            deadlines: Deadlines = Deadlines(),
            lifecycleNotifications: LifecycleNotificationPolicy = .whenObserved,
            notificationCenter: NotificationCenter = .default,
            derivesApplicationStateFromScenes: Bool = true
        ) {
            self.logger = logger
            self.clock = clock
            self.deadlines = deadlines
            self.lifecycleNotifications = lifecycleNotifications
            self.notificationCenter = notificationCenter
            self.derivesApplicationStateFromScenes = derivesApplicationStateFromScenes
        }

        /// The system's signposter on Apple platforms, none elsewhere.
        static var defaultSignposter: (any Signposter)? {
            #if canImport(os)
            SystemSignposter.pointsOfInterest
            #else
            nil
            #endif
        }
    }
}
