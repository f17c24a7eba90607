import AppServices
import Foundation
import Testing

struct UserInfoPropertyListTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let value: @Sendable () -> Any
        let expected: UserInfoValue?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "String", value: { "order-17" }, expected: .string("order-17")),
        Case(name: "NSString", value: { NSString(string: "order-17") }, expected: .string("order-17")),
        Case(name: "Int", value: { 3 }, expected: .int(3)),
        Case(name: "integer NSNumber", value: { NSNumber(value: 1) }, expected: .int(1)),
        Case(name: "fractional NSNumber", value: { NSNumber(value: 2.5) }, expected: .double(2.5)),
        Case(name: "Double", value: { 2.5 }, expected: .double(2.5)),
        Case(name: "whole Double", value: { 2.0 }, expected: .double(2)),
        Case(name: "whole floating-point NSNumber", value: { NSNumber(value: 2.0) }, expected: .double(2)),
        Case(name: "Float NSNumber", value: { NSNumber(value: Float(3)) }, expected: .double(3)),
        Case(name: "Bool", value: { true }, expected: .bool(true)),
        Case(name: "Boolean NSNumber", value: { NSNumber(value: false) }, expected: .bool(false)),
        Case(name: "Data", value: { Data([1, 2]) }, expected: .data(Data([1, 2]))),
        Case(
            name: "Date",
            value: { Date(timeIntervalSince1970: 60) },
            expected: .date(Date(timeIntervalSince1970: 60))
        ),
        Case(name: "NSNull", value: { NSNull() }, expected: .null),
        Case(name: "array", value: { [1, "a"] as [Any] }, expected: [1, "a"]),
        Case(
            name: "NSDictionary with NSString keys",
            value: { NSDictionary(dictionary: ["content-available": 1]) },
            expected: ["content-available": 1]
        ),
        Case(name: "an object that is no property-list value", value: { NSObject() }, expected: nil),
    ]

    @Test("A platform value becomes the matching user-info value", arguments: cases)
    func convertsPlatformValues(_ testCase: Case) {
        #expect(UserInfoValue(propertyListValue: testCase.value()) == testCase.expected)
    }

    @Test("A push payload keeps its string keys and nested values and drops what it cannot convert")
    func convertsPayloads() {
        let payload: [AnyHashable: Any] = [
            NSString(string: "aps"): ["content-available": NSNumber(value: 1), "badge": 3] as [String: Any],
            "orderID": "A-17",
            "handler": NSObject(),
            42: "numeric key",
        ]
        let userInfo = UserInfo(propertyList: payload)
        #expect(userInfo == ["aps": ["content-available": 1, "badge": 3], "orderID": "A-17"])
        #expect(RemoteNotification(userInfo: userInfo).isContentAvailable)
    }

    @Test("A whole double survives a trip through a property list and JSON, as the platform stores it")
    func wholeDoubleRoundTrip() throws {
        let userInfo: UserInfo = ["price": .double(2), "count": .int(2)]
        let plist = try PropertyListSerialization.data(
            fromPropertyList: userInfo.propertyList,
            format: .binary,
            options: 0
        )
        let fromPlist = try #require(
            try PropertyListSerialization.propertyList(from: plist, format: nil) as? [AnyHashable: Any]
        )
        #expect(UserInfo(propertyList: fromPlist) == userInfo)
        let json = try JSONSerialization.data(withJSONObject: userInfo.propertyList)
        let fromJSON = try #require(try JSONSerialization.jsonObject(with: json) as? [AnyHashable: Any])
        #expect(UserInfo(propertyList: fromJSON)["count"] == .int(2))
    }

    @Test("User info goes back to the platform as property-list values")
    func convertsBack() {
        let userInfo: UserInfo = ["id": "A-17", "count": 2, "flags": [true, nil], "nested": ["x": 1.5]]
        let roundTripped = UserInfo(propertyList: userInfo.propertyList)
        #expect(roundTripped == userInfo)
        #expect(userInfo.propertyList["id"] as? String == "A-17")
        #expect((userInfo.propertyList["flags"] as? [Any])?.last is NSNull)
    }
}
