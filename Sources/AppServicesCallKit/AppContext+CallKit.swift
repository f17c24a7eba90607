public import AppServices

#if canImport(UIKit)
public import CallKit
public import AVFAudio
#else
public import AppServicesCallKitShim
#endif

extension PlatformObjects.Key {
    /// The `CXProvider` of a `CXProviderDelegate` callback.
    public static let callProvider = PlatformObjects.Key(rawValue: "callProvider")
    /// The `CXAction` performed, or timed out.
    public static let callAction = PlatformObjects.Key(rawValue: "callAction")
    /// The `AVAudioSession` CallKit activated or deactivated.
    public static let audioSession = PlatformObjects.Key(rawValue: "audioSession")
}

extension AppContext {
    /// The CallKit objects the adapter (`ServiceOrientedProviderDelegate`) received with this
    /// callback, typed.
    ///
    /// ```swift
    /// func providerDidActivateAudioSession(_ context: AppContext) {
    ///     guard let session = context.callKit.audioSession else { return }
    ///     audioEngine.start(with: session)  // the application's own audio
    /// }
    /// ```
    public var callKit: CallKitObjects { CallKitObjects(platform: platform) }
}

/// The CallKit objects behind a callback, as `AppContext.callKit` gives them: each is `nil`
/// when the callback did not come with it (or did not come through the CallKit adapter).
@MainActor
public struct CallKitObjects {
    /// The platform objects the callback came with.
    let platform: PlatformObjects?

    /// The application's provider, in every callback of the CallKit adapter.
    public var provider: CXProvider? { platform?.value(.callProvider) }

    /// The action being performed (`CallHandling.provider(_:perform:)`) or that timed out
    /// (`CallHandling.provider(_:timedOutPerforming:)`): a `CXStartCallAction`,
    /// `CXAnswerCallAction`, ... The adapter fulfils or fails it: do not complete it yourself.
    public var action: CXAction? { platform?.value(.callAction) }

    /// The audio session activated or deactivated.
    public var audioSession: AVAudioSession? { platform?.value(.audioSession) }
}
