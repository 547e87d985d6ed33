import ArgumentParser
import CofferShell

/// `--color auto|always|never`, read and checked by argument-parser from `ColorMode`.
extension ColorMode: ExpressibleByArgument {}
