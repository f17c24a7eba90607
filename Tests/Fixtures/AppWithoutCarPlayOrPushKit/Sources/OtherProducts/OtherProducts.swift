// Imports the products this target depends on, so that each is compiled and checked.
import AppServicesAppKit
import AppServicesCallKit
import AppServicesMetricKit
import AppServicesSwiftUI
import AppServicesSwiftUITesting
