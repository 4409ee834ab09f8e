import { sequelize } from './db'
import { shareWith, unshare } from './shareWith'

export const OfferShare = sequelize.define('offer_share')

Object.assign(OfferShare, {
  shareWith,
})

OfferShare.unshare = unshare
