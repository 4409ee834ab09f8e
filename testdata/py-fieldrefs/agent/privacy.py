# ciso-assistant's DataTransferViewSet.country (session 21): the sites below
# read or set an attribute named country that is data, or a class's own
# field; none is a possible reference of the view's method. entity is a
# typed local, so the extractor records its attribute reads as references
# (pyright lists them where it types the value); the graph cannot type
# what load_entity() returns, and grep parses the file to tell them apart.


class DataTransferViewSet:
    def country(self, request):  # @def(viewCountry, "country") @nocallers(viewCountry)
        return None


def load_entity(db):
    return db.first()


class DataTransfer:
    country = ""

    def __str__(self):
        return self.country if self.country else "?"


def populate(db):
    entity = load_entity(db)
    entity.country = "BE"
    if entity.country == "FR":
        return True
    return False
