import uuid


def make_id():  # @def(innerMakeId, "make_id")
    return uuid.uuid4().hex
