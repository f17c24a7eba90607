public import Foundation

/// Something a person or the system asks a call to do, as CallKit's provider hands it to its
/// delegate (`CXCallAction` and its subclasses): start, answer or end a call, hold or mute
/// it, group it with another, play touch tones.
///
/// Platform-neutral: the CallKit adapter (`AppServicesCallKit`) converts each `CXCallAction`
/// to one, and `context.callKit.action` gives the original to a service that needs it.
///
/// ```swift
/// let answer = CallAction(callUUID: call, kind: .answer)
/// let hold = CallAction(callUUID: call, kind: .setHeld(true))
/// ```
public struct CallAction: Sendable, Hashable, CustomStringConvertible {
    /// The call the action concerns: the UUID the application reported it with, or the one
    /// CallKit gave an outgoing call.
    public var callUUID: UUID
    /// What the action asks, with its data.
    public var kind: Kind

    /// Creates an action on the call `callUUID`.
    public init(callUUID: UUID, kind: Kind) {
        self.callUUID = callUUID
        self.kind = kind
    }

    /// The action and the call, for log messages: `answer call 6F1A…`.
    public var description: String { "\(kind) call \(callUUID.uuidString)" }

    /// What an action asks, after the `CXCallAction` subclass it comes as.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// Start an outgoing call to `handle` (`CXStartCallAction`), with video or not,
        /// naming the contact when the system knows it.
        case start(handle: CallHandle, isVideo: Bool, contactIdentifier: String?)
        /// Answer an incoming call (`CXAnswerCallAction`).
        case answer
        /// End the call, or decline it if it has not been answered (`CXEndCallAction`).
        case end
        /// Put the call on hold (`true`) or take it off hold (`false`) (`CXSetHeldCallAction`).
        case setHeld(Bool)
        /// Mute the call's microphone (`true`) or unmute it (`false`) (`CXSetMutedCallAction`).
        case setMuted(Bool)
        /// Group the call with the call `with`, or, with `nil`, take it out of its group
        /// (`CXSetGroupCallAction`).
        case setGroup(with: UUID?)
        /// Play touch tones for `digits` (`CXPlayDTMFCallAction`).
        case playDTMF(digits: String, kind: DTMFKind)

        /// The kind's name, without its data: `start`, `setHeld`, ...
        public var description: String {
            switch self {
            case .start: "start"
            case .answer: "answer"
            case .end: "end"
            case .setHeld: "setHeld"
            case .setMuted: "setMuted"
            case .setGroup: "setGroup"
            case .playDTMF: "playDTMF"
            }
        }
    }

    /// Why touch tones are played (`CXPlayDTMFCallAction.ActionType`).
    public enum DTMFKind: Sendable, Hashable {
        /// A person tapped a digit on the in-call keypad.
        case singleTone
        /// Digits after a soft pause in a dialled string.
        case softPause
        /// Digits after a hard pause in a dialled string.
        case hardPause
    }

    /// What one service answers for an action
    /// (``CallHandling/provider(_:perform:)``).
    public enum Answer: Sendable, Hashable {
        /// The service did what the action asks.
        case fulfilled
        /// The service tried and could not: the action fails, whatever the other services
        /// answered.
        case failed
        /// The action concerns a call this service does not manage.
        case notMine
    }

    /// What the application tells CallKit about an action, exactly once
    /// (`CXAction.fulfill()` or `CXAction.fail()`).
    public enum Outcome: Sendable, Hashable {
        /// `fulfill()`.
        case fulfilled
        /// `fail()`.
        case failed
    }
}

/// How a call's other party is reached (`CXHandle`): a phone number, an email address, or
/// an identifier of the application's own.
public struct CallHandle: Sendable, Hashable {
    /// What kind of value ``value`` is.
    public var kind: Kind
    /// The number, address or identifier.
    public var value: String

    /// Creates a handle.
    public init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    /// What kind of value a handle holds (`CXHandle.HandleType`).
    public enum Kind: Sendable, Hashable {
        /// An identifier of the application's own, such as a user name.
        case generic
        /// A phone number.
        case phoneNumber
        /// An email address.
        case emailAddress
    }
}
