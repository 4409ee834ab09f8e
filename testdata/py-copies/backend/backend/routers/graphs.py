from ids import make_id
from core.llm import get_writer


def create_graph():  # @def(innerCreate, "create_graph")
    return {"id": make_id()}  # @site(innerMakeIdSite, "make_id") @call(innerCreate, innerMakeId, innerMakeIdSite)


def describe_scene(scene):  # @def(innerScene, "describe_scene")
    writer = get_writer()
    return writer.describe(scene)  # @site(innerDescribeSite, "describe") @call(innerScene, innerDescribe, innerDescribeSite)
