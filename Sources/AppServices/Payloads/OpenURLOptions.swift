public import Foundation

/// How a URL was handed to the application: the platform-neutral form of
/// `UIApplication.OpenURLOptionsKey` and `UIScene.OpenURLOptions`.
public struct OpenURLOptions: Sendable, Hashable {
    /// The bundle identifier of the application that asked to open the URL, when the
    /// system tells.
    public var sourceApplication: String?
    /// Whether the file must be opened in place rather than copied first.
    public var openInPlace: Bool

    /// Creates URL-opening options.
    public init(sourceApplication: String? = nil, openInPlace: Bool = false) {
        self.sourceApplication = sourceApplication
        self.openInPlace = openInPlace
    }
}

/// A URL handed to a scene together with how it was opened (`UIOpenURLContext`).
public struct OpenURLContext: Sendable, Hashable {
    /// The URL to open.
    public var url: URL
    /// How it was opened.
    public var options: OpenURLOptions

    /// Creates a URL context.
    public init(url: URL, options: OpenURLOptions = OpenURLOptions()) {
        self.url = url
        self.options = options
    }
}
