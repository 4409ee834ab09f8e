import uuid


def make_id():  # @def(outerMakeId, "make_id")
    return uuid.uuid4().hex
