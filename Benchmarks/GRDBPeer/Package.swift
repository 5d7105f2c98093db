// swift-tools-version:6.1
import PackageDescription

/// GRDB's `ValueObservation` beside NoticeHub's state observation, measured in
/// one process: a package of its own, so that GRDB is never a dependency of
/// NoticeHub. `scripts/bench-grdb-peer` builds and runs it in release.
let package = Package(
    name: "GRDBPeer",
    // NoticeHub's minimums.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(name: "NoticeHub", path: "../.."),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "grdb-peer",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NoticeHub", package: "NoticeHub"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        )
    ]
)
