#if GeneratedCodecs
    import SwiftCompilerPlugin
    import SwiftSyntaxMacros

    /// The compiler plugin that serves NoticeHub's macros.
    @main
    struct NoticeHubMacrosPlugin: CompilerPlugin {
        let providingMacros: [any Macro.Type] = [NoticeCodecMacro.self]
    }
#else
    /// Without the `GeneratedCodecs` trait no target loads this plugin, but
    /// `swift build` still builds every target: an empty entry point.
    @main
    enum NoticeHubMacrosPlugin {
        static func main() {}
    }
#endif
