/// Where a demo prints its lines.
public typealias DemoOutput = @Sendable (String) -> Void

/// The source documents' scenarios, runnable by name (`noticectl demo NAME`).
public enum Demo: String, CaseIterable, Sendable {
    case musketeers, airplanes, components, news
    case searchHistory = "search-history"
    case datePlanner = "date-planner"

    /// Runs the scenario, printing exactly the document's lines to `output`.
    public func run(output: @escaping DemoOutput) async throws {
        switch self {
        case .musketeers: MusketeersDemo.run(output: output)
        case .airplanes: AirplanesDemo.run(output: output)
        case .components: try ComponentsDemo.run(output: output)
        case .news: try NewsDemo.run(output: output)
        case .searchHistory: try SearchHistoryDemo.run(output: output)
        case .datePlanner: await DatePlannerDemo.run(output: output)
        }
    }
}
