from billing.render.base import Renderer, Style


class HtmlRenderer(Renderer):
    def on_enter(self, context):  # @def(htmlEnter, "on_enter") @nocallers(htmlEnter)
        context = super().on_enter(context)  # @site(htmlSuper, "on_enter") @call(htmlEnter, baseEnter, htmlSuper)
        return Style("red").apply(context)  # @site(htmlApply, "apply") @call(htmlEnter, styleApply, htmlApply)
