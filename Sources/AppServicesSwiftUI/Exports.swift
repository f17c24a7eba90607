#if !canImport(UIKit)
// Where UIKit is missing (Linux, macOS without Mac Catalyst), `import AppServicesSwiftUI`
// also brings the shim's SwiftUI declarations, as an iOS app gets them from
// `import SwiftUI`: an app's `App` and its tests compile there without naming the shim.
@_exported public import AppServicesSwiftUIShim
#endif
