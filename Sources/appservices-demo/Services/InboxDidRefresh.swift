import AppServices

/// Posted by ``PushNotificationService`` when a silent push brought new messages into the
/// inbox. A typed event: whoever cares subscribes, and the poster knows nobody by name.
struct InboxDidRefresh: AppEvent {
    /// How many messages arrived.
    let newMessages: Int
}
