// The UIKit declarations the AppServicesUIKit adapters use, transcribed for platforms that
// have no UIKit (Linux, and macOS without Mac Catalyst), so the adapters compile and are
// tested there. Where UIKit exists this module is empty and the real framework is used.
//
// Sources: the iOS 18 SDK's UIApplication.h, the iOS 26.2 SDK's imported interface, the iOS
// 27.0 SDK's headers for the iOS 27 additions, and Apple's UIKit documentation; see
// Documentation/Reference/AppleAPI.md in this repository. Only what the adapters touch is declared, with the
// SDK's names, argument labels, types, optionality and main-actor isolation. Members the
// SDK marks `@objc optional` are protocol requirements with a default implementation in an
// extension: that is how such a member behaves when called from Swift.
#if !canImport(UIKit)
// As UIKit does, this module re-exports Foundation; Selector and NSUserActivity come from
// the shared shim where the Objective-C runtime is missing.
@_exported public import AppServicesFoundationShim
@_exported public import Foundation
#endif
