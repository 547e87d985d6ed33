import CofferCore
import Foundation
import Testing

@Suite struct ProcessEnvironmentTests {
  @Test func theVariablesAreThoseOfTheEnvironmentCoffersReads() {
    setenv("XDG_STATE_HOME", "/tmp/coffer-state é", 1)
    unsetenv("NO_COLOR")
    let variables = ProcessEnvironment.variables()
    #expect(variables["XDG_STATE_HOME"] == "/tmp/coffer-state é")
    #expect(variables["NO_COLOR"] == nil)
    let expected = ProcessInfo.processInfo.environment.filter { ProcessEnvironment.names.contains($0.key) }
    #expect(variables == expected)
  }
}
