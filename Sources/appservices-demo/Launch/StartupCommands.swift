import AppServices
import Configuration

/// Installs the first screen. Startup commands are synchronous main-actor work that must
/// be done before `didFinishLaunching` returns; they run in the order they are listed.
struct RootViewCommand: StartupCommand {
    let log: EventLog

    @MainActor func execute(_ context: InitializerContext) {
        // On iOS: window.rootViewController = InboxViewController(); window.makeKeyAndVisible().
        log.record(context, "installed the inbox as the root view")
    }
}

/// Applies the app's look (`appearance.theme`) before the first frame is drawn.
struct AppearanceCommand: StartupCommand {
    let log: EventLog

    @MainActor func execute(_ context: InitializerContext) {
        let theme = context.configuration.string(forKey: "appearance.theme", default: "system")
        log.record(context, "theme \(theme)")
    }
}
