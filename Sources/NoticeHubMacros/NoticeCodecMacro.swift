#if GeneratedCodecs
    import SwiftDiagnostics
    import SwiftSyntax
    import SwiftSyntaxBuilder
    import SwiftSyntaxMacros

    /// `@NoticeCodec`: a struct's `NoticeJSONCodable` conformance, written from its stored
    /// properties as the compiler's synthesized `Codable` conformance encodes them.
    struct NoticeCodecMacro: ExtensionMacro {
        static func expansion(
            of node: AttributeSyntax,
            attachedTo declaration: some DeclGroupSyntax,
            providingExtensionsOf type: some TypeSyntaxProtocol,
            conformingTo protocols: [TypeSyntax],
            in context: some MacroExpansionContext
        ) throws -> [ExtensionDeclSyntax] {
            guard let structDecl = declaration.as(StructDeclSyntax.self) else {
                throw NoticeCodecError(node: Syntax(node), message: "@NoticeCodec applies to a struct")
            }
            let fields = try CodecField.fields(of: structDecl)
            let access = accessModifier(of: structDecl)
            let reads = fields.compactMap(\.readStatement)
            let readBody =
                reads.isEmpty
                ? "_ = try json.object(of: Self.self)"
                : (["var object = try json.object(of: Self.self)"] + reads).joined(separator: "\n")
            let extensionDecl = try ExtensionDeclSyntax(
                """
                extension \(type.trimmed): NoticeHubCore.NoticeJSONCodable {
                    \(raw: access)func writeNoticeJSON(to writer: inout NoticeHubCore.NoticeJSONWriter) throws {
                        writer.beginObject()
                \(raw: fields.map(\.writeStatement).joined(separator: "\n"))
                        writer.endObject()
                    }

                    \(raw: access)init(noticeJSON json: NoticeHubCore.NoticeJSONValue) throws {
                \(raw: readBody)
                    }
                }
                """
            )
            return [extensionDecl]
        }

        /// The members' access: that of the struct, so the conformance is as visible as it.
        private static func accessModifier(of decl: StructDeclSyntax) -> String {
            for modifier in decl.modifiers {
                switch modifier.name.tokenKind {
                case .keyword(.public), .keyword(.open): return "public "
                case .keyword(.package): return "package "
                default: continue
                }
            }
            return ""
        }
    }

    /// An error pointing at the declaration the macro cannot expand for.
    struct NoticeCodecError: Error, DiagnosticMessage, CustomStringConvertible {
        let node: Syntax
        let message: String
        var diagnosticID: MessageID { MessageID(domain: "NoticeHubMacros", id: "NoticeCodec") }
        var severity: DiagnosticSeverity { .error }
        var description: String { message }
    }
#endif
