class Documents:
    def add_document(self, doc):  # @def(addDocument, "add_document") @nocallers(addDocument)
        return doc


PERMISSIONS = ['add_document', 'change_document']  # @mention(addDocument, "'add_document'")


def can_add(user):  # @def(can_add, "can_add")
    return user.has_perm('shop.add_document')  # @mention(addDocument, "'shop.add_document'")
