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


class Verdict:
    def to_dict(self):  # @def(verdictToDict, "to_dict")
        return {}


class Handoff:
    def to_dict(self):  # @def(handoffToDict, "to_dict")
        return {}


class Outcome:
    def to_dict(self):  # @def(outcomeToDict, "to_dict")
        return {}


def run_three(flag) -> Verdict | Handoff | Outcome:
    return Outcome() if flag else Verdict()


def capture(flag):
    result = run_three(flag)
    return result


def round_trip(flag):  # @def(roundTrip, "round_trip")
    # three classes are each of them, not the last: the call is each
    # one's to_dict, as pyright lists it
    handoff = capture(flag)
    return handoff.to_dict()  # @site(roundTripSite, "to_dict") @call(roundTrip, verdictToDict, roundTripSite) @call(roundTrip, handoffToDict, roundTripSite) @call(roundTrip, outcomeToDict, roundTripSite)


def expert_round_trip(flag):  # @def(expertRoundTrip, "expert_round_trip")
    # assert isinstance narrows the union to one class, as pyright does
    handoff = capture(flag)
    assert isinstance(handoff, Handoff)
    return handoff.to_dict()  # @site(expertSite, "to_dict") @call(expertRoundTrip, handoffToDict, expertSite)


def describe(value):  # @def(describeValue, "describe")
    if isinstance(value, Verdict):
        return value.to_dict()  # @site(describeSite, "to_dict") @call(describeValue, verdictToDict, describeSite)
    return None
