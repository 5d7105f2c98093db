/// How long a test waits for work that runs on Swift's shared pool of
/// threads: async observers, actors, the main actor's deliveries.
///
/// Swift Testing runs synchronous tests on that pool too. The tests that
/// block it (the PostgreSQL suite's, waiting on the server) can hold both of
/// a 2-core machine's threads for minutes, and work queued behind them runs
/// only when they are done, whatever the library does. A deadline beyond a
/// whole run (the PostgreSQL suite's runs about 6 minutes) lets such a test
/// pass late rather than fail; a delivery that never comes still fails it.
public enum SharedPool {
    /// Fifteen minutes, in seconds.
    public static let patience: Double = 900
}
