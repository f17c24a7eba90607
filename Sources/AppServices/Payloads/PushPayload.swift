public import Foundation

/// A kind of PushKit push (`PKPushType`): what the application asks the system for, and what
/// each push and each token is for.
///
/// The raw values are PushKit's strings, so adapters convert by raw value.
public struct PushType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// PushKit's string for the type, such as `PKPushTypeVoIP`.
    public let rawValue: String

    /// Creates a type from PushKit's string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A push that announces an incoming Voice-over-IP call (`PKPushType.voIP`). The
    /// application must report the call to CallKit before the push's completion handler is
    /// called: see ``VoIPPushHandling``.
    public static let voIP = PushType(rawValue: "PKPushTypeVoIP")

    /// A push that tells a File Provider extension its content changed
    /// (`PKPushType.fileProvider`).
    public static let fileProvider = PushType(rawValue: "PKPushTypeFileProvider")

    /// PushKit's string.
    public var description: String { rawValue }
}

/// The token a server sends pushes of one type to (`PKPushCredentials`).
public struct PushCredentials: Sendable, Hashable {
    /// The token, as the server needs it.
    public var token: Data
    /// The push type the token is for.
    public var type: PushType

    /// Creates credentials.
    public init(token: Data, type: PushType = .voIP) {
        self.token = token
        self.type = type
    }
}

/// A push PushKit delivered (`PKPushPayload`), in platform-neutral form.
public struct PushPayload: Sendable, Hashable {
    /// The push's type.
    public var type: PushType
    /// What the server sent: property-list values only (see ``UserInfoValue``); the raw
    /// dictionary stays available through the platform objects.
    public var dictionaryPayload: UserInfo
    /// Whether the application must report an incoming call to CallKit for this push (the
    /// CallKit rule of ``VoIPPushHandling``): PushKit's `PKVoIPPushMetadata.mustReport` from
    /// iOS 26.4, which is `false` when the system does not require it (the application is
    /// in the foreground, already has a call, ...); `true` where PushKit does not say, as the
    /// rule applies to every VoIP push before iOS 26.4.
    public var mustReport: Bool

    /// Creates a payload.
    public init(type: PushType = .voIP, dictionaryPayload: UserInfo = [:], mustReport: Bool = true) {
        self.type = type
        self.dictionaryPayload = dictionaryPayload
        self.mustReport = mustReport
    }
}

/// What a service did with a PushKit push, for the CallKit rule (see ``VoIPPushHandling``).
public enum VoIPCallReport: Sendable, Hashable, CustomStringConvertible {
    /// The service asked CallKit to report a new incoming call for the push
    /// (`CXProvider.reportNewIncomingCall(with:update:completion:)`), whatever CallKit
    /// answered: the rule asks that the call be reported, and CallKit itself declines some
    /// (a blocked caller, Do Not Disturb).
    case reportedCall
    /// The service reported no call: the push was not for it, or it is not a VoIP push.
    case noCall

    /// `reportedCall` or `noCall`.
    public var description: String {
        switch self {
        case .reportedCall: "reportedCall"
        case .noCall: "noCall"
        }
    }
}
