class ExpandTool:
    def run(self, arguments, context):  # @def(toolRun, "run")
        return arguments


class Requirements:
    def refusal(self):  # @def(requirementsRefusal, "refusal") @nocallers(requirementsRefusal)
        return "unsupported"
