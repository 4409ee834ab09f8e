from ids import make_id
from core.llm import get_writer


def create_graph():  # @def(outerCreate, "create_graph")
    return {"id": make_id()}  # @site(outerMakeIdSite, "make_id") @call(outerCreate, outerMakeId, outerMakeIdSite)


def describe_scene(scene):  # @def(outerScene, "describe_scene")
    writer = get_writer()
    return writer.describe(scene)  # @site(outerDescribeSite, "describe") @call(outerScene, outerDescribe, outerDescribeSite)
