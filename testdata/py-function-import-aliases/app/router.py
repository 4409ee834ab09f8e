def generate_bdd(body):  # @def(generateBddRoute, "generate_bdd")
    # the alias is bound in this function only
    from app.gen import generate_bdd_scenarios as _generate

    return _generate(body, None)  # @site(g1, "_generate") @call(generateBddRoute, generateBdd, g1)


async def run_stream(body):  # @def(runStream, "run_stream")
    async def _generate():  # @def(nestedGenerate, "_generate")
        yield "x"

    return list(_generate())  # @site(n1, "_generate") @call(runStream, nestedGenerate, n1)


def no_binding(body):
    # neither the alias nor the nested def is bound here: a NameError
    return body
