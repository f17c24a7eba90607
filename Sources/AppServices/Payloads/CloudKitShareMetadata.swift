public import Foundation

/// The platform-neutral part of a CloudKit share the user accepted (`CKShare.Metadata`).
///
/// The full metadata object stays available through ``AppContext/platform`` under
/// ``PlatformObjects/Key/cloudKitShareMetadata``.
public struct CloudKitShareMetadata: Sendable, Hashable {
    /// The identifier of the CloudKit container the share lives in.
    public var containerIdentifier: String
    /// The share's URL, when known.
    public var shareURL: URL?

    /// Creates share metadata.
    public init(containerIdentifier: String, shareURL: URL? = nil) {
        self.containerIdentifier = containerIdentifier
        self.shareURL = shareURL
    }
}

/// An intent the system asks the application to handle in-process (`INIntent`).
public struct IntentRequest: Sendable, Hashable {
    /// The intent's class name, such as `INSendMessageIntent`.
    public var intentName: String

    /// Creates an intent request.
    public init(intentName: String) { self.intentName = intentName }
}
