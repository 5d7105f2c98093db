import Foundation

/// Resident memory from `/proc/self/status`, in bytes (Linux).
enum Memory {
    /// Current resident set.
    static var resident: Int { field("VmRSS") }
    /// Peak resident set since the last ``resetPeak()``.
    static var peak: Int { field("VmHWM") }

    /// Starts a new peak measurement (writes 5 to `/proc/self/clear_refs`).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return digits * 1024
        }
        return 0
    }
}
