export async function shareWith(offerId, contactId) { // @def(shareWith, "shareWith")
  return [offerId, contactId]
}

export async function unshare(offerId, contactId) { // @def(unshare, "unshare")
  return [offerId, contactId]
}
