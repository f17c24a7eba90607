public import AppServices

#if canImport(UIKit)
public import CallKit
#else
public import AppServicesCallKitShim
#endif

extension CallHandle {
    /// The handle `handle` holds.
    public init(_ handle: CXHandle) {
        self.init(kind: Kind(handle.type), value: handle.value)
    }
}

extension CallHandle.Kind {
    /// The kind of `type`; CallKit's kinds after this SDK's are `.generic`.
    public init(_ type: CXHandle.HandleType) {
        switch type {
        case .phoneNumber: self = .phoneNumber
        case .emailAddress: self = .emailAddress
        default: self = .generic
        }
    }
}

extension CXHandle.HandleType {
    /// CallKit's kind of handle for `kind`.
    public init(_ kind: CallHandle.Kind) {
        switch kind {
        case .generic: self = .generic
        case .phoneNumber: self = .phoneNumber
        case .emailAddress: self = .emailAddress
        }
    }
}

extension CallAction.DTMFKind {
    /// The kind of `type`; CallKit's kinds after this SDK's are `.singleTone`.
    public init(_ type: CXPlayDTMFCallAction.ActionType) {
        switch type {
        case .softPause: self = .softPause
        case .hardPause: self = .hardPause
        default: self = .singleTone
        }
    }
}
