// Pattern 4: the lifecycle mediator with listeners.
//
// Objects that are not services (a player, a cache) hear the application's life cycle
// through a mediator that observes the lifecycle notifications.

import AppServices
import Foundation

final class VideoPlayer: LifecycleListener {
    private(set) var isPlaying = true

    func applicationDidEnterBackground() { isPlaying = false }
    func applicationWillEnterForeground() { isPlaying = true }
}

final class ImageCache: LifecycleListener {
    private(set) var images = ["banner", "logo"]

    func applicationDidReceiveMemoryWarning() { images.removeAll() }
}

@MainActor
func makeMediator(player: VideoPlayer, cache: ImageCache, center: NotificationCenter = .default) -> LifecycleMediator {
    LifecycleMediator(listeners: [player, cache], notificationCenter: center)
}
