#if GeneratedCodecs
    import SwiftSyntax

    /// One stored property as synthesized `Codable` treats it: its key, its type, whether
    /// that type is spelled optional (encodeIfPresent, decodeIfPresent) and whether it is
    /// read back (not a `let` with an initial value).
    struct CodecField {
        let name: String
        let type: String
        let isOptional: Bool
        let isDecoded: Bool

        /// The statement writing the property into `writer`.
        var writeStatement: String {
            "try writer.\(isOptional ? "writeIfPresent" : "write")(self.\(escapedName), forKey: \(keyLiteral))"
        }

        /// The statement reading the property from `object`; nil when it is not read.
        var readStatement: String? {
            guard isDecoded else { return nil }
            let method = isOptional ? "decodeIfPresent" : "decode"
            let decoded = isOptional ? unwrappedType : type
            return "self.\(escapedName) = try object.\(method)((\(decoded)).self, forKey: \(keyLiteral))"
        }

        private var escapedName: String { "`\(name)`" }

        /// The key as a Swift string literal.
        private var keyLiteral: String {
            var literal = "\""
            for scalar in name.unicodeScalars {
                switch scalar {
                case "\"": literal += "\\\""
                case "\\": literal += "\\\\"
                default: literal.unicodeScalars.append(scalar)
                }
            }
            return literal + "\""
        }

        /// `T` of `T?`, `T!` or `Optional<T>`.
        private var unwrappedType: String { optionalWrapped ?? type }
        private let optionalWrapped: String?

        init(name: String, type: TypeSyntax, isDecoded: Bool) {
            self.name = name
            self.type = type.trimmedDescription
            self.isDecoded = isDecoded
            if let optional = type.as(OptionalTypeSyntax.self) {
                optionalWrapped = optional.wrappedType.trimmedDescription
            } else if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                optionalWrapped = optional.wrappedType.trimmedDescription
            } else if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
                let argument = generic.genericArgumentClause?.arguments.first,
                generic.genericArgumentClause?.arguments.count == 1
            {
                optionalWrapped = argument.argument.trimmedDescription
            } else {
                optionalWrapped = nil
            }
            isOptional = optionalWrapped != nil
        }

        /// The stored properties of `decl`, in declaration order; throws for what the
        /// macro cannot mirror.
        static func fields(of decl: StructDeclSyntax) throws -> [CodecField] {
            var fields: [CodecField] = []
            for member in decl.memberBlock.members {
                if let nested = member.decl.as(EnumDeclSyntax.self), nested.name.text == "CodingKeys" {
                    throw NoticeCodecError(
                        node: Syntax(nested),
                        message: "@NoticeCodec mirrors synthesized Codable; it cannot follow custom CodingKeys")
                }
                if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                    !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
                {
                    throw NoticeCodecError(
                        node: Syntax(function),
                        message: "@NoticeCodec mirrors synthesized Codable; it cannot follow a custom encode(to:)")
                }
                if let initializer = member.decl.as(InitializerDeclSyntax.self),
                    initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
                {
                    throw NoticeCodecError(
                        node: Syntax(initializer),
                        message: "@NoticeCodec mirrors synthesized Codable; it cannot follow a custom init(from:)")
                }
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                if variable.modifiers.contains(where: {
                    [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
                }) {
                    continue
                }
                let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
                for binding in variable.bindings {
                    if let accessors = binding.accessorBlock, isComputed(accessors) { continue }
                    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                        throw NoticeCodecError(
                            node: Syntax(binding), message: "@NoticeCodec needs each stored property named on its own")
                    }
                    guard let type = binding.typeAnnotation?.type else {
                        throw NoticeCodecError(
                            node: Syntax(binding),
                            message: "@NoticeCodec needs the type of '\(pattern.identifier.text)' written out")
                    }
                    var name = pattern.identifier.text
                    if name.hasPrefix("`") && name.hasSuffix("`") && name.count >= 2 {
                        name = String(name.dropFirst().dropLast())
                    }
                    fields.append(CodecField(name: name, type: type, isDecoded: !(isLet && binding.initializer != nil)))
                }
            }
            return fields
        }

        /// True for `{ get … }` and a bare getter body; false for observers (`willSet`,
        /// `didSet`), which a stored property may have.
        private static func isComputed(_ accessors: AccessorBlockSyntax) -> Bool {
            switch accessors.accessors {
            case .getter: return true
            case .accessors(let list):
                return list.contains {
                    [.keyword(.get), .keyword(._read), .keyword(.unsafeAddress)].contains(
                        $0.accessorSpecifier.tokenKind)
                }
            }
        }
    }
#endif
