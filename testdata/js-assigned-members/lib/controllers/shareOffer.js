import { OfferShare, Reminder } from '../models'

export async function shareOffer(offerId, contactId) { // @def(shareOffer, "shareOffer")
  await OfferShare.shareWith(offerId, contactId) // @site(shareSite, "shareWith") @call(shareOffer, shareWith, shareSite)
  await OfferShare.unshare(offerId, contactId) // @site(unshareSite, "unshare") @call(shareOffer, unshare, unshareSite)
  return Reminder.shareWith(offerId) // @site(remindSite, "shareWith") @call(shareOffer, remindLater, remindSite)
}
