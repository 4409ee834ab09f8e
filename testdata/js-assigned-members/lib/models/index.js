import { sequelize } from './db'
import { shareWith, unshare } from './shareWith'
import { remindLater } from './remind'

export const OfferShare = sequelize.define('offer_share')

Object.assign(OfferShare, {
  shareWith,
})

OfferShare.unshare = unshare

export const Reminder = sequelize.define('reminder')

Reminder.shareWith = remindLater // @module(modelsModule) @site(remindRef, "remindLater") @ref(modelsModule, remindLater, remindRef)
