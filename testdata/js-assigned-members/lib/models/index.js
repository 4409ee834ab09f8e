import { sequelize } from './db'
import { remindLater } from './remind'
import { OfferShare } from './OfferShare'

export const Reminder = sequelize.define('reminder')

Reminder.shareWith = remindLater // @module(modelsModule) @site(remindRef, "remindLater") @ref(modelsModule, remindLater, remindRef)

export { OfferShare }
