extension RequirementTable {
    /// The requirements of the protocols in `Sources/AppServices`, and of the capabilities
    /// the adapter modules `AppServicesUIKit` and `AppServicesSwiftUI` declare, written as
    /// they are declared there (doc comments left out).
    ///
    /// `RequirementTableTests` reads those modules' sources and fails, naming the member and
    /// the file, when this table and the library differ: a capability member added, renamed,
    /// removed or retyped there must be written here too, with or without a default as the
    /// library has it.
    package static let appServices = RequirementTable(
        [
            .protocol(
                "AppService",
                withDefaults: """
                    static var dependencies: [any AppService.Type] { get }
                    func subscribe(to events: inout EventSubscriptions)
                    """
            ),
            .protocol(
                "SceneService",
                refines: ["AppService"],
                withoutDefaults: """
                    init(scene: SceneInfo, context: AppContext)
                    """
            ),
            .protocol(
                "Initializer",
                withDefaults: """
                    static var dependencies: [any Initializer.Type] { get }
                    var name: String { get }
                    var phase: LaunchPhase { get }
                    var requiredConfigurationKeys: [RequiredConfigurationKey] { get }
                    var budget: Duration? { get }
                    var failurePolicy: FailurePolicy { get }
                    var rerunsOnForeground: Bool { get }
                    var runsOnMainActor: Bool { get }
                    var minimumInterval: Duration? { get }
                    var repeats: Repetition? { get }
                    """,
                withoutDefaults: """
                    nonisolated(nonsending) func perform(_ context: InitializerContext) async throws
                    """
            ),
            .protocol(
                "SynchronousInitializer",
                refines: ["Initializer"],
                withoutDefaults: """
                    @MainActor func performSynchronously(_ context: InitializerContext) throws
                    """,
                defaultsForRefined: ["phase", "runsOnMainActor", "perform(_:)"]
            ),
            .protocol(
                "StartupCommand",
                withDefaults: """
                    var name: String { get }
                    """,
                withoutDefaults: """
                    @MainActor func execute(_ context: InitializerContext)
                    """
            ),
            .protocol(
                "AppGate",
                withDefaults: """
                    static var isInitiallyOpen: Bool { get }
                    static var closesAfterBackground: Duration? { get }
                    """,
                withoutDefaults: """
                    static var openedBy: any AppService.Type { get }
                    """
            ),
            .protocol(
                "AppMilestone",
                withDefaults: """
                    static var scope: MilestoneScope { get }
                    """,
                withoutDefaults: """
                    static var reachedBy: any AppService.Type { get }
                    """
            ),
            .protocol(
                "ApplicationStateHandling",
                refines: ["AppService"],
                withDefaults: """
                    func applicationDidBecomeActive(_ context: AppContext)
                    func applicationWillResignActive(_ context: AppContext)
                    func applicationDidEnterBackground(_ context: AppContext)
                    func applicationWillEnterForeground(_ context: AppContext)
                    func applicationWillTerminate(_ context: AppContext)
                    """
            ),
            .protocol(
                "BackgroundFetchHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func applicationPerformFetch(_ context: AppContext) async throws -> BackgroundFetchResult
                    """
            ),
            .protocol(
                "BackgroundTaskHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    var backgroundTasks: [BackgroundTaskDeclaration] { get }
                    """
            ),
            .protocol(
                "BackgroundURLSessionHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(_ context: AppContext, handleEventsForBackgroundURLSession identifier: String) async throws
                    """
            ),
            .protocol(
                "SessionService",
                refines: ["AppService"],
                withoutDefaults: """
                    init(session: SessionInfo, context: AppContext)
                    """
            ),
            .protocol(
                "SessionHandling",
                refines: ["AppService"],
                withDefaults: """
                    func sessionDidBegin(_ context: AppContext)
                    func sessionWillEnd(_ context: AppContext)
                    """
            ),
            .protocol(
                "GateHandling",
                refines: ["AppService"],
                withDefaults: """
                    func gateDidClose(_ context: AppContext, gate: String)
                    func gateDidOpen(_ context: AppContext, gate: String)
                    """
            ),
            .protocol(
                "CarPlayHandling",
                refines: ["AppService"],
                withDefaults: """
                    func templateApplicationScene(_ context: AppContext, didConnect connection: CarPlayConnection)
                    func templateApplicationScene(_ context: AppContext, didDisconnect connection: CarPlayConnection)
                    func templateApplicationSceneDidSelectNavigationAlert(_ context: AppContext)
                    func templateApplicationSceneDidSelectManeuver(_ context: AppContext)
                    func templateApplicationScene(_ context: AppContext, contentStyleDidChange contentStyle: UserInterfaceStyle)
                    """
            ),
            .protocol(
                "CloudKitShareHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(_ context: AppContext, userDidAcceptCloudKitShareWith metadata: CloudKitShareMetadata)
                    """
            ),
            .protocol(
                "DesktopApplicationHandling",
                refines: ["AppService"],
                withDefaults: """
                    func applicationWillBecomeActive(_ context: AppContext)
                    func applicationDidResignActive(_ context: AppContext)
                    func applicationWillHide(_ context: AppContext)
                    func applicationDidHide(_ context: AppContext)
                    func applicationWillUnhide(_ context: AppContext)
                    func applicationDidUnhide(_ context: AppContext)
                    func applicationShouldTerminate(_ context: AppContext) -> TerminationReply
                    func applicationShouldTerminateAfterLastWindowClosed(_ context: AppContext) -> Bool
                    func applicationShouldHandleReopen(_ context: AppContext, hasVisibleWindows: Bool) -> Bool
                    func applicationSupportsSecureRestorableState(_ context: AppContext) -> Bool
                    """
            ),
            .protocol(
                "ExtensionPointHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(
                        _ context: AppContext,
                        shouldAllowExtensionPointIdentifier extensionPointIdentifier: ExtensionPointIdentifier
                    ) -> Bool
                    """
            ),
            .protocol(
                "HealthAuthorizationHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func applicationShouldRequestHealthAuthorization(_ context: AppContext)
                    """
            ),
            .protocol(
                "IntentHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(_ context: AppContext, handlerFor intent: IntentRequest) -> Any?
                    """
            ),
            .protocol(
                "InterfaceOrientationHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(
                        _ context: AppContext,
                        supportedInterfaceOrientationsFor window: AnyObject?
                    ) -> InterfaceOrientationMask
                    """
            ),
            .protocol(
                "KeyCommandLocalizationHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func applicationShouldAutomaticallyLocalizeKeyCommands(_ context: AppContext) -> Bool
                    """
            ),
            .protocol(
                "LaunchHandling",
                refines: ["AppService"],
                withDefaults: """
                    func application(_ context: AppContext, willFinishLaunchingWithOptions options: LaunchOptions) -> Bool
                    func application(_ context: AppContext, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool
                    """
            ),
            .protocol(
                "RemoteNotificationHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(
                        _ context: AppContext,
                        didReceiveRemoteNotification notification: RemoteNotification
                    ) async throws -> BackgroundFetchResult
                    """
            ),
            .protocol(
                "RemoteNotificationRegistrationHandling",
                refines: ["AppService"],
                withDefaults: """
                    func application(_ context: AppContext, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
                    func application(_ context: AppContext, didFailToRegisterForRemoteNotificationsWithError error: any Error)
                    """
            ),
            .protocol(
                "SceneHandling",
                refines: ["AppService"],
                withDefaults: """
                    func scene(_ context: AppContext, willConnectTo session: SceneSession, options: SceneConnectionOptions)
                    func sceneDidDisconnect(_ context: AppContext)
                    func sceneDidBecomeActive(_ context: AppContext)
                    func sceneWillResignActive(_ context: AppContext)
                    func sceneWillEnterForeground(_ context: AppContext)
                    func sceneDidEnterBackground(_ context: AppContext)
                    func stateRestorationActivity(for context: AppContext) -> UserActivity?
                    func scene(_ context: AppContext, restoreInteractionStateWith stateRestorationActivity: UserActivity)
                    func windowScene(_ context: AppContext, didUpdate previous: WindowSceneGeometryChange)
                    """
            ),
            .protocol(
                "SceneSessionHandling",
                refines: ["AppService"],
                withDefaults: """
                    func application(
                        _ context: AppContext,
                        configurationForConnecting session: SceneSession,
                        options: SceneConnectionOptions
                    ) -> SceneConfiguration?
                    func application(_ context: AppContext, didDiscardSceneSessions sessions: Set<SceneSession>)
                    """
            ),
            .protocol(
                "ShortcutItemHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(_ context: AppContext, performActionFor shortcutItem: ShortcutItem) async throws -> Bool
                    """
            ),
            .protocol(
                "StateRestorationHandling",
                refines: ["AppService"],
                withDefaults: """
                    func application(_ context: AppContext, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
                    func application(_ context: AppContext, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
                    func application(_ context: AppContext, willEncodeRestorableStateWith coder: NSCoder)
                    func application(_ context: AppContext, didDecodeRestorableStateWith coder: NSCoder)
                    func application(
                        _ context: AppContext,
                        viewControllerWithRestorationIdentifierPath identifierComponents: [String],
                        coder: NSCoder
                    ) -> AnyObject?
                    """
            ),
            .protocol(
                "SystemEventHandling",
                refines: ["AppService"],
                withDefaults: """
                    func applicationDidReceiveMemoryWarning(_ context: AppContext)
                    func applicationSignificantTimeChange(_ context: AppContext)
                    func applicationProtectedDataWillBecomeUnavailable(_ context: AppContext)
                    func applicationProtectedDataDidBecomeAvailable(_ context: AppContext)
                    func applicationSystemPrefersReducedResourceUsageDidChange(
                        _ context: AppContext,
                        prefersReducedResourceUsage: Bool
                    )
                    """
            ),
            .protocol(
                "URLOpenHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool
                    """
            ),
            .protocol(
                "UserActivityHandling",
                refines: ["AppService"],
                withDefaults: """
                    var userActivityTypes: Set<String> { get }
                    func application(_ context: AppContext, willContinueUserActivityWithType userActivityType: String) -> Bool
                    func application(_ context: AppContext, continue userActivity: UserActivity) -> UserActivityContinuation
                    func application(
                        _ context: AppContext,
                        didFailToContinueUserActivityWithType userActivityType: String,
                        error: any Error
                    )
                    func application(_ context: AppContext, didUpdate userActivity: UserActivity)
                    """
            ),
            .protocol(
                "UserNotificationHandling",
                refines: ["AppService"],
                withDefaults: """
                    var notificationCategories: Set<String>? { get }
                    var definedNotificationCategories: [NotificationCategory] { get }
                    var notificationAuthorizationOptions: NotificationAuthorizationOptions { get }
                    func userNotificationCenter(_ context: AppContext, didRequestAuthorization outcome: NotificationAuthorization)
                    func userNotificationCenter(
                        _ context: AppContext,
                        willPresent notification: UserNotification
                    ) async -> NotificationPresentationOptions
                    func userNotificationCenter(_ context: AppContext, didReceive response: NotificationResponse) async throws
                    func userNotificationCenter(_ context: AppContext, openSettingsFor notification: UserNotification?)
                    """
            ),
            .protocol(
                "CallHandling",
                refines: ["AppService"],
                withDefaults: """
                    func providerDidBegin(_ context: AppContext)
                    func providerDidReset(_ context: AppContext)
                    func provider(_ context: AppContext, perform action: CallAction) async throws -> CallAction.Answer
                    func provider(_ context: AppContext, timedOutPerforming action: CallAction)
                    func providerDidActivateAudioSession(_ context: AppContext)
                    func providerDidDeactivateAudioSession(_ context: AppContext)
                    """
            ),
            .protocol(
                "VoIPPushHandling",
                refines: ["AppService"],
                withDefaults: """
                    var voIPPushTypes: Set<PushType> { get }
                    func pushRegistry(_ context: AppContext, didUpdate credentials: PushCredentials)
                    func pushRegistry(
                        _ context: AppContext,
                        didReceiveIncomingPushWith payload: PushPayload
                    ) async throws -> VoIPCallReport
                    func pushRegistry(_ context: AppContext, didInvalidatePushTokenFor type: PushType)
                    """
            ),
            .protocol(
                "WatchKitRequestHandling",
                refines: ["AppService"],
                withoutDefaults: """
                    func application(
                        _ context: AppContext,
                        handleWatchKitExtensionRequest userInfo: UserInfo?
                    ) async throws -> UserInfo?
                    """
            ),
            // AppServicesUIKit's capabilities.
            .protocol(
                "MenuBuilding",
                refines: ["AppService"],
                withDefaults: """
                    func validate(_ command: UICommand, context: AppContext) -> Bool
                    """,
                withoutDefaults: """
                    func buildMenu(with builder: any UIMenuBuilder, context: AppContext)
                    """
            ),
            .protocol(
                "PrivacyCoverProviding",
                refines: ["AppService"],
                withoutDefaults: """
                    func privacyCover(for scene: UIWindowScene, context: AppContext) -> UIViewController?
                    """
            ),
            .protocol(
                "SceneWindowProviding",
                refines: ["AppService"],
                withoutDefaults: """
                    func window(for scene: UIWindowScene?, context: AppContext) -> UIWindow?
                    """
            ),
            // AppServicesSwiftUI's capability.
            .protocol(
                "PrivacyCoverViewProviding",
                refines: ["AppService"],
                withoutDefaults: """
                    func privacyCoverView(context: AppContext) -> AnyView?
                    """
            ),
            // Not checked: a mediator's listener, whose members look like capability members
            // without a context (`applicationDidBecomeActive()`).
            .protocol(
                "LifecycleListener",
                withDefaults: """
                    func applicationDidFinishLaunching()
                    func applicationDidBecomeActive()
                    func applicationWillResignActive()
                    func applicationDidEnterBackground()
                    func applicationWillEnterForeground()
                    func applicationWillTerminate()
                    func applicationDidReceiveMemoryWarning()
                    func applicationSignificantTimeChange()
                    func applicationProtectedDataWillBecomeUnavailable()
                    func applicationProtectedDataDidBecomeAvailable()
                    """,
                isChecked: false
            ),
        ],
        // `RequiredConfigurationKey` is swift-configuration's `ConfigKey` with the package's
        // `Configuration` trait (and `Never`, so that no key can be listed, without it).
        typeAliases: [
            "RequiredConfigurationKey": "ConfigKey",
            "UserInfo": "[String: UserInfoValue]",
        ]
    )
}
