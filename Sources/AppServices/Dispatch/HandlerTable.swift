/// One service that handles a capability, with its type for contexts and log messages.
struct Handler<Service> {
    let service: Service
    let type: any AppService.Type
}

/// The services that handle each capability, in dispatch order, computed once when the
/// composite is sealed, so a callback touches only the services that handle it.
@MainActor
struct HandlerTable {
    typealias List<Service> = ContiguousArray<Handler<Service>>

    private(set) var launch: List<any LaunchHandling> = []
    private(set) var applicationState: List<any ApplicationStateHandling> = []
    private(set) var systemEvents: List<any SystemEventHandling> = []
    private(set) var healthAuthorization: List<any HealthAuthorizationHandling> = []
    private(set) var keyCommandLocalization: List<any KeyCommandLocalizationHandling> = []
    private(set) var urlOpening: List<any URLOpenHandling> = []
    private(set) var remoteNotificationRegistration: List<any RemoteNotificationRegistrationHandling> = []
    private(set) var remoteNotifications: List<any RemoteNotificationHandling> = []
    private(set) var backgroundFetch: List<any BackgroundFetchHandling> = []
    private(set) var backgroundURLSessions: List<any BackgroundURLSessionHandling> = []
    private(set) var watchKitRequests: List<any WatchKitRequestHandling> = []
    private(set) var shortcutItems: List<any ShortcutItemHandling> = []
    private(set) var userActivities: List<any UserActivityHandling> = []
    private(set) var interfaceOrientations: List<any InterfaceOrientationHandling> = []
    private(set) var extensionPoints: List<any ExtensionPointHandling> = []
    private(set) var cloudKitShares: List<any CloudKitShareHandling> = []
    private(set) var intents: List<any IntentHandling> = []
    private(set) var stateRestoration: List<any StateRestorationHandling> = []
    private(set) var sceneSessions: List<any SceneSessionHandling> = []
    private(set) var scenes: List<any SceneHandling> = []
    private(set) var desktop: List<any DesktopApplicationHandling> = []

    init() {}

    init(_ services: some Sequence<any AppService>) {
        for service in services {
            let type = Swift.type(of: service)
            func add<Capability>(_ list: inout List<Capability>, _ capability: Capability?) {
                if let capability { list.append(Handler(service: capability, type: type)) }
            }
            add(&launch, service as? any LaunchHandling)
            add(&applicationState, service as? any ApplicationStateHandling)
            add(&systemEvents, service as? any SystemEventHandling)
            add(&healthAuthorization, service as? any HealthAuthorizationHandling)
            add(&keyCommandLocalization, service as? any KeyCommandLocalizationHandling)
            add(&urlOpening, service as? any URLOpenHandling)
            add(&remoteNotificationRegistration, service as? any RemoteNotificationRegistrationHandling)
            add(&remoteNotifications, service as? any RemoteNotificationHandling)
            add(&backgroundFetch, service as? any BackgroundFetchHandling)
            add(&backgroundURLSessions, service as? any BackgroundURLSessionHandling)
            add(&watchKitRequests, service as? any WatchKitRequestHandling)
            add(&shortcutItems, service as? any ShortcutItemHandling)
            add(&userActivities, service as? any UserActivityHandling)
            add(&interfaceOrientations, service as? any InterfaceOrientationHandling)
            add(&extensionPoints, service as? any ExtensionPointHandling)
            add(&cloudKitShares, service as? any CloudKitShareHandling)
            add(&intents, service as? any IntentHandling)
            add(&stateRestoration, service as? any StateRestorationHandling)
            add(&sceneSessions, service as? any SceneSessionHandling)
            add(&scenes, service as? any SceneHandling)
            add(&desktop, service as? any DesktopApplicationHandling)
        }
    }

    /// How many services handle `callback`.
    func count(for callback: AppCallback) -> Int {
        switch callback {
        case .willFinishLaunching, .didFinishLaunching:
            return launch.count
        case .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .willTerminate:
            return applicationState.count
        case .didReceiveMemoryWarning, .significantTimeChange, .protectedDataWillBecomeUnavailable,
            .protectedDataDidBecomeAvailable:
            return systemEvents.count
        case .shouldRequestHealthAuthorization: return healthAuthorization.count
        case .shouldAutomaticallyLocalizeKeyCommands: return keyCommandLocalization.count
        case .openURL: return urlOpening.count
        case .didRegisterForRemoteNotifications, .didFailToRegisterForRemoteNotifications:
            return remoteNotificationRegistration.count
        case .didReceiveRemoteNotification: return remoteNotifications.count
        case .performFetch: return backgroundFetch.count
        case .handleEventsForBackgroundURLSession: return backgroundURLSessions.count
        case .handleWatchKitExtensionRequest: return watchKitRequests.count
        case .performActionForShortcutItem: return shortcutItems.count
        case .willContinueUserActivity, .continueUserActivity, .didFailToContinueUserActivity, .didUpdateUserActivity:
            return userActivities.count
        case .supportedInterfaceOrientations: return interfaceOrientations.count
        case .shouldAllowExtensionPointIdentifier: return extensionPoints.count
        case .userDidAcceptCloudKitShare: return cloudKitShares.count
        case .handlerForIntent: return intents.count
        case .shouldSaveSecureApplicationState, .shouldRestoreSecureApplicationState, .willEncodeRestorableState,
            .didDecodeRestorableState, .viewControllerWithRestorationIdentifierPath:
            return stateRestoration.count
        case .configurationForConnecting, .didDiscardSceneSessions:
            return sceneSessions.count
        case .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground, .stateRestorationActivity, .restoreInteractionState,
            .windowSceneDidUpdateGeometry:
            return scenes.count
        case .willBecomeActive, .didResignActive, .willHide, .didHide, .willUnhide, .didUnhide, .shouldTerminate,
            .shouldTerminateAfterLastWindowClosed, .shouldHandleReopen, .supportsSecureRestorableState:
            return desktop.count
        }
    }
}
