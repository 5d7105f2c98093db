import Tracing

/// How a hub carries trace context through its journal, with
/// swift-distributed-tracing: a journaled post stores the poster's context
/// in the notice's ``Notice/metadata``, a request across processes and its
/// answer are spans, and what the journal delivers to another process runs
/// in the context its notice carries, so its handlers' posts continue the
/// trace. See <doc:JournalAndDurability#Tracing>.
///
/// A hub made while no tracer is bootstrapped (`NoOpTracer`) holds none, so
/// posting checks one nil reference and writes nothing. A class, so that the
/// check is a pointer's: an optional struct holding the tracer's existential
/// was tested and copied through its value witnesses, about 30 instructions
/// a post without a tracer.
final class HubTracing: Sendable {
    let tracer: any Tracer

    private init(tracer: any Tracer) {
        self.tracer = tracer
    }

    /// `tracer`, or the bootstrapped one when nil; nil when that is
    /// swift-distributed-tracing's no-op tracer.
    static func make(_ tracer: (any Tracer)?) -> HubTracing? {
        let tracer = tracer ?? InstrumentationSystem.tracer
        if tracer is NoOpTracer { return nil }
        return HubTracing(tracer: tracer)
    }

    /// `metadata` with `context` (by default the current one) injected, as
    /// the tracer's propagation writes it.
    func injecting(
        _ context: ServiceContext? = ServiceContext.current, into metadata: NoticeMetadata
    ) -> NoticeMetadata {
        guard let context else { return metadata }
        var injected = metadata
        tracer.inject(context, into: &injected, using: MetadataPropagation())
        return injected
    }

    /// The context `notice` carries, or nil when it carries no metadata.
    func context(of notice: Notice) -> ServiceContext? {
        guard !notice.metadata.isEmpty else { return nil }
        var context = ServiceContext.topLevel
        tracer.extract(notice.metadata, into: &context, using: MetadataPropagation())
        return context
    }

    /// Runs `body` in the context `notice` carries, when it carries one.
    func withContext<T>(of notice: Notice, _ body: () throws -> T) rethrows -> T {
        guard let context = context(of: notice) else { return try body() }
        return try ServiceContext.withValue(context, operation: body)
    }
}

/// Trace context in and out of a notice's metadata, a field per key the
/// tracer's propagation uses (`traceparent`, `tracestate` for W3C).
struct MetadataPropagation: Injector, Extractor {
    func inject(_ value: String, forKey key: String, into carrier: inout NoticeMetadata) {
        carrier[key] = value
    }

    func extract(key: String, from carrier: NoticeMetadata) -> String? {
        carrier[key]
    }
}
