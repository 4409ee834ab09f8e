from .records import aggregate as _reliability_aggregate
from app.bully import records as al
from app.bully import records as blend


def run_chain(model: str) -> dict:  # @def(runChain, "run_chain")
    # an aliased import's call gives what the function declares
    metrics = _reliability_aggregate(model)  # @site(aggSite, "_reliability_aggregate") @call(runChain, aggregate, aggSite)
    return {"reliability": metrics.to_dict()}  # @site(metricsSite, "to_dict") @call(runChain, metricsToDict, metricsSite)


def _concern(**overrides):  # @def(concernHelper, "_concern")
    # unannotated: returns what raise_concern returns, as pyright infers it
    return al.raise_concern(entity="jsmith", **overrides)  # @site(raiseSite, "raise_concern") @call(concernHelper, raiseConcern, raiseSite)


def test_concern_round_trip():  # @def(testConcern, "test_concern_round_trip")
    concern = _concern()  # @site(helperSite, "_concern") @call(testConcern, concernHelper, helperSite)
    return concern.to_dict()  # @site(concernSite, "to_dict") @call(testConcern, concernToDict, concernSite)


def test_blend():  # @def(testBlend, "test_blend")
    # tuple[list[...], dict[str, Profile]]: the second place is a mapping of Profiles
    records, provenance = blend.compose_blend()  # @site(blendSite, "compose_blend") @call(testBlend, composeBlend, blendSite)
    return {k: v.to_dict() for k, v in provenance.items()}  # @site(provSite, "to_dict") @call(testBlend, profileToDict, provSite)
