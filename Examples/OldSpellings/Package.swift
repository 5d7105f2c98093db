// swift-tools-version:6.1
import PackageDescription

/// An app's tests written against NoticeHub 0.2's spellings, which 0.3
/// renamed or moved: they build, with deprecation warnings only, and pass.
/// The spellings go in the release after 0.3; this package goes with them.
let package = Package(
    name: "OldSpellings",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "NoticeHub", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "OldSpellingsTests",
            dependencies: [.product(name: "NoticeHub", package: "NoticeHub")]
        )
    ]
)
