// Pattern 2: the command list built by a builder.
//
// Work that must happen inside didFinishLaunching, in order, on the main actor: the root
// view, the appearance, registrations the system requires before launch ends. Each is a
// small command; the list reads top to bottom.

import AppServices
import Configuration

/// Where the commands leave their effects, so the example (and its test) can see them.
@MainActor
final class Screen {
    var rootView: String?
    var tintColor: String?
    var registeredTasks: [String] = []
}

struct SetRootViewCommand: StartupCommand {
    let screen: Screen
    func execute(_ context: InitializerContext) { screen.rootView = "TabBar(Shop, Orders, Profile)" }
}

struct ApplyAppearanceCommand: StartupCommand {
    let screen: Screen
    func execute(_ context: InitializerContext) {
        screen.tintColor = context.configuration.string(forKey: "appearance.tint", default: "indigo")
    }
}

struct RegisterBackgroundTasksCommand: StartupCommand {
    let screen: Screen
    func execute(_ context: InitializerContext) { screen.registeredTasks.append("com.example.shop.refresh") }
}

@MainActor
func makeShopLaunchPlan(screen: Screen, isDebug: Bool) throws -> LaunchPlan {
    try LaunchPlan {
        // No initializers in this example: only commands.
    } commands: {
        SetRootViewCommand(screen: screen)
        ApplyAppearanceCommand(screen: screen)
        if !isDebug { RegisterBackgroundTasksCommand(screen: screen) }
    }
}
