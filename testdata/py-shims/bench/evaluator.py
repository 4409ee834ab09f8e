import httpx


class QualityEvaluator:
    async def __aenter__(self) -> "QualityEvaluator":
        return self

    async def __aexit__(self, *args) -> None:
        return None

    async def evaluate(self, case, response):  # @def(qualityEvaluate, "evaluate")
        return case == response

    async def post(self, url):  # @def(evaluatorPost, "post") @nocallers(evaluatorPost)
        return url


class Judge:
    async def evaluate(self, case, response):  # @def(judgeEvaluate, "evaluate") @nocallers(judgeEvaluate)
        return False


async def run_one(case, response):  # @def(runOne, "run_one")
    # async with binds what __aenter__ returns: the evaluator itself
    async with QualityEvaluator() as evaluator:
        return await evaluator.evaluate(case, response)  # @site(evalSite, "evaluate") @call(runOne, qualityEvaluate, evalSite)


async def fetch(url):  # @def(fetch, "fetch")
    # an outside library's client: its post is never the project's
    async with httpx.AsyncClient() as client:
        return await client.post(url)
