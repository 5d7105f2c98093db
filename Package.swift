// swift-tools-version:6.1
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
    // The minimums of the Synchronization module (Mutex, Atomic), the newest
    // API the library uses. Linux is what CI builds and tests; the Apple
    // platforms are declared, not tested.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "NoticeHub", targets: ["NoticeHub"]),
        .library(name: "NoticeNews", targets: ["NoticeNews"]),
        // Replay-based tests: fixtures in throwaway journals, recordings to compare.
        .library(name: "NoticeHubTesting", targets: ["NoticeHubTesting"]),
        // The checks every journal backend passes, for a backend's own tests.
        .library(name: "NoticeJournalConformance", targets: ["NoticeJournalConformance"]),
        // The PostgreSQL journal; empty unless the `Postgres` trait is on.
        .library(name: "NoticeHubPostgres", targets: ["NoticeHubPostgres"]),
        // A hub's work as a swift-service-lifecycle Service; empty unless the
        // `ServiceLifecycle` trait is on.
        .library(name: "NoticeHubServiceLifecycle", targets: ["NoticeHubServiceLifecycle"]),
        // noticectl's commands, for an app's own tool that carries its projections.
        .library(name: "NoticeHubCommands", targets: ["NoticeHubCommands"]),
        .executable(name: "noticectl", targets: ["noticectl"]),
        // The benchmark, a tool of its own beside the user's noticectl.
        .executable(name: "noticehub-bench", targets: ["noticehub-bench"]),
    ],
    traits: [
        // Off by default: users who embed SQLite resolve and build no SwiftNIO.
        .trait(name: "Postgres", description: "The PostgreSQL journal (NoticeHubPostgres), through postgres-nio."),
        // Off by default: it brings swift-service-lifecycle and swift-async-algorithms.
        .trait(
            name: "ServiceLifecycle",
            description: "NoticeHubService: a hub's followers, subscribers and responders stop with a server."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // TLS to the server (sslmode=require, verify-ca, verify-full).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // Trace context carried in notices' metadata; no dependencies of its own.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `swift package generate-documentation` builds the DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            // SQLite 3.37 or newer (SQLiteLibrary.minimumVersion).
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]
        ),
        // zlib, for the gzip files noticectl writes (archives) and reads (import).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"]), .yum(["zlib-devel"])]
        ),
        // The system calls Swift cannot make itself: the asymmetric fence that lets a
        // delivery skip atomic read-modify-writes (membarrier), and a word threads
        // sleep on until one call wakes them all (futex, os_sync_wait_on_address).
        .target(name: "CSystemShims"),
        // A general Codable JSON coder that keeps key order: payloads and export lines.
        .target(
            name: "NoticeJSON",
            swiftSettings: strictSettings
        ),
        // The SQLite wrapper: the only Swift code that calls the C API.
        .target(
            name: "NoticeSQLite",
            dependencies: ["CSQLite"],
            swiftSettings: strictSettings
        ),
        // The core: the hub, delivery, requests, projections, the journal's writer and
        // reader, and the backend contract, with no storage of its own. swift-log,
        // swift-metrics and swift-distributed-tracing are the packages it depends on: none
        // has dependencies of its own, so embedded users still fetch no SwiftNIO.
        .target(
            name: "NoticeHubCore",
            dependencies: [
                "NoticeJSON", "CSystemShims", .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strictSettings
        ),
        // The SQLite backend of the journal protocol, the embedded default.
        .target(
            name: "NoticeHubSQLite",
            dependencies: ["NoticeHubCore", "NoticeJSON", "NoticeSQLite"],
            swiftSettings: strictSettings
        ),
        // `import NoticeHub`: the core and its SQLite default, in one import.
        .target(
            name: "NoticeHub",
            dependencies: ["NoticeHubCore", "NoticeHubSQLite"],
            swiftSettings: strictSettings
        ),
        // The PostgreSQL backend of the journal protocol. Every dependency on
        // postgres-nio, swift-nio-ssl and swift-log is conditioned on the trait, so without it
        // SwiftPM neither fetches nor builds them.
        .target(
            name: "NoticeHubPostgres",
            dependencies: [
                "NoticeHub", "NoticeJSON",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["Postgres"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
            ],
            swiftSettings: strictSettings
        ),
        // Every dependency on swift-service-lifecycle is conditioned on its trait.
        .target(
            name: "NoticeHubServiceLifecycle",
            dependencies: [
                "NoticeHub",
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycle"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeHubTesting",
            dependencies: ["NoticeHub"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeJournalConformance",
            dependencies: ["NoticeHub"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeNews",
            dependencies: ["NoticeHub"],
            swiftSettings: strictSettings
        ),
        // The source documents' scenarios, run by `noticectl demo`.
        .target(
            name: "NoticeDemos",
            dependencies: ["NoticeHub", "NoticeNews"],
            path: "Examples/NoticeDemos",
            swiftSettings: strictSettings
        ),
        // The append anchor written in C, on a table of its own making.
        .target(
            name: "CBenchAnchor",
            dependencies: ["CSQLite"],
            path: "Benchmarks/CBenchAnchor"
        ),
        // `noticehub-bench`'s workloads, each beside its anchor. The raw anchors call
        // SQLite's C API and postgres-nio directly, on purpose.
        .target(
            name: "NoticeBench",
            dependencies: [
                "NoticeHub", "NoticeHubPostgres", "NoticeNews", "CSQLite", "CBenchAnchor",
                // The state workloads stamp each commit through the hub's metrics.
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ],
            path: "Benchmarks/NoticeBench",
            swiftSettings: strictSettings
        ),
        .target(
            name: "NoticeHubCommands",
            dependencies: [
                "CZlib",
                "NoticeHub",
                "NoticeJSON",
                "NoticeHubPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "noticectl",
            dependencies: [
                "NoticeHubCommands",
                "NoticeNews",
                "NoticeDemos",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "noticehub-bench",
            dependencies: [
                "NoticeBench", "NoticeHub", "NoticeHubPostgres",
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
            dependencies: [
                "NoticeHub", "NoticeHubCore", "NoticeHubSQLite", "NoticeJSON", "NoticeSQLite", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "NoticeTortureChild",
            dependencies: ["NoticeHub", "NoticeHubSQLite", "NoticeNews"],
            path: "Tests/TortureChild",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "NoticeHub", "NoticeHubCore", "NoticeHubSQLite", "NoticeJSON", "NoticeSQLite", "NoticeNews",
                "NoticeTortureChild", "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        // One suite, run against every backend this build has: SQLite always,
        // PostgreSQL with the trait and a server (NOTICEHUB_TEST_POSTGRES_URL).
        .testTarget(
            name: "JournalConformanceTests",
            dependencies: [
                "NoticeHub", "NoticeHubCore", "NoticeHubSQLite", "NoticeJournalConformance", "NoticeHubPostgres",
                "NoticeNews", "NoticeSQLite",
                "TestSupport",
            ],
            // Journals written by an earlier release, which each backend must open.
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeHubPostgresTests",
            dependencies: [
                "NoticeHub", "NoticeHubCore", "NoticeHubSQLite", "NoticeHubPostgres", "TestSupport",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
            ],
            swiftSettings: strictSettings
        ),
        // Runs with the trait: swift test --traits ServiceLifecycle.
        .testTarget(
            name: "NoticeHubServiceLifecycleTests",
            dependencies: [
                "NoticeHub", "NoticeHubCore", "NoticeHubSQLite", "NoticeHubServiceLifecycle", "TestSupport",
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycle"])),
                .product(
                    name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle",
                    condition: .when(traits: ["ServiceLifecycle"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeJSONTests",
            dependencies: ["NoticeJSON", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeSQLiteTests",
            dependencies: ["NoticeSQLite", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeNewsTests",
            dependencies: [
                "NoticeNews", "NoticeHub", "NoticeHubCore", "NoticeHubSQLite", "NoticeHubPostgres", "NoticeHubTesting",
                "TestSupport",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticeDemosTests",
            dependencies: ["NoticeDemos", "NoticeNews", "NoticeHub", "NoticeHubCore", "NoticeHubSQLite"],
            exclude: ["Expected"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NoticectlTests",
            // The executable dependency builds `noticectl`, which the tests run as a user would.
            dependencies: [
                "noticectl", "noticehub-bench", "NoticeDemos", "NoticeHub", "NoticeHubCommands", "NoticeHubCore",
                "NoticeHubSQLite", "NoticeHubPostgres", "NoticeNews", "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
    ]
)
