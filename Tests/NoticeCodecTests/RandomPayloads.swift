#if GeneratedCodecs
    import Foundation
    import TestSupport

    /// Random values at the edges the coders care about: escapes and every plane of
    /// Unicode in strings, integers at their limits, doubles at theirs (zero of both signs,
    /// subnormals, the largest finite, the shortest and longest decimal texts).
    struct RandomPayloads {
        var rng: SeededGenerator

        init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

        mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &rng) == 0 }

        mutating func string() -> String {
            let length = Int.random(in: 0...24, using: &rng)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length {
                let pick = Int.random(in: 0..<8, using: &rng)
                let value: UInt32
                switch pick {
                case 0: value = UInt32.random(in: 0...0x1F, using: &rng) // controls
                case 1: value = [0x22, 0x5C, 0x2F, 0x7F].randomElement(using: &rng)! // " \ / DEL
                case 2: value = UInt32.random(in: 0x80...0x7FF, using: &rng)
                case 3: value = UInt32.random(in: 0x800...0xD7FF, using: &rng)
                case 4: value = UInt32.random(in: 0xE000...0xFFFF, using: &rng)
                case 5: value = UInt32.random(in: 0x1_0000...0x10_FFFF, using: &rng)
                default: value = UInt32.random(in: 0x20...0x7E, using: &rng)
                }
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            return String(scalars)
        }

        mutating func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return .min
            case 1: return .max
            case 2: return 0
            case 3: return T(truncatingIfNeeded: Int8.random(in: .min ... .max, using: &rng))
            default: return T.random(in: .min ... .max, using: &rng)
            }
        }

        mutating func double() -> Double {
            let edges: [Double] = [
                0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, 1e21, 1e-7, Double(1 << 53).nextUp,
                Double(Int64.max), 2.2250738585072014e-308,
            ]
            if chance(3) { return edges.randomElement(using: &rng)! }
            while true {
                let value = Double(bitPattern: rng.next())
                if value.isFinite { return value }
            }
        }

        mutating func float() -> Float {
            if chance(3) {
                return [Float(0), -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, Float(1 << 24).nextUp]
                    .randomElement(using: &rng)!
            }
            while true {
                let value = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
                if value.isFinite { return value }
            }
        }

        mutating func array<T>(_ element: (inout RandomPayloads) -> T) -> [T] {
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in element(&self) }
        }

        mutating func inner() -> Inner {
            Inner(name: string(), score: chance(2) ? nil : double())
        }

        mutating func codableOnly() -> CodableOnly {
            CodableOnly(a: integer(), b: chance(2) ? [:] : [string(): integer()])
        }

        mutating func everyField() -> EveryField {
            EveryField(
                text: string(), int: integer(), int8: integer(), int16: integer(), int32: integer(),
                int64: integer(), uint: integer(), uint8: integer(), uint16: integer(), uint32: integer(),
                uint64: integer(), double: double(), float: float(), flag: chance(2),
                note: chance(2) ? nil : string(), count: chance(2) ? nil : integer(),
                tags: array { $0.string() }, matrix: array { $0.array { $0.double() } },
                gaps: array { $0.chance(2) ? nil : $0.integer() }, inner: inner(),
                innerMaybe: chance(2) ? nil : inner(), inners: array { $0.inner() }, legacy: codableOnly(),
                legacyMaybe: chance(2) ? nil : codableOnly(),
                at: Date(
                    timeIntervalSince1970: Double(
                        Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &rng)) / 1000),
                default: chance(2))
        }
    }
#endif
