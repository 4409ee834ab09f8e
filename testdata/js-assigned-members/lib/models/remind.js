export function remindLater(offerId) { // @def(remindLater, "remindLater")
  return offerId
}
