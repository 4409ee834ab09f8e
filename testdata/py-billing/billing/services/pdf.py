def render_pdf(invoice):  # @def(render_pdf, "render_pdf")
    return f"pdf:{invoice['id']}"


def stamp(body):  # @def(stamp, "stamp")
    return body + "!"
