#if !canImport(UIKit)
// Where UIKit is missing (Linux, macOS, whose CallKit has no CXProvider),
// `import AppServicesCallKit` also brings the shim's CallKit declarations, as an iOS app gets
// them from `import CallKit`: an app's delegate and its tests compile there without naming
// the shim.
@_exported public import AppServicesCallKitShim
#endif
