public import Foundation

/// An incoming call to report to the system (`CXProvider.reportNewIncomingCall(with:update:completion:)`
/// with a `CXCallUpdate`): what the system shows while the call rings.
///
/// Report it with ``AppContext/reportIncomingCall(_:)``, at once, from a VoIP push:
///
/// ```swift
/// try await context.reportIncomingCall(
///     IncomingCall(uuid: UUID(), handle: CallHandle(kind: .generic, value: "ada"), localizedCallerName: "Ada")
/// )
/// ```
public struct IncomingCall: Sendable, Hashable {
    /// The call's identifier, which every action on it carries (``CallAction/callUUID``).
    public var uuid: UUID
    /// Who calls, if known.
    public var handle: CallHandle?
    /// The caller's name as the system shows it, if known.
    public var localizedCallerName: String?
    /// Whether the call has video.
    public var hasVideo: Bool
    /// Whether the call can be put on hold.
    public var supportsHolding: Bool
    /// Whether the call can be grouped with others.
    public var supportsGrouping: Bool
    /// Whether the call can be taken out of a group.
    public var supportsUngrouping: Bool
    /// Whether the call can play touch tones.
    public var supportsDTMF: Bool

    /// Creates an incoming call. The defaults claim nothing: no video, and no holding,
    /// grouping, ungrouping or touch tones; the adapter sets every field of the update it
    /// reports.
    public init(
        uuid: UUID,
        handle: CallHandle? = nil,
        localizedCallerName: String? = nil,
        hasVideo: Bool = false,
        supportsHolding: Bool = false,
        supportsGrouping: Bool = false,
        supportsUngrouping: Bool = false,
        supportsDTMF: Bool = false
    ) {
        self.uuid = uuid
        self.handle = handle
        self.localizedCallerName = localizedCallerName
        self.hasVideo = hasVideo
        self.supportsHolding = supportsHolding
        self.supportsGrouping = supportsGrouping
        self.supportsUngrouping = supportsUngrouping
        self.supportsDTMF = supportsDTMF
    }
}
