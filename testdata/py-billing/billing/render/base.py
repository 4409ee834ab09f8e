class Renderer:
    def on_enter(self, context):  # @def(baseEnter, "on_enter")
        return context

    def render(self, context):  # @def(baseRender, "render")
        return self.on_enter(context)  # @site(renderEnter, "on_enter") @call(baseRender, baseEnter, renderEnter)


class Style:
    def __init__(self, color):
        self.color = color

    def apply(self, text):  # @def(styleApply, "apply")
        return f"{self.color}:{text}"
