// swift-tools-version:6.1
import PackageDescription

/// The root package's strictness: every target opts into the checks that
/// later Swift versions turn on by default.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A journal backend written outside NoticeHub, against its public API only:
/// it depends on the `NoticeHub` product as any other package would, and its
/// tests run the shipped conformance checks (`NoticeJournalConformance`).
let package = Package(
    name: "InMemoryJournal",
    // The root package's minimums: those of the Synchronization module (Mutex).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "InMemoryJournal", targets: ["InMemoryJournal"])
    ],
    dependencies: [
        .package(name: "NoticeHub", path: "../..")
    ],
    targets: [
        .target(
            name: "InMemoryJournal",
            dependencies: [.product(name: "NoticeHub", package: "NoticeHub")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InMemoryJournalTests",
            dependencies: [
                "InMemoryJournal",
                .product(name: "NoticeHub", package: "NoticeHub"),
                .product(name: "NoticeJournalConformance", package: "NoticeHub"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
