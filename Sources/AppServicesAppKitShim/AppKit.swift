// The AppKit declarations the AppServicesAppKit adapter uses, transcribed for platforms
// that have no AppKit, so the adapter compiles and is tested there. On macOS this module
// is empty and the real framework is used.
//
// Sources: Apple's AppKit documentation and Documentation/Reference/AppleAPI.md in this repository. Members
// the SDK marks `@objc optional` are protocol requirements with a default implementation
// in an extension: that is how such a member behaves when called from Swift.
#if !canImport(AppKit)

// AppKit re-exports Foundation. This module re-exports only the Foundation types the
// adapter names, because on Linux its `NSObject` must be this module's (see NSObject.swift)
// and a second `NSObject` in scope would be ambiguous.
@_exported public import AppServicesFoundationShim
@_exported public import struct Foundation.Data
@_exported public import struct Foundation.Notification
@_exported public import class Foundation.Thread
@_exported public import struct Foundation.URL

#if canImport(ObjectiveC)
@_exported public import class Foundation.NSUserActivity
@_exported public import func Foundation.NSStringFromSelector
@_exported public import class ObjectiveC.NSObject
@_exported public import struct ObjectiveC.Selector
#endif

#endif
