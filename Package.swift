// swift-tools-version:6.0
import PackageDescription

/// Strictness from the first commit: every target opts into the checks that
/// later Swift versions turn on by default.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "NoticeHub",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NoticeHub", targets: ["NoticeHub"]),
        .library(name: "NoticeNews", targets: ["NoticeNews"]),
        .executable(name: "noticectl", targets: ["noticectl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The asymmetric fence that lets a delivery skip atomic read-modify-writes.
        .target(name: "CAsymmetricFence"),
        // A word threads sleep on until one call wakes them all (a futex on Linux,
        // os_sync_wait_on_address on macOS).
        .target(name: "CWaitWord"),
        .target(
            name: "NoticeHub",
            dependencies: ["CSQLite", "CAsymmetricFence", "CWaitWord"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeNews",
            dependencies: ["NoticeHub"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeDemos",
            dependencies: ["NoticeHub", "NoticeNews"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeBench",
            dependencies: ["NoticeHub", "NoticeNews", "CSQLite"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "noticectl",
            dependencies: [
                "NoticeHub",
                "NoticeNews",
                "NoticeDemos",
                "NoticeBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeHubTests",
            dependencies: ["NoticeHub", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "NoticeTortureChild",
            dependencies: ["NoticeHub", "NoticeNews"],
            path: "Tests/Support/TortureChild",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["NoticeHub", "NoticeNews", "NoticeTortureChild", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PayloadJSONTests",
            dependencies: ["NoticeHub", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SQLiteWrapperTests",
            dependencies: ["NoticeHub"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeNewsTests",
            dependencies: ["NoticeNews", "NoticeHub", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeDemosTests",
            dependencies: ["NoticeDemos", "NoticeNews", "NoticeHub"],
            exclude: ["Expected"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticectlTests",
            // The executable dependency builds `noticectl`, which the tests run as a user would.
            dependencies: ["noticectl", "NoticeDemos", "NoticeHub"],
            swiftSettings: strictSettings
        ),
    ]
)
