import CofferCLI

CofferCommand.runProcess()
